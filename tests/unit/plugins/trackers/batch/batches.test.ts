import { describe, expect, it } from 'vitest';
import { batchesOf, eventsOf } from './fake-window';
import { bootTracker, decided, visitorStandIn } from './setup';

const WINDOW = 10_000;

describe('batch tracker: batch shape', () => {
  it('TRK-26 TRK-27 TRK-28 TRK-29 TRK-31 a batch carries the header, one visitor with session AUTO and snapshots of decisions and events', async () => {
    const { fake, t, emit } = bootTracker();
    await t.settle();
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1'));
    t.push(['event', 'buy', { revenue: 1999, quantity: 2, value: 3.5, color: 'red' }]);
    await t.clock.tickAsync(WINDOW);
    expect(fake.requests).toHaveLength(1);
    const [batch] = batchesOf(fake);
    expect(Object.keys(batch).sort()).toEqual(
      ['account_id', 'anonymize_ip', 'client_name', 'client_version', 'enrich_decisions', 'project_id', 'revision', 'visitors'].sort(),
    );
    expect(batch).toMatchObject({
      account_id: 'test-account',
      anonymize_ip: true,
      client_name: 'js',
      client_version: '0.224.0',
      project_id: 'test-project',
      revision: '1',
      enrich_decisions: true,
    });
    const [visitor] = batch.visitors;
    expect(Object.keys(visitor).sort()).toEqual(['attributes', 'session_id', 'snapshots', 'visitor_id']);
    expect(visitor.session_id).toBe('AUTO');
    expect(visitor.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    expect(visitor.snapshots).toHaveLength(1);
    const [snapshot] = visitor.snapshots;
    expect(Object.keys(snapshot).sort()).toEqual(['decisions', 'events']);
    expect(snapshot.decisions).toEqual([
      { campaign_id: 'layer-1', experiment_id: 'exp-1', is_campaign_holdback: false, variation_id: 'var-1' },
    ]);
    const conversion = snapshot.events[1];
    expect(conversion).toEqual({
      entity_id: 'ev-buy',
      key: 'buy',
      timestamp: t.clock.now() - WINDOW,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'custom',
      tags: { color: 'red' },
      revenue: 1999,
      quantity: 2,
      value: 3.5,
    });
  });

  it('TRK-27 anonymize_ip carries global data anonymizeIP', async () => {
    const { fake, t } = bootTracker({ batching: false }, { data: { anonymizeIP: false } });
    await t.settle();
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    expect(batchesOf(fake)[0].anonymize_ip).toBe(false);
  });

  it('TRK-32 TRK-33 TRK-34 the short-key form uses e,k,t,v / c,x,h,v,m / e,k,q,$,a,p,t,u,v,y', async () => {
    const { fake, t, emit } = bootTracker({ batching: false }, { before: [visitorStandIn()] });
    await t.settle();
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1', { reason: 'force' }));
    t.push(['event', 'buy', { revenue: 5, quantity: 1, value: 2, size: 'L' }, { sku: 'x' }]);
    await t.clock.tickAsync(0);
    const raw = JSON.parse(fake.requests[0].body);
    const visitor = raw.visitors[0];
    expect(Object.keys(visitor.attributes[0]).sort()).toEqual(['e', 'k', 't', 'v']);
    expect(Object.keys(visitor.snapshots[0].decisions[0]).sort()).toEqual(['c', 'h', 'm', 'v', 'x']);
    const conversion = visitor.snapshots[0].events[1];
    expect(Object.keys(conversion).sort()).toEqual(['$', 'a', 'e', 'k', 'p', 'q', 't', 'u', 'v', 'y']);
    expect(conversion).toMatchObject({ e: 'ev-buy', k: 'buy', $: 5, q: 1, v: 2, a: { size: 'L' }, p: { sku: 'x' }, y: 'custom' });
  });

  it('TRK-32 with shortKeys off the batch uses the long names', async () => {
    const { fake, t } = bootTracker({ batching: false, shortKeys: false });
    await t.settle();
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    const raw = JSON.parse(fake.requests[0].body);
    expect(raw.visitors[0].snapshots[0].events[0]).toMatchObject({ entity_id: 'ev-buy', key: 'buy', type: 'custom' });
  });

  it('TRK-14 a new snapshot opens when the last one already has decision events', async () => {
    const { fake, t, emit } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1'));
    t.push(['event', 'buy']);
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1'));
    t.push(['event', 'buy']);
    t.kernel.get('tracker');
    (t.get('tracker') as { flush(): void }).flush();
    // The flush's save and POST run in a task of their own, right after the call's.
    await t.clock.tickAsync(0);
    const snapshots = batchesOf(fake)[0].visitors[0].snapshots;
    expect(snapshots.map((snapshot) => snapshot.events.map((event) => event.type))).toEqual([
      ['custom', 'campaign_activated', 'custom'],
      ['campaign_activated', 'custom'],
    ]);
    expect(snapshots.map((snapshot) => snapshot.decisions.length)).toEqual([1, 1]);
  });

  it('TRK-15 decisions of concluded layers, and decisions waiting for a redirect, are not tracked', async () => {
    const { fake, t, emit } = bootTracker({ batching: false });
    await t.settle();
    emit('lifecycle', 'layerDecided', decided('layer-done', 'var-2'));
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1', { isLayerConcluded: true }));
    emit('lifecycle', 'layerDecided', { ...decided('layer-1', 'var-1'), pendingRedirect: true });
    await t.clock.tickAsync(5000);
    expect(fake.requests).toHaveLength(0);
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1'));
    await t.clock.tickAsync(0);
    expect(eventsOf(fake).map((event) => event.type)).toEqual(['campaign_activated']);
  });

  it('TRK-17 other decisions are tracked at once: in the pending batch as soon as they are decided', async () => {
    const { fake, t, emit } = bootTracker();
    await t.settle();
    const data = decided('layer-1', 'var-1');
    emit('lifecycle', 'layerDecided', data);
    (t.get('tracker') as { flush(): void }).flush();
    // The flush's save and POST run in a task of their own, right after the call's.
    await t.clock.tickAsync(0);
    const [event] = eventsOf(fake);
    expect(event).toMatchObject({ entity_id: 'layer-1', type: 'campaign_activated' });
    expect(data.layerState).toMatchObject({ decisionEventId: event.uuid });
  });

  it('TRK-16 TRK-30 TRK-12 after a redirect the decision goes in a separate previous batch, sent before the current one', async () => {
    const { fake, t, emit } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    emit('tracking', 'redirectDecision', {
      layerId: 'layer-1',
      experimentId: 'exp-1',
      variationId: 'var-1',
      isLayerHoldback: false,
      decisionId: 'decision-uuid-1',
      visitorId: 'visitor-a',
      timestamp: t.clock.now() - 500,
    });
    await t.clock.tickAsync(WINDOW);
    const batches = batchesOf(fake);
    expect(batches).toHaveLength(2);
    expect(batches[0].visitors[0]).toMatchObject({ visitor_id: 'visitor-a' });
    expect(batches[0].visitors[0].snapshots[0].events).toEqual([
      expect.objectContaining({ uuid: 'decision-uuid-1', type: 'campaign_activated', entity_id: 'layer-1' }),
    ]);
    expect(batches[1].visitors[0].snapshots[0].events[0]).toMatchObject({ key: 'buy' });
  });

  it('TRK-31 page views, client activation and goal events become batch events', async () => {
    const { fake, t, emit } = bootTracker({ batching: false });
    await t.settle();
    emit('tracking', 'clientActivation');
    emit('lifecycle', 'pageActivated', { pageId: 'home', apiName: 'home_page', activationId: 'a1', activatedAt: 5, tags: { section: 'x' } });
    await t.clock.tickAsync(0);
    expect(eventsOf(fake)).toEqual([
      expect.objectContaining({ entity_id: null, type: 'client_activation' }),
      expect.objectContaining({ entity_id: 'home', key: 'home_page', type: 'view_activated', timestamp: 5, tags: { section: 'x' } }),
    ]);
  });
});

