import { describe, expect, it } from 'vitest';
import type { CmabEntry } from '../../../../../core';
import type { LayerState } from '../../../../../core/project/types';
import type { Layer } from '../../../../../core/project/types';
import { bucket } from '../../../../../plugins/deciders/_shared';
import { CMAB_IDLE_MS, CMAB_MAX_AGE_MS } from '../../../../../plugins/modules/decisions/cmab';
import { audiencesStandIn, boot, project, quarters, visitorStandIn } from './helpers';

type Answer = { status: number; text: string } | 'down' | 'hang';
const fakeWindow = (answer: Answer) => {
  const requests: Array<{ url: string; body: any; init: any }> = [];
  const win = {
    location: { origin: 'https://shop.test' },
    document: { referrer: '' },
    fetch: (url: string, init: any) => {
      requests.push({ url, init, body: JSON.parse(init.body) });
      if (answer === 'down') return Promise.reject(new TypeError('Failed to fetch'));
      if (answer === 'hang') return new Promise(() => {});
      return Promise.resolve({ status: answer.status, text: async () => answer.text });
    },
  };
  return { requests, win: win as unknown as Window };
};
const ok = (variationId: unknown): Answer => ({ status: 200, text: JSON.stringify({ predictions: [{ variation_id: variationId }] }) });

const cmabLayer = (spelling: 'experiment' | 'layer' = 'experiment'): Layer => ({
  id: 'LB',
  name: 'Bandit',
  policy: 'single_experiment',
  pageIds: ['p1'],
  ...(spelling === 'layer' ? { allocationPolicy: 'contextual-multi-arm-bandit' as const } : {}),
  experiments: [
    {
      id: 'EB',
      name: 'Bandit hero',
      ...quarters('vb'),
      ...(spelling === 'experiment' ? { experimentMetadata: { allocationPolicy: 'cmab' as const, cmabAttributes: { customAttributes: ['attr-1'], standardAttributes: ['device'] } } } : {}),
    },
  ],
});
const data = (layer = cmabLayer()) => project({ visitorAttributes: [{ id: 'attr-1', name: 'tier' }], dcpServiceId: 'dcp-9' }, [layer]);
const normal = (id: string) => `vb${'abcd'[Math.floor(bucket(id, 'EB') / 2500)]}`;

const decide = async (answer: Answer, init: Parameters<typeof visitorStandIn>[0] = {}, layer?: Layer) => {
  const { requests, win } = fakeWindow(answer);
  const visitor = visitorStandIn({ bucketingId: 'ppid1', id: 'vid-1', attributes: { tier: 'gold' }, ...init });
  const t = boot([visitor.plugin, audiencesStandIn([]).plugin], data(layer), { win });
  const result = t.decisions.decideLayer('LB', 'p1');
  return { t, visitor, requests, result, state: (await result) as LayerState };
};

describe('contextual bandit', () => {
  it('CMAB-1 CMAB-2 CMAB-3 CMAB-4 a cmab experiment POSTs {host}/predict/{experimentId} with the instance fields and uses the prediction', async () => {
    const { state, requests, visitor, t } = await decide(ok('vbc'));
    expect(state.decision).toMatchObject({ experimentId: 'EB', variationId: 'vbc', reason: 'cmab', error: null });
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('https://shop.test/predict/EB');
    expect(requests[0].init.method).toBe('POST');
    const [sent] = requests[0].body.instances;
    expect(Object.keys(sent).sort()).toEqual(['attributes', 'cmabUUID', 'dcpCustomerIds', 'dcpServiceId', 'experimentId', 'variationIds', 'visitorId']);
    expect(sent).toMatchObject({ visitorId: 'vid-1', experimentId: 'EB', variationIds: ['vba', 'vbb', 'vbc', 'vbd'], dcpCustomerIds: [], dcpServiceId: 'dcp-9' });
    expect(sent.attributes).toEqual([
      { id: 'attr-1', type: 'custom_attribute', value: 'gold', client_api_name: 'tier' },
      { id: 'device', type: 'standard_attribute', value: 'desktop_laptop', client_api_name: 'device' },
    ]);
    expect(visitor.state.cmab.EB).toMatchObject({ variationId: 'vbc', createdAt: t.clock.now(), touchedAt: t.clock.now(), uuid: sent.cmabUUID });
    // Bandit experiments keep their own store, not the sticky variation map.
    expect(visitor.state.variationMap).toEqual({});
  });

  it('CMAB-1 ruling 5: the layer allocation policy contextual-multi-arm-bandit means the same as cmab', async () => {
    const { state, requests } = await decide(ok(7 as unknown as string), {}, { ...cmabLayer('layer'), experiments: [{ ...cmabLayer('layer').experiments[0], variations: [...quarters('vb').variations, { id: '7', actions: [] }] }] });
    expect(requests).toHaveLength(1);
    expect(state.decision).toMatchObject({ variationId: '7', reason: 'cmab' });
  });

  it('CMAB-6 a non-200 answer falls back silently to normal bucketing', async () => {
    const { state, t } = await decide({ status: 503, text: 'busy' });
    expect(state.decision).toMatchObject({ variationId: normal('ppid1'), reason: 'bucketed', error: null });
    expect(t.errors()).toEqual([]);
  });

  it('CMAB-7 an answer that fails to parse falls back silently', async () => {
    const { state, t } = await decide({ status: 200, text: '<html>garbage' });
    expect(state.decision.variationId).toBe(normal('ppid1'));
    expect(t.errors()).toEqual([]);
  });

  it('CMAB-8 an answer without predictions falls back silently', async () => {
    for (const text of ['{"predictions":[]}', '{}', 'null', '{"predictions":[{}]}']) {
      expect((await decide({ status: 200, text })).state.decision.variationId).toBe(normal('ppid1'));
    }
  });

  it('CMAB-9 a predicted variation that is not in the experiment falls back silently', async () => {
    const { state, visitor } = await decide(ok('not-a-variation'));
    expect(state.decision.variationId).toBe(normal('ppid1'));
    expect(visitor.state.cmab).toEqual({});
  });

  it('CMAB-6 a prediction service that is down falls back silently', async () => {
    const { state, t } = await decide('down');
    expect(state.decision.variationId).toBe(normal('ppid1'));
    expect(t.errors()).toEqual([]);
  });

  it('CMAB-6 a slow prediction service is abandoned after the timeout (1000 ms) for normal bucketing', async () => {
    const { win } = fakeWindow('hang');
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], data(), { win });
    let decided: LayerState | undefined;
    void Promise.resolve(t.decisions.decideLayer('LB', 'p1')).then((state) => (decided = state));
    await t.clock.tickAsync(999);
    expect(decided).toBeUndefined();
    await t.clock.tickAsync(1);
    expect(decided!.decision).toMatchObject({ variationId: normal('ppid1'), reason: 'bucketed' });
  });

  describe('stored predictions', () => {
    const stored = async () => (await decide(ok('vbd'))).visitor.state.cmab.EB;
    const again = async (entry: Partial<CmabEntry> | Record<string, unknown>, init: Parameters<typeof visitorStandIn>[0] = {}, advance = 0) => {
      const { requests, win } = fakeWindow(ok('vba'));
      const visitor = visitorStandIn({ bucketingId: 'ppid1', id: 'vid-1', attributes: { tier: 'gold' }, cmab: { EB: entry as CmabEntry }, ...init });
      const t = boot([visitor.plugin, audiencesStandIn([]).plugin], data(), { win });
      t.clock.tick(advance);
      const result = t.decisions.decideLayer('LB', 'p1');
      return { requests, visitor, t, result, state: (await result) as LayerState };
    };

    it('CMAB-10 a valid stored prediction is reused, synchronously, and touched', async () => {
      const entry = await stored();
      const { requests, result, visitor, t } = await again(entry, {}, 60_000);
      expect(result).not.toBeInstanceOf(Promise);
      expect(requests).toHaveLength(0);
      expect((result as LayerState).decision).toMatchObject({ variationId: 'vbd', reason: 'cmab' });
      expect(visitor.state.cmab.EB.touchedAt).toBe(t.clock.now());
    });

    it('CMAB-11 a stored prediction with its timeout flag set is not reused', async () => {
      const { requests, state } = await again({ ...(await stored()), timedOut: true });
      expect(requests).toHaveLength(1);
      expect(state.decision.variationId).toBe('vba');
    });

    it('CMAB-12 a stored prediction with missing or invalid data is not reused', async () => {
      const entry = await stored();
      for (const bad of [{ ...entry, createdAt: undefined }, { ...entry, variationId: 5 }, { variationId: 'vbd' }, 'garbage' as never]) {
        expect((await again(bad)).requests).toHaveLength(1);
      }
    });

    it('CMAB-13 a stored prediction whose variation no longer exists is not reused', async () => {
      expect((await again({ ...(await stored()), variationId: 'deleted' })).requests).toHaveLength(1);
    });

    it('CMAB-14 a stored prediction is not reused when the attribute hash changes', async () => {
      const entry = await stored();
      expect((await again(entry, { attributes: { tier: 'silver' } })).requests).toHaveLength(1);
      expect((await again(entry, { attributes: { tier: 'gold' } })).requests).toHaveLength(0);
    });

    it('CMAB-15 a stored prediction is not reused 30 minutes after its last use', async () => {
      const entry = await stored();
      expect((await again(entry, {}, CMAB_IDLE_MS - 1)).requests).toHaveLength(0);
      expect((await again(entry, {}, CMAB_IDLE_MS)).requests).toHaveLength(1);
    });

    it('CMAB-16 a stored prediction is not reused 24 hours after it was made, even when used recently', async () => {
      const entry = await stored();
      const recent = { ...entry, touchedAt: entry.createdAt + CMAB_MAX_AGE_MS - 60_000 };
      expect((await again(recent, {}, CMAB_MAX_AGE_MS - 120_000)).requests).toHaveLength(0);
      expect((await again(recent, {}, CMAB_MAX_AGE_MS)).requests).toHaveLength(1);
    });
  });

  it('CMAB-17 stored predictions of the layer\'s experiments the visitor was not bucketed into are timed out', async () => {
    const bandit = (id: string) => ({ id, ...quarters(id), experimentMetadata: { allocationPolicy: 'cmab' as const } });
    const layer: Layer = { id: 'LB', policy: 'equal_priority', pageIds: ['p1'], decisionMetadata: { experimentPriorities: [['X1'], ['X2']] }, experiments: [bandit('X1'), bandit('X2')] };
    const entry = (variationId: string): CmabEntry => ({ variationId, attributesHash: 'h', createdAt: Date.UTC(2026, 0, 1), touchedAt: Date.UTC(2026, 0, 1) });
    const { visitor, state } = await decide(ok('X1b'), { cmab: { X2: entry('X2a') } }, layer);
    expect(state.decision).toMatchObject({ experimentId: 'X1', variationId: 'X1b' });
    expect(visitor.state.cmab.X2.timedOut).toBe(true);
    expect(visitor.state.cmab.X1.timedOut).toBeUndefined();
  });

  it('CMAB-1 the bandit is skipped for forced and held-back decisions', async () => {
    const layer = { ...cmabLayer(), holdback: 10000 };
    const { requests, state } = await decide(ok('vbc'), {}, layer);
    expect(requests).toHaveLength(0);
    expect(state.decision.isLayerHoldback).toBe(true);
  });
});
