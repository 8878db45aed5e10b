import { describe, expect, it } from 'vitest';
import { PENDING_KEY } from '../../../../../plugins/trackers/batch/sender';
import { batchesOf, createFakeWindow, eventsOf } from './fake-window';
import { bootTracker, decided } from './setup';

const KEY = 'varia_' + PENDING_KEY;
const stored = (fake: ReturnType<typeof createFakeWindow>) => JSON.parse(fake.storage.get(KEY) ?? '[]');
const tracker = (t: { get(name: string): unknown }) => t.get('tracker') as { flush(o?: { beacon?: boolean }): void; pending(): number; enabled(): boolean };

describe('batch tracker: batching', () => {
  it('TRK-5 TRK-8 events are batched by default and sent when the 10 s batch window ends', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    for (let i = 0; i < 5; i++) {
      t.push(['event', 'buy']);
      await t.clock.tickAsync(1000);
    }
    await t.clock.tickAsync(4000);
    expect(fake.requests).toHaveLength(0);
    await t.clock.tickAsync(1000);
    expect(fake.requests).toHaveLength(1);
    expect(eventsOf(fake)).toHaveLength(5);
  });

  it('TRK-8 after the batch window batching stops: an event is sent at once', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    await t.clock.tickAsync(10_000);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('TRK-6 TRK-7 the dirty pending batch is persisted at the next 1 s poll, and not rewritten when unchanged', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    expect(stored(fake)).toHaveLength(0);
    await t.clock.tickAsync(999);
    expect(stored(fake)).toHaveLength(0);
    await t.clock.tickAsync(1);
    const first = fake.storage.get(KEY);
    expect(stored(fake)).toHaveLength(1);
    await t.clock.tickAsync(3000);
    expect(fake.storage.get(KEY)).toBe(first);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000);
    expect(fake.storage.get(KEY)).not.toBe(first);
    expect(stored(fake)[0].data.visitors[0].snapshots[0].events).toHaveLength(2);
  });

  it('TRK-9 TRK-10 holdEvents holds sending past the window; sendEvents sends at once', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['holdEvents']);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(20_000);
    expect(fake.requests).toHaveLength(0);
    expect(stored(fake)).toHaveLength(1);
    t.push(['sendEvents']);
    // The flush's save and POST run in a task of their own, right after the call's.
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('TRK-10 sendEvents forces sending inside the batch window', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    t.push(['sendEvents']);
    // The flush's save and POST run in a task of their own, right after the call's.
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('TRK-11 conditional sending: the batch goes early at maxBatchEvents or when sendWhen says so', async () => {
    const { fake, t } = bootTracker({ maxBatchEvents: 3, sendWhen: (event) => event.key == 'cta_click' });
    await t.settle();
    t.push(['event', 'buy']);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000);
    expect(fake.requests).toHaveLength(0);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(1);
    t.push(['event', 'cta_click']);
    await t.clock.tickAsync(0);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('batch tracker: sending and pending events', () => {
  it('TRK-41 TRK-42 events are POSTed to {host}/v1/events, host defaulting to the page origin', async () => {
    const own = bootTracker({ batching: false });
    const other = bootTracker({ batching: false, host: 'https://collect.example.net/' });
    await own.t.settle();
    await other.t.settle();
    own.t.push(['event', 'buy']);
    other.t.push(['event', 'buy']);
    await own.t.clock.tickAsync(0);
    await other.t.clock.tickAsync(0);
    expect(own.fake.requests[0]).toMatchObject({ url: 'https://shop.example/v1/events', method: 'POST', via: 'fetch' });
    expect(other.fake.requests[0].url).toBe('https://collect.example.net/v1/events');
  });

  it('TRK-35 TRK-39 a retryable send is a pending event (id, timeStamp, data, retryCount) kept until a 2xx', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    fake.status = 503;
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    const [pending] = stored(fake);
    expect(Object.keys(pending).sort()).toEqual(['data', 'id', 'retryCount', 'timeStamp']);
    expect(pending.retryCount).toBe(1);
    expect(pending.data.project_id).toBe('test-project');
    fake.status = 200;
    await t.clock.tickAsync(1000);
    expect(fake.requests).toHaveLength(2);
    expect(stored(fake)).toHaveLength(0);
    expect(tracker(t).pending()).toBe(0);
  });

  /** Records the fake clock's time at each request the tracker makes. */
  const timed = (fake: ReturnType<typeof createFakeWindow>, t: { clock: { now(): number } }) => {
    const times: number[] = [];
    const fetch = fake.win.fetch;
    fake.win.fetch = ((url: string, init: RequestInit) => {
      times.push(t.clock.now());
      return fetch(url, init);
    }) as typeof fake.win.fetch;
    return times;
  };

  it('TRK-37 a failed send is retried after 1 s, 2 s and 4 s (the delays, not only the count)', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    const times = timed(fake, t);
    fake.status = 0;
    const start = t.clock.now();
    t.push(['event', 'buy']);
    await t.clock.tickAsync(7_000);
    expect(times.map((time) => time - start)).toEqual([0, 1_000, 3_000, 7_000]);
    expect(stored(fake)[0].retryCount).toBe(4);
  });

  it('TRK-39 TRK-37 once the retries are spent, a page that stays open sends again at a backed-off interval (30 s doubling, at most 5 min) until delivered', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    const times = timed(fake, t);
    fake.status = 503;
    const start = t.clock.now();
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1_200_000);
    const gaps = times.slice(1).map((time, i) => time - times[i]);
    expect(times[0]).toBe(start);
    expect(gaps.slice(0, 8)).toEqual([1_000, 2_000, 4_000, 30_000, 60_000, 120_000, 240_000, 300_000]);
    expect(stored(fake)).toHaveLength(1);
    fake.status = 204;
    await t.clock.tickAsync(300_000);
    expect(stored(fake)).toHaveLength(0);
    expect(tracker(t).pending()).toBe(0);
  });

  it('TRK-39 once the retries are spent, the next batch the page sends takes the waiting one along at once', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    const times = timed(fake, t);
    fake.status = 0;
    t.push(['event', 'buy', { n: 1 }]);
    await t.clock.tickAsync(7_000);
    expect(times).toHaveLength(4);
    fake.status = 204;
    const before = fake.requests.length;
    t.push(['event', 'buy', { n: 2 }]);
    await t.clock.tickAsync(0);
    // Both batches went now, 7 s after the first attempt, long before the 30 s wait.
    expect(fake.requests.length - before).toBe(2);
    expect(eventsOf(fake).slice(-2).map((event) => event.tags).sort((a, b) => Number(a?.n) - Number(b?.n))).toEqual([{ n: 1 }, { n: 2 }]);
    expect(stored(fake)).toHaveLength(0);
  });

  it('TRK-39 a batch the collector refuses (400) is not retried', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    fake.status = 400;
    t.push(['event', 'buy']);
    await t.clock.tickAsync(10_000);
    expect(fake.requests).toHaveLength(1);
    expect(stored(fake)).toHaveLength(0);
  });

  it.each([408, 429])('TRK-39 a batch answered %i (timed out, rate limited) is kept and retried until delivered', async (status) => {
    // fails when 408 and 429 count as refusals: the batch is deleted at once and its events lost
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    fake.status = status;
    t.push(['event', 'buy']);
    await t.clock.tickAsync(0);
    expect(stored(fake)).toHaveLength(1);
    fake.status = 204;
    await t.clock.tickAsync(1000);
    expect(fake.requests).toHaveLength(2);
    expect(eventsOf(fake).map((event) => event.uuid)).toEqual(Array(2).fill(eventsOf(fake)[0].uuid));
    expect(stored(fake)).toHaveLength(0);
  });

  it('TRK-38 TRK-12 pending events of an earlier page are loaded at init and sent first', async () => {
    const fake = createFakeWindow();
    const first = bootTracker({ batching: false }, { fake });
    await first.t.settle();
    fake.status = 0;
    first.t.push(['event', 'buy', { n: 1 }]);
    await first.t.clock.tickAsync(0);
    first.t.kernel.destroy();
    fake.status = 204;
    fake.requests.length = 0;
    const second = bootTracker({ batching: false }, { fake });
    await second.t.settle();
    second.t.push(['event', 'buy', { n: 2 }]);
    await second.t.clock.tickAsync(0);
    expect(eventsOf(fake).map((event) => event.tags)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(stored(fake)).toHaveLength(0);
  });

  it('TRK-36 at most 1000 pending events are kept, the oldest dropped', async () => {
    const fake = createFakeWindow();
    const old = Array.from({ length: 1000 }, (_, i) => ({ id: `old-${i}`, timeStamp: i, data: {}, retryCount: 4 }));
    fake.storage.set(KEY, JSON.stringify(old));
    fake.status = 0;
    const { t } = bootTracker({}, { fake });
    await t.settle();
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000);
    const ids = stored(fake).map((item: { id: string }) => item.id);
    expect(ids).toHaveLength(1000);
    expect(ids[0]).toBe('old-1');
    expect(ids).not.toContain('old-0');
  });

  it('TRK-13 TRK-40 on page hide the pending batch goes by beacon; it stays stored until acknowledged', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    fake.fire('pagehide');
    expect(fake.requests).toEqual([expect.objectContaining({ via: 'beacon', url: 'https://shop.example/v1/events' })]);
    expect(batchesOf(fake)[0].visitors[0].snapshots[0].events[0].key).toBe('buy');
    expect(stored(fake)).toHaveLength(1);
    fake.setVisibility('hidden');
    expect(fake.requests).toHaveLength(1);
  });

  it('TRK-13 visibilitychange to hidden and flush({ beacon: true }) use the beacon too', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    t.push(['event', 'buy']);
    fake.setVisibility('hidden');
    t.push(['event', 'buy']);
    tracker(t).flush({ beacon: true });
    expect(fake.requests.map((request) => request.via)).toEqual(['beacon', 'beacon']);
  });

  it('TRK-40 when the beacon is refused the batch falls back to a POST', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    fake.beaconAccepts = false;
    t.push(['event', 'buy']);
    fake.fire('pagehide');
    await t.settle();
    expect(fake.requests.map((request) => request.via)).toEqual(['fetch']);
    expect(stored(fake)).toHaveLength(0);
  });

  it('TRK-39 events are never duplicated within a page: every event keeps one uuid across retries', async () => {
    const { fake, t, emit } = bootTracker({ batching: false });
    await t.settle();
    fake.status = 0;
    emit('lifecycle', 'layerDecided', decided('layer-1', 'var-1'));
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000);
    fake.status = 204;
    await t.clock.tickAsync(30_000);
    const uuids = new Set(eventsOf(fake).map((event) => event.uuid));
    expect(uuids.size).toBe(2);
  });
});
