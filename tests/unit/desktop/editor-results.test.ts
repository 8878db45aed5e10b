/**
 * EDT-24: the sample-ratio-mismatch test and the results joined from the collector's summary,
 * read over a real loopback HTTP server standing in for the collector.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMergeableStore } from 'tinybase';
import { describe, expect, it } from 'vitest';
import { encodeProject } from '../../../desktop/shared/project-codec';
import { TABLES_SCHEMA } from '../../../desktop/shared/project-schema';
import { sampleRatioTest, sharesFromRanges } from '../../../desktop/shared/srm';
import { projectResults } from '../../../services/editor/results';
import type { OpenProject } from '../../../services/editor/workspace';

describe('sample ratio mismatch', () => {
  it('EDT-24 chi-square p-values match the distribution (1 and 2 degrees of freedom)', () => {
    // 1 df: chi2 = (550-500)^2/500 * 2 = 10 -> p = 0.001565
    expect(sampleRatioTest([550, 450], [1, 1]).pValue).toBeCloseTo(0.001565, 5);
    // 2 df: p = exp(-chi2 / 2); 100/100/130 of 330 at equal shares gives chi2 = 5.4545
    expect(sampleRatioTest([100, 100, 130], [1, 1, 1]).pValue).toBeCloseTo(Math.exp(-5.4545454 / 2), 5);
  });

  it('EDT-24 warns only under p < 0.001, and against the configured split', () => {
    expect(sampleRatioTest([5000, 5000], [5000, 5000]).mismatch).toBe(false);
    expect(sampleRatioTest([5300, 4700], [5000, 5000]).mismatch).toBe(true);
    expect(sampleRatioTest([8000, 2000], [8000, 2000]).mismatch).toBe(false);
    expect(sampleRatioTest([0, 0], [1, 1])).toMatchObject({ pValue: 1, mismatch: false });
    expect(sharesFromRanges([{ entityId: 'a', endOfRange: 2500 }, { entityId: 'b', endOfRange: 10000 }], ['a', 'b'])).toEqual([2500, 7500]);
  });
});

describe('project results', () => {
  it('EDT-24 joins the collector summary with the experiments and flags a skewed split', async () => {
    const summary = {
      visitors: 2000,
      eventsByKey: { buy: 40 },
      experiments: [{ experimentId: 'E', variations: [
        { variationId: 'A', visitors: 1200, decisions: 1300, conversions: 30, conversionsByEvent: { buy: 30 } },
        { variationId: 'B', visitors: 800, decisions: 820, conversions: 10, conversionsByEvent: { buy: 10 } },
      ] }],
    };
    const server = createServer((req, res) => {
      expect(req.url).toBe('/v1/summary?projectId=shop');
      res.end(JSON.stringify(summary));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const store = createMergeableStore();
    store.setTablesSchema(TABLES_SCHEMA as never);
    store.setTables(encodeProject({
      projectId: 'shop', accountId: 'a', revision: 1, events: [{ id: 'e', apiName: 'buy', name: 'Purchase', eventType: 'custom' }],
      layers: [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', name: 'Hero', variations: [{ id: 'A', name: 'Original', actions: [] }, { id: 'B', actions: [] }],
        weightDistributions: [{ entityId: 'A', endOfRange: 5000 }, { entityId: 'B', endOfRange: 10000 }] }] }],
    }) as never);
    try {
      const results = await projectResults({ meta: { projectId: 'shop' }, store } as unknown as OpenProject, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(results.events).toEqual(['buy']);
      expect(results.eventNames).toEqual({ buy: 'Purchase' });
      expect(results.experiments).toHaveLength(1);
      const [experiment] = results.experiments;
      expect(experiment.variations.map((row) => [row.name, row.share, row.visitors, row.conversions])).toEqual([['Original', 50, 1200, 30], ['B', 50, 800, 10]]);
      expect(experiment.variations.map((row) => row.byEvent)).toEqual([{ buy: 30 }, { buy: 10 }]);
      expect(experiment.srm.mismatch).toBe(true);
    } finally {
      server.close();
    }
  });
});
