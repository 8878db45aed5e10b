/**
 * EDT-24: the sample-ratio-mismatch test and the results joined from the collector's summary, read
 * in process from the real event store (SQLite in memory), as the services read it.
 */
import { createMergeableStore } from 'tinybase';
import { describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import { openEventStore } from '../../../services/collector/store';
import { encodeProject } from '../../../editor-model/project-codec';
import { TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { sampleRatioTest, sharesFromRanges } from '../../../editor-model/srm';
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

  it('EDT-24 a variation given 0 % of the traffic is left out of the test, which still warns on the others', () => {
    // fails when the zero-share filter is dropped: the paused variation's expected count is 0, the
    // chi-square NaN, and the warning silently off
    const skewed = sampleRatioTest([5300, 4700, 0], [5000, 5000, 0]);
    expect(skewed).toMatchObject({ degreesOfFreedom: 1, mismatch: true });
    expect(skewed.chiSquare).toBeCloseTo(36, 6);
    expect(sampleRatioTest([5000, 5000, 0], [5000, 5000, 0])).toMatchObject({ chiSquare: 0, mismatch: false });
  });
});

describe('project results', () => {
  it('EDT-24 joins the collector summary with the experiments and flags a skewed split', async () => {
    const events = await openEventStore();
    let uuid = 0;
    // 150 visitors decided into A and 50 into B on a 50/50 split; 30 of A's and 10 of B's then buy.
    const visit = (visitor: number, variation: string, buys: boolean): TrackerBatch => ({
      account_id: 'acc', anonymize_ip: true, client_name: 'js', client_version: '1', project_id: 'shop', revision: '1', enrich_decisions: true,
      visitors: [{ visitor_id: `v${visitor}`, session_id: 'AUTO', attributes: [], snapshots: [{
        decisions: [{ campaign_id: 'L', experiment_id: 'E', variation_id: variation, is_campaign_holdback: false }],
        events: [
          { entity_id: 'L', type: 'campaign_activated', timestamp: 100, uuid: `u${(uuid += 1)}` },
          ...(buys ? [{ entity_id: 'e', key: 'buy', type: 'custom', timestamp: 200, revenue: visitor % 2 ? 30 : 10, uuid: `u${(uuid += 1)}` }] : []),
        ],
      }] }],
    } as unknown as TrackerBatch);
    await events.add(Array.from({ length: 200 }, (_, index) => (index < 150 ? visit(index, 'A', index < 30) : visit(index, 'B', index < 160))), 1);
    const store = createMergeableStore();
    store.setTablesSchema(TABLES_SCHEMA);
    store.setTables(encodeProject({
      projectId: 'shop', accountId: 'a', revision: 1, events: [{ id: 'e', apiName: 'buy', name: 'Purchase', eventType: 'custom' }],
      layers: [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', name: 'Hero', variations: [{ id: 'A', name: 'Original', actions: [] }, { id: 'B', actions: [] }],
        weightDistributions: [{ entityId: 'A', endOfRange: 5000 }, { entityId: 'B', endOfRange: 10000 }] }] }],
    }) as never);
    try {
      const reader = { variationOutcomes: async (id: string) => events.variationOutcomes(id), summary: async (id: string) => events.summary(id) };
      const results = await projectResults({ meta: { projectId: 'shop' }, store } as unknown as OpenProject, reader);
      expect(results.events).toEqual(['buy']);
      expect(results.eventNames).toEqual({ buy: 'Purchase' });
      expect(results.experiments).toHaveLength(1);
      const [experiment] = results.experiments;
      expect(experiment.variations.map((row) => [row.name, row.share, row.visitors, row.conversions])).toEqual([['Original', 50, 150, 30], ['B', 50, 50, 10]]);
      expect(experiment.variations.map((row) => row.byEvent)).toEqual([{ buy: 30 }, { buy: 10 }]);
      expect(experiment.srm.mismatch).toBe(true);
      // A's buyers are v0..v29 (15 spend 10, 15 spend 30), B's v150..v159 (5 and 5): per-visitor sums.
      expect(experiment.variations.map((row) => row.statistics.buy)).toEqual([
        { conversions: 30, revenue: { sum: 15 * 10 + 15 * 30, sumOfSquares: 15 * 100 + 15 * 900 } },
        { conversions: 10, revenue: { sum: 5 * 10 + 5 * 30, sumOfSquares: 5 * 100 + 5 * 900 } },
      ]);
      // Nothing published: not live; all 200 decided within the same millisecond, counted over one day.
      expect(experiment.state).toBe('not-published');
      expect(experiment.dailyVisitors).toBe(200);
      expect(results.live).toBeNull();
      const revision = (kind: 'publish' | 'rollback', experiments: unknown[], from?: number) =>
        ({ revision: 3, kind, note: '', time: '', sizes: null, snippet: null, ...(from && { from }), data: { layers: [{ id: 'L', experiments }] } });
      const project = { meta: { projectId: 'shop' }, store } as unknown as OpenProject;
      const live = await projectResults(project, reader, revision('publish', [{ id: 'E' }]), 100 + 4 * 86_400_000);
      expect(live.experiments[0]).toMatchObject({ state: 'live', dailyVisitors: 50 });
      expect(live.live).toEqual({ revision: 3, kind: 'publish' });
      expect((await projectResults(project, reader, revision('publish', [{ id: 'E', concluded: true }]))).experiments[0].state).toBe('concluded');
      expect((await projectResults(project, reader, revision('publish', []))).experiments[0].state).toBe('not-published');
      const rolledBack = await projectResults(project, reader, revision('rollback', [], 1));
      expect(rolledBack.experiments[0].state).toBe('rolled-back');
      expect(rolledBack.live).toEqual({ revision: 3, kind: 'rollback', from: 1 });
    } finally {
      await events.close();
    }
  });
});
