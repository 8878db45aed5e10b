import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariationOutcome } from '../../../services/context';
import { startServices, type RunningServices } from '../../../services/index';
import { posterior, sampleBeta, thompsonChoose } from '../../../services/prediction/thompson';
import { createRouter } from '../../../services/router';
import { predictRoutes } from '../../../services/routes/predict';
import { createServicesSecurity } from '../../../services/http/security';
import { openEventStore } from '../../../services/collector/store';

const instance = (overrides: Record<string, unknown> = {}) => ({
  visitorId: 'visitor-1',
  experimentId: 'exp-1',
  cmabUUID: 'uuid-1',
  variationIds: ['va', 'vb', 'vc'],
  attributes: [{ id: 'attr-1', type: 'custom_attribute', value: 'gold', client_api_name: 'tier' }],
  dcpCustomerIds: [],
  dcpServiceId: null,
  ...overrides,
});
const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('prediction service on the real local services', () => {
  let services: RunningServices;
  beforeAll(async () => {
    services = await startServices({ port: 0 });
  });
  afterAll(() => services.close());

  it('CMAB-2 CMAB-5 POST /predict/:experimentId answers 200 with predictions[0].variation_id, one of the variations', async () => {
    const response = await post(services.url, '/predict/exp-1', { instances: [instance()] });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as { predictions: Array<{ variation_id: string; cmabUUID: string }> };
    expect(answer.predictions).toHaveLength(1);
    expect(['va', 'vb', 'vc']).toContain(answer.predictions[0].variation_id);
    expect(answer.predictions[0].cmabUUID).toBe('uuid-1');
  });

  it('CMAB-3 CMAB-4 a malformed body is refused with 400 and the reason', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /not valid JSON/],
      [[], /JSON object/],
      [{ instances: [] }, /instances must be a non-empty list/],
      [{ instances: [instance({ experimentId: 'other' })] }, /experimentId must be the experiment of the path/],
      [{ instances: [instance({ variationIds: [] })] }, /variationIds/],
      [{ instances: [instance({ cmabUUID: undefined })] }, /cmabUUID/],
      [{ instances: [instance({ attributes: [{ id: 'a', type: 't', value: 1 }] })] }, /client_api_name/],
      [{ instances: [instance({ dcpCustomerIds: 'x' })] }, /dcpCustomerIds/],
      [{ instances: [instance({ dcpServiceId: 5 })] }, /dcpServiceId/],
    ];
    for (const [body, reason] of cases) {
      const response = await post(services.url, '/predict/exp-1', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(reason);
    }
  });

  it('answers CORS preflights and refuses other methods', async () => {
    expect((await fetch(`${services.url}/predict/exp-1`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${services.url}/predict/exp-1`)).status).toBe(405);
  });

  it('CMAB-1 without data, Thompson sampling explores every variation', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const answer = (await (await post(services.url, '/predict/exp-fresh', { instances: [instance({ experimentId: 'exp-fresh' })] })).json()) as { predictions: Array<{ variation_id: string }> };
      seen.add(answer.predictions[0].variation_id);
    }
    expect([...seen].sort()).toEqual(['va', 'vb', 'vc']);
  });
});

describe('Thompson sampling policy', () => {
  it('CMAB-1 exploits the variation the collector saw converting best (route with an event store)', async () => {
    // The collector's real store (SQLite in memory) with 500 visitors decided into each variation, of
    // whom 25, 150 and 30 then bought.
    const events = await openEventStore();
    const converting: Record<string, number> = { va: 25, vb: 150, vc: 30 };
    const batches = Object.entries(converting).flatMap(([variation, buyers]) =>
      Array.from({ length: 500 }, (_, index) => ({
        account_id: 'acc', project_id: 'p', client_name: 'js', client_version: '1', revision: '1',
        visitors: [{ visitor_id: `${variation}-${index}`, session_id: 'AUTO', attributes: [], snapshots: [{
          decisions: [{ campaign_id: 'L', experiment_id: 'exp-1', variation_id: variation, is_campaign_holdback: false }],
          events: [
            { entity_id: 'L', type: 'campaign_activated', timestamp: 1, uuid: `${variation}-${index}-d` },
            ...(index < buyers ? [{ entity_id: 'e', key: 'buy', type: 'custom', timestamp: 2, uuid: `${variation}-${index}-b` }] : []),
          ],
        }] }],
      })),
    );
    await events.add(batches as never, 1);
    const outcomes: VariationOutcome[] = await events.variationOutcomes('exp-1');
    expect(outcomes.map((row) => [row.variationId, row.visitors, row.conversions]).sort()).toEqual([['va', 500, 25], ['vb', 500, 150], ['vc', 500, 30]]);
    const router = createRouter();
    predictRoutes(router, { snippetsDir: '', dataDir: null, security: createServicesSecurity(), events });
    const server = createServer((req, res) => void router.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = (await (await post(base, '/predict/exp-1', { instances: Array.from({ length: 50 }, (_, i) => instance({ cmabUUID: `u${i}` })) })).json()) as {
        predictions: Array<{ variation_id: string }>;
      };
      const picks = answer.predictions.map((p) => p.variation_id);
      expect(picks.filter((id) => id === 'vb').length).toBeGreaterThanOrEqual(48);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await events.close();
    }
  });

  it('uses Beta(1 + conversions, 1 + failures) posteriors whose draws have the right mean', () => {
    expect(posterior({ variationId: 'x', visitors: 10, conversions: 3 })).toEqual([4, 8]);
    expect(posterior(undefined)).toEqual([1, 1]);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    let sum = 0;
    for (let i = 0; i < 4000; i++) sum += sampleBeta(4, 8, random);
    expect(sum / 4000).toBeCloseTo(4 / 12, 1);
    expect(thompsonChoose(['only'], [], random)).toBe('only');
  });
});
