/**
 * The flush's main-thread cost without giving up durability: a flush call closes the batch and leaves
 * its save and POST to the task that follows; each event is written to JSON once; the stored list is
 * joined from kept texts and is still exactly the page-proof writer's JSON.
 */
import { describe, expect, it } from 'vitest';
import { toJson } from '../../../../../plugins/_shared/json';
import { PENDING_KEY } from '../../../../../plugins/trackers/batch/sender';
import { createFakeWindow, eventsOf } from './fake-window';
import { bootTracker, visitorStandIn } from './setup';

const KEY = 'varia_' + PENDING_KEY;
const stored = (fake: ReturnType<typeof createFakeWindow>) => JSON.parse(fake.storage.get(KEY) ?? '[]');
const tracker = (t: { get(name: string): unknown }) => t.get('tracker') as { flush(o?: { beacon?: boolean }): void; pending(): number };

describe('batch tracker: a cheap flush', () => {
  it('TRK-10 TRK-6 a flush call closes the batch at once; its save and POST run in the task right after the call', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    tracker(t).flush();
    // Nothing written or fetched inside the page's own task, but the closed batch counts as pending.
    expect(fake.requests).toHaveLength(0);
    expect(fake.storage.has(KEY)).toBe(false);
    expect(tracker(t).pending()).toBe(1);
    await t.clock.tickAsync(0);
    expect(fake.requests.map((request) => request.via)).toEqual(['fetch']);
    expect(eventsOf(fake).map((event) => event.key)).toEqual(['buy']);
    expect(tracker(t).pending()).toBe(0);
    expect(stored(fake)).toEqual([]);
  });

  it('TRK-12 events tracked after a flush call go in the next batch, sent after the closed one', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy', { n: 1 }]);
    tracker(t).flush();
    t.push(['event', 'buy', { n: 2 }]);
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(2);
    const tagsOf = (index: number) => JSON.parse(fake.requests[index].body).visitors[0].snapshots[0].events.map((event: { a: unknown }) => event.a);
    expect([tagsOf(0), tagsOf(1)]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
  });

  it('TRK-13 TRK-38 a page hidden between a flush call and its task beacons the closed batch, keeps it stored and does not POST it too', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    tracker(t).flush();
    fake.fire('pagehide');
    expect(fake.requests.map((request) => request.via)).toEqual(['beacon']);
    expect(stored(fake)).toHaveLength(1);
    await t.clock.tickAsync(0);
    expect(fake.requests.map((request) => request.via)).toEqual(['beacon']);
    expect(stored(fake)).toHaveLength(1);
  });

  it('TRK-38 a tracker stopped between a flush call and its task stores the closed batch; the next page load sends it', async () => {
    const fake = createFakeWindow();
    const first = bootTracker({}, { fake });
    await first.t.settle();
    first.t.push(['event', 'buy', { n: 1 }]);
    tracker(first.t).flush();
    first.t.kernel.destroy();
    expect(stored(fake)).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
    const second = bootTracker({}, { fake });
    await second.t.settle();
    await second.t.clock.tickAsync(0);
    expect(eventsOf(fake).map((event) => event.tags)).toEqual([{ n: 1 }]);
    expect(stored(fake)).toEqual([]);
  });

  it('TRK-16 TRK-12 the previous batch of a redirect is stored at once and sent in the task after the page\'s start, before this page\'s batch', async () => {
    const { fake, t, emit } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    emit('tracking', 'redirectDecision', { layerId: 'layer-1', experimentId: 'exp-1', variationId: 'var-1', decisionId: 'relayed-1', visitorId: 'v', timestamp: t.clock.now() });
    expect(fake.requests).toHaveLength(0);
    expect(stored(fake).map((item: { data: { visitors: Array<{ visitor_id: string }> } }) => item.data.visitors[0].visitor_id)).toEqual(['v']);
    tracker(t).flush();
    await t.clock.tickAsync(0);
    expect(eventsOf(fake).map((event) => event.uuid)[0]).toBe('relayed-1');
    expect(eventsOf(fake).map((event) => event.key)).toEqual([undefined, 'buy']);
  });

  it('TRK-6 TRK-40 an event is written to JSON once: later saves, the flush and the beacon reuse its text', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    let reads = 0;
    const cart = {
      get items() {
        reads++;
        return 2;
      },
    };
    t.push(['event', 'buy', {}, { cart }]);
    await t.clock.tickAsync(1000); // the poll saves the open batch
    expect(reads).toBe(1);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000); // saved again, with the second event
    fake.fire('pagehide');
    expect(reads).toBe(1);
    const [beacon] = fake.requests;
    expect(beacon.via).toBe('beacon');
    expect(JSON.parse(beacon.body).visitors[0].snapshots[0].events.map((event: { p?: unknown }) => event.p)).toEqual([{ cart: { items: 2 } }, undefined]);
  });

  it('TRK-35 TRK-38 the stored list, joined from kept texts, is exactly the page-proof JSON of every pending event, other tabs\' included', async () => {
    const fake = createFakeWindow();
    const theirs = [
      { id: 'earlier-page', timeStamp: 1, data: { visitors: [], note: 'line\u2028"quoted"\\' }, retryCount: 2 },
      { id: 'odd', data: { visitors: [] } },
    ];
    fake.storage.set(KEY, JSON.stringify(theirs));
    fake.status = 0;
    const { t } = bootTracker({}, { fake });
    await t.settle();
    t.push(['event', 'buy', { label: 'é\u0001' }]);
    await t.clock.tickAsync(1000);
    const text = fake.storage.get(KEY)!;
    const list = JSON.parse(text);
    expect(text).toBe(toJson(list));
    expect(list.map((item: { id: string }) => item.id)).toContain('earlier-page');
    // No timeStamp stays without one; its failed send counted a retry on a missing count (NaN, written null).
    expect(list.find((item: { id: string }) => item.id == 'odd')).toEqual({ id: 'odd', data: { visitors: [] }, retryCount: null });
    expect(list.find((item: { id: string }) => item.id == 'earlier-page')).toEqual({ ...theirs[0], retryCount: 3 });
    expect(list.find((item: { retryCount?: number; timeStamp?: number }) => item.timeStamp && item.timeStamp > 1).data.visitors[0].snapshots[0].events[0].a).toEqual({
      label: 'é\u0001',
    });
  });

  it('KRN-9 a flush that fails (a visitor module that throws) is reported, never thrown into the page, from flush() or from page hide', async () => {
    const broken = visitorStandIn();
    const create = broken.create;
    broken.create = () => ({
      ...create(),
      attributes: () => {
        throw Error('attributes broke');
      },
    });
    const { fake, t } = bootTracker({}, { before: [broken] });
    await t.settle();
    t.push(['event', 'buy']);
    expect(() => tracker(t).flush({ beacon: true })).not.toThrow();
    expect(() => fake.fire('pagehide')).not.toThrow();
    tracker(t).flush();
    await t.clock.tickAsync(0);
    expect(t.errors().filter((message) => message == 'attributes broke').length).toBeGreaterThanOrEqual(3);
  });
});
