/**
 * The bandit end to end in Node: the decisions plugin (global fetch, no window) against the prediction
 * endpoint of the real local services, started on a free port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayerState } from '../../../../../core/project/types';
import { startServices, type RunningServices } from '../../../../../services/index';
import { boot, project, quarters, visitorStandIn } from './helpers';

describe('contextual bandit against the local prediction service', () => {
  let services: RunningServices;
  beforeAll(async () => {
    services = await startServices({ port: 0 });
  });
  afterAll(() => services.close());

  const data = project({}, [
    { id: 'LB', policy: 'single_experiment', pageIds: ['p1'], experiments: [{ id: 'EB', ...quarters('vb'), experimentMetadata: { allocationPolicy: 'cmab' } }] },
  ]);

  it('CMAB-1 CMAB-2 CMAB-5 decisions take their variation from POST {host}/predict/{experimentId} and store it for reuse', async () => {
    const picked = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const visitor = visitorStandIn({ bucketingId: `visitor-${i}` });
      const t = boot([visitor.plugin], data, { options: { predictionHost: services.url + '/' } });
      const state = (await t.decisions.decideLayer('LB', 'p1')) as LayerState;
      expect(state.decision).toMatchObject({ experimentId: 'EB', reason: 'cmab', error: null });
      expect(visitor.state.cmab.EB.variationId).toBe(state.decision.variationId);
      picked.add(state.decision.variationId!);
      // The next decision reuses the stored prediction without asking again.
      const reused = t.decisions.decideLayer('LB', 'p1') as LayerState;
      expect(reused.decision.variationId).toBe(state.decision.variationId);
    }
    expect(picked.size).toBeGreaterThan(1);
  });

  it('CMAB-6 a host that does not answer the prediction path falls back to normal bucketing', async () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], data, { options: { predictionHost: `${services.url}/nothing-here` } });
    const state = (await t.decisions.decideLayer('LB', 'p1')) as LayerState;
    expect(state.decision).toMatchObject({ reason: 'bucketed', error: null });
    expect(t.errors()).toEqual([]);
  });
});
