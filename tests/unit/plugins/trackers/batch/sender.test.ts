/**
 * The pending store and transport (plugins/trackers/batch/sender.ts) on their own: what is loaded from
 * storage, what is kept when the store is full, and when a batch is posted, beaconed or left waiting.
 * The tracker's tests (sending.test.ts, flush.test.ts) cover the same code through a whole kernel; these
 * pin the cases a kernel rarely reaches (a broken stored list, a throwing beacon, a POST still in flight).
 */
import { describe, expect, it } from 'vitest';
import type { PluginContext } from '../../../../../core';
import type { PendingEvent } from '../../../../../core/kinds/tracking';
import { createFakeClock, flushPromises } from '../../../../../core/testing';
import { keptJson } from '../../../../../plugins/_shared/json';
import { MSG_NO_ID } from '../../../../../plugins/trackers/_shared/request';
import { createSender, PENDING_KEY, postPending, type Store } from '../../../../../plugins/trackers/batch/sender';

const URL = 'https://collect.example/v1/events';
const KEY = 'varia_pending_events';

interface Harness {
  sender: ReturnType<typeof createSender>;
  storage: Map<string, string>;
  posts: Array<{ body: string; answer(status: number): void }>;
  beacons: string[];
  warnings: string[];
  errors: string[];
  reads: () => number;
  clock: ReturnType<typeof createFakeClock>;
  /** What sendBeacon does: accept, refuse, or throw (a browser without it). */
  beacon: 'accept' | 'refuse' | 'throw';
}

/** A sender over a window whose POSTs wait until the test answers them. */
const harness = (options: { retries?: number; maxPending?: number; open?: (id: string) => boolean; stored?: unknown } = {}): Harness => {
  const storage = new Map<string, string>();
  if (options.stored !== undefined) storage.set(KEY, JSON.stringify(options.stored));
  let reads = 0;
  const clock = createFakeClock();
  const h = { storage, posts: [], beacons: [], warnings: [], errors: [], reads: () => reads, clock, beacon: 'accept' } as unknown as Harness;
  const win = {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    navigator: {
      sendBeacon: (_url: string, body: string) => {
        if (h.beacon == 'throw') throw new TypeError('sendBeacon is not a function');
        if (h.beacon == 'refuse') return false;
        h.beacons.push(body);
        return true;
      },
    },
    fetch: (_url: string, init: RequestInit) =>
      new Promise((resolve) => h.posts.push({ body: String(init.body), answer: (status) => resolve({ status, text: async () => '' }) })),
  };
  const line = (parts: unknown[]) => parts.map(String).join(' ');
  const ctx = {
    win,
    clock,
    log: { warn: (...parts: unknown[]) => h.warnings.push(line(parts)), error: (...parts: unknown[]) => h.errors.push(line(parts)) },
  } as unknown as PluginContext;
  const store: Store = {
    read: (key) => {
      reads++;
      const text = storage.get('varia_' + key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    write: (key, value) => (storage.set('varia_' + key, keptJson(value)!), true),
  };
  h.sender = createSender(ctx, () => store, URL, options.retries ?? 3, options.maxPending ?? 1000, () => true, options.open ?? (() => false));
  h.sender.load();
  return h;
};

const batch = (id: string, timeStamp: number, retryCount = 0): PendingEvent => ({ id, timeStamp, retryCount, data: { id } as never });
const storedIds = (h: Harness) => (JSON.parse(h.storage.get(KEY) ?? '[]') as PendingEvent[]).map((item) => item.id);

describe('tracker sender: the pending store', () => {
  it('keeps pending events under varia_pending_events, where the next page of the site reads them (TRK-38)', () => {
    expect(PENDING_KEY).toBe('pending_events');
    const h = harness();
    h.sender.put(batch('a', 1));
    expect(storedIds(h)).toEqual(['a']);
  });

  it('ignores stored entries that are not pending events (null, an id that is not a string) when loading', () => {
    const h = harness({ stored: [null, { id: 7, timeStamp: 1 }, 'text', batch('good', 2)] });
    expect(h.sender.count()).toBe(1);
  });

  it('stores the pending events oldest first, whatever order they were put in', () => {
    const h = harness();
    h.sender.put(batch('c', 30));
    h.sender.put(batch('a', 10));
    h.sender.put(batch('b', 20));
    expect(storedIds(h)).toEqual(['a', 'b', 'c']);
  });

  it('TRK-36 beyond the limit drops the oldest, says how many, and forgets them in this page too', () => {
    const h = harness({ maxPending: 2 });
    h.sender.put(batch('b', 20));
    h.sender.put(batch('a', 10));
    expect(h.warnings).toEqual([]);
    h.sender.put(batch('c', 30));
    expect(storedIds(h)).toEqual(['b', 'c']);
    expect(h.sender.count()).toBe(2);
    expect(h.warnings).toEqual(['Tracker: dropped 1 oldest pending events']);
  });

  it('re-reads the stored list before a write only when another tab changed it', () => {
    const h = harness();
    const afterLoad = h.reads();
    h.sender.put(batch('a', 1));
    h.sender.put(batch('b', 2));
    expect(h.reads()).toBe(afterLoad);
    // Another tab of the site adds its own pending event: kept by this page's next write.
    const list = JSON.parse(h.storage.get(KEY)!) as PendingEvent[];
    h.storage.set(KEY, JSON.stringify([...list, batch('other-tab', 3)]));
    h.sender.put(batch('c', 4));
    expect(h.reads()).toBe(afterLoad + 1);
    expect(storedIds(h)).toEqual(['a', 'b', 'other-tab', 'c']);
  });

  it("keeps another tab's batch whose id and time run together like a batch this page delivered", async () => {
    const h = harness();
    h.sender.put(batch('a1', 23));
    h.sender.send();
    h.posts[0].answer(204);
    await flushPromises();
    // `a12` at 3 and `a1` at 23 would both read "a123" without a separator between id and time.
    h.storage.set(KEY, JSON.stringify([batch('a12', 3)]));
    h.sender.put(batch('mine', 40));
    expect(storedIds(h)).toEqual(['a12', 'mine']);
  });
});

describe('tracker sender: sending', () => {
  it('TRK-39 a batch refused for good is logged as an error and leaves the store; a sent one leaves without an error', async () => {
    const h = harness();
    h.sender.put(batch('ok', 1));
    h.sender.put(batch('bad', 2));
    h.sender.send();
    h.posts[0].answer(204);
    await flushPromises();
    expect(h.errors).toEqual([]);
    h.posts[1].answer(400);
    await flushPromises();
    expect(h.errors).toEqual(['Tracker: the collector refused batch bad']);
    expect(storedIds(h)).toEqual([]);
  });

  it('a sent batch leaves the store while a batch still open stays in it', async () => {
    const h = harness({ open: (id) => id == 'open' });
    h.sender.put(batch('closed', 1));
    h.sender.put(batch('open', 2));
    h.sender.send();
    expect(h.posts).toHaveLength(1);
    h.posts[0].answer(204);
    await flushPromises();
    expect(h.sender.count()).toBe(1);
    expect(storedIds(h)).toEqual(['open']);
  });

  it('TRK-13 a browser whose sendBeacon throws sends the batch by POST instead', () => {
    const h = harness();
    h.beacon = 'throw';
    h.sender.put(batch('a', 1));
    h.sender.send(true);
    expect(h.beacons).toEqual([]);
    expect(h.posts).toHaveLength(1);
  });

  it('TRK-13 a refused beacon does not post a batch a second time while its POST is still in flight', () => {
    const h = harness();
    h.sender.put(batch('a', 1));
    h.sender.send();
    expect(h.posts).toHaveLength(1);
    h.beacon = 'refuse';
    h.sender.send(true);
    expect(h.posts).toHaveLength(1);
  });

  it('TRK-37 TRK-39 a fresh batch takes a waiting one along only once its quick retries are spent', async () => {
    const h = harness({ retries: 1 });
    h.sender.put(batch('a', 1));
    h.sender.send();
    h.posts[0].answer(503);
    await flushPromises();
    // One failure: the quick retry waits its 1 s, even when the page sends a new batch.
    h.sender.send(false, true);
    expect(h.posts).toHaveLength(1);
    await h.clock.tickAsync(1000);
    expect(h.posts).toHaveLength(2);
    h.posts[1].answer(503);
    await flushPromises();
    // Retries spent: the 30 s wait holds for a plain send, a fresh batch takes it along at once.
    h.sender.send();
    expect(h.posts).toHaveLength(2);
    h.sender.send(false, true);
    expect(h.posts).toHaveLength(3);
  });

  it('TRK-39 a POST without a pending event id is refused with the catalogue text', async () => {
    await expect(postPending(undefined, URL, undefined as never)).rejects.toThrow(MSG_NO_ID);
  });
});
