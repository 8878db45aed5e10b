import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../../../core';
import type { CmabEntry } from '../../../../../core/kinds/visitor';
import { bootVisitor } from './helpers';

describe('visitor profile and maps', () => {
  it('VIS-1 VIS-2 VIS-10 the user push stores custom attributes with lastModified (and id when defined); null removes one', async () => {
    const t = bootVisitor({ data: { visitorAttributes: [{ id: 'attr-1', name: 'plan' }] } });
    await t.settle();
    const start = t.clock.now();
    t.push(['user', { plan: 'pro', age: 41 }]);
    t.clock.tick(5000);
    t.push({ type: 'user', attributes: { age: 42 } });
    expect(t.visitor().attributes()).toEqual({
      plan: { value: 'pro', lastModified: start, id: 'attr-1' },
      age: { value: 42, lastModified: start + 5000 },
    });
    t.push(['user', { plan: null }]);
    expect(Object.keys(t.visitor().attributes())).toEqual(['age']);
    expect((t.local.get('varia_visitor_profile') as { attributes: object }).attributes).toEqual(t.visitor().attributes());
  });

  it('VIS-10 a user push queued before load is replayed at init', async () => {
    const t = bootVisitor({ queue: [['user', { tier: 'gold' }]] });
    await t.settle();
    expect(t.visitor().attributes().tier.value).toBe('gold');
  });

  it('VIS-3 a visitor has a randomId and a bucketingId, kept across pages', async () => {
    const local = new Map<string, unknown>();
    const cookies = new Map<string, unknown>();
    const a = bootVisitor({ local, cookies });
    await a.settle();
    const v = a.visitor();
    expect(v.randomId()).toMatch(/^\d+r[a-z0-9]{12}$/);
    expect(v.bucketingId()).toBe(v.randomId());
    expect(v.id()).toBe(v.randomId());
    expect(cookies.get('varia_visitor_id')).toBe(v.randomId());
    expect((a.get('visitor_id') as { randomId: string }).randomId).toBe(v.randomId());
    const b = bootVisitor({ local, cookies });
    await b.settle();
    expect(b.visitor().randomId()).toBe(v.randomId());
  });

  it('VIS-5 VIS-6 VIS-7 VIS-8 variation map per layer and experiment, preferred layer per group, bandit map, segments', async () => {
    const local = new Map<string, unknown>();
    const t = bootVisitor({ local });
    await t.settle();
    const v = t.visitor();
    v.setVariation('layer1', 'exp1', 'var1');
    v.setVariation('layer1', 'exp2', 'var3');
    v.setVariation('layer2', 'exp9', 'var9');
    v.setVariation('layer2', 'exp9', null);
    v.setPreferredLayer('group1', 'layer1');
    const entry: CmabEntry = { variationId: 'var1', attributesHash: 'h', createdAt: 1, touchedAt: 2 };
    v.setCmab('exp1', entry);
    v.setSegments(['s1', 's2']);
    expect(v.variationMap()).toEqual({ layer1: { exp1: 'var1', exp2: 'var3' } });
    expect(v.preferredLayerMap()).toEqual({ group1: 'layer1' });
    expect(v.cmabMap()).toEqual({ exp1: entry });
    expect(v.segments()).toEqual(['s1', 's2']);
    // A new page reads them back from storage.
    const next = bootVisitor({ local });
    await next.settle();
    expect(next.visitor().variationMap()).toEqual({ layer1: { exp1: 'var1', exp2: 'var3' } });
    expect(next.visitor().preferredLayerMap()).toEqual({ group1: 'layer1' });
    expect(next.visitor().cmabMap()).toEqual({ exp1: entry });
    expect(next.visitor().segments()).toEqual(['s1', 's2']);
  });

  it('VIS-28 mergeStoredVariationMaps reads the sticky edge cookies (variation map and profile) without writing them', async () => {
    const cookies = new Map<string, unknown>([
      ['varia_edge_variation_map', JSON.stringify({ layerE: { expE: 'varE' } })],
      ['varia_edge_profile', JSON.stringify({ country: 'KR' })],
    ]);
    const t = bootVisitor({ cookies });
    await t.settle(); // the visitor stage merges (no pages module here)
    const v = t.visitor();
    expect(v.variationMap()).toEqual({ layerE: { expE: 'varE' } });
    expect(v.attributes().country.value).toBe('KR');
    expect(cookies.get('varia_edge_variation_map')).toBe(JSON.stringify({ layerE: { expE: 'varE' } }));
  });

  it('VIS-28 layer ids named like what every object inherits (constructor, toString, __proto__) stay keys of the map, written nowhere else', async () => {
    const cookies = new Map<string, unknown>([['varia_edge_variation_map', '{"constructor":{"e1":"v1"},"toString":{"e2":"v2"},"__proto__":{"e3":"v3"}}']]);
    const t = bootVisitor({ cookies });
    await t.settle();
    const v = t.visitor();
    v.setVariation('hasOwnProperty', 'e4', 'v4');
    const map = v.variationMap();
    expect([map.constructor, map.toString, map.hasOwnProperty]).toEqual([{ e1: 'v1' }, { e2: 'v2' }, { e4: 'v4' }]);
    // Nothing reached the built-ins an inherited key would have led to.
    expect([(Object as unknown as Record<string, unknown>).e1, (Object.prototype.toString as unknown as Record<string, unknown>).e2, ({} as Record<string, unknown>).e3]).toEqual([undefined, undefined, undefined]);
    expect((Object.prototype.hasOwnProperty as unknown as Record<string, unknown>).e4).toBeUndefined();
  });

  it('VIS-28 a tampered edge cookie is ignored with a warning; the stored map is kept', async () => {
    const local = new Map<string, unknown>([['varia_visitor_profile', { variationMap: { l: { e: 'v' } } }]]);
    const cookies = new Map<string, unknown>([['varia_edge_variation_map', '{not json']]);
    const t = bootVisitor({ local, cookies });
    await t.settle();
    expect(t.visitor().variationMap()).toEqual({ l: { e: 'v' } });
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Ignored tampered cookie "varia_edge_variation_map"' });
  });

  it('VIS-2 a stored profile with bad fields keeps its good fields', async () => {
    const local = new Map<string, unknown>([
      ['varia_visitor_profile', { randomId: 'abc123', attributes: 'oops', variationMap: { l: { e: 'v', bad: 3 } }, segments: [1, 's'] }],
    ]);
    const t = bootVisitor({ local });
    await t.settle();
    const v = t.visitor();
    expect(v.randomId()).toBe('abc123');
    expect(v.attributes()).toEqual({});
    expect(v.variationMap()).toEqual({ l: { e: 'v' } });
    expect(v.segments()).toEqual(['s']);
  });
});

describe('behaviour events', () => {
  it('VIS-21 VIS-23 behaviour events use short keys; type defaults to "default", category to "other"', async () => {
    const t = bootVisitor();
    await t.settle();
    const v = t.visitor();
    v.recordBehaviour({ name: 'signup' });
    v.recordBehaviour({ name: 'buy', type: 'custom', category: 'purchase', revenue: 1299, tags: { sku: 'a' }, time: t.clock.now() + 1 });
    const session = v.session().sessionId;
    expect(v.behaviourEvents()).toEqual([
      { n: 'signup', y: 'default', c: 'other', t: t.clock.now(), s: session, si: 0 },
      { n: 'buy', y: 'custom', c: 'purchase', r: 1299, o: { sku: 'a' }, t: t.clock.now() + 1, s: session, si: 0 },
    ]);
    expect(t.local.get('varia_behavior_events')).toHaveLength(2);
  });

  it('VIS-9 VIS-22 tracked events of type custom, click and pageview become behaviour events; the event queue is readable', async () => {
    const t = bootVisitor();
    await t.settle();
    const emitter = t.get('event_emitter') as { emit(event: unknown): void };
    for (const type of ['custom', 'click', 'pageview']) {
      emitter.emit({ type: EVENT_TYPES.tracking, name: 'eventTracked', data: { name: `e-${type}`, type, time: t.clock.now(), uuid: type } });
    }
    expect(t.visitor().behaviourEvents().map((e) => [e.n, e.y])).toEqual([
      ['e-custom', 'custom'],
      ['e-click', 'click'],
      ['e-pageview', 'pageview'],
    ]);
    // The tracker keeps pending events under pending_events; the visitor exposes them read-only.
    expect(t.visitor().eventQueue()).toEqual([]);
    t.local.set('varia_pending_events', [{ id: 'p1', timeStamp: 1, data: {}, retryCount: 0 }]);
    expect(t.visitor().eventQueue()).toEqual([{ id: 'p1', timeStamp: 1, data: {}, retryCount: 0 }]);
  });

  it('VIS-21 VIS-24 behaviour recorded in a run is added to the stored events right after it; the stored list is not read inside the run', async () => {
    const stored = Array.from({ length: 1000 }, (_, i) => ({ n: `old${i}`, y: 'default', c: 'other', t: 1, s: 1, si: 0 }));
    const local = new Map<string, unknown>([['varia_behavior_events', stored]]);
    const t = bootVisitor({ local });
    await t.settle();
    const reads: string[] = [];
    const get = local.get.bind(local);
    local.get = (key: string) => (reads.push(key), get(key));
    const v = t.visitor();
    v.recordBehaviour({ name: 'view' });
    v.recordBehaviour({ name: 'click' });
    expect(reads).not.toContain('varia_behavior_events');
    await Promise.resolve();
    expect(reads.filter((key) => key === 'varia_behavior_events')).toHaveLength(1);
    const kept = local.get('varia_behavior_events') as Array<{ n: string }>;
    expect(kept).toHaveLength(1000);
    expect([kept[0].n, kept[997].n, kept[998].n, kept[999].n]).toEqual(['old2', 'old999', 'view', 'click']);
    // Once read, a new event goes straight onto the list.
    v.recordBehaviour({ name: 'later' });
    expect(v.behaviourEvents().at(-1)!.n).toBe('later');
    expect((local.get('varia_behavior_events') as Array<{ n: string }>).at(-1)!.n).toBe('later');
  });

  it('VIS-24 only the newest 1000 behaviour events are kept', async () => {
    const t = bootVisitor();
    await t.settle();
    const v = t.visitor();
    for (let i = 0; i < 1005; i++) v.recordBehaviour({ name: `e${i}` });
    const kept = v.behaviourEvents();
    expect(kept).toHaveLength(1000);
    expect(kept[0].n).toBe('e5');
    expect(kept[999].n).toBe('e1004');
  });
});
