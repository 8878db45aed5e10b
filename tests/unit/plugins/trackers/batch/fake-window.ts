/**
 * A small stand-in window for tracker unit tests in Node: a recording `fetch` whose answers the test
 * chooses, a recording `sendBeacon`, localStorage, page-hide and visibility events. Only the surface
 * the tracker touches; browser behaviour itself is covered by tests/browser/tracker/.
 */
import { BATCH_SHORT_KEYS, type TrackerBatch } from '../../../../../core/kinds/tracking';

export interface SentRequest {
  url: string;
  method: string;
  body: string;
  via: 'fetch' | 'beacon';
}

export interface FakeWindow {
  win: Window & typeof globalThis;
  requests: SentRequest[];
  /** Status the fake fetch answers with; 0 makes it reject (network failure). */
  status: number;
  beaconAccepts: boolean;
  storage: Map<string, string>;
  /** Fires a window (or document) event by type. */
  fire(type: string): void;
  setVisibility(state: 'visible' | 'hidden'): void;
}

export const createFakeWindow = (options: { userAgent?: string; search?: string; noStorage?: boolean } = {}): FakeWindow => {
  const listeners: Record<string, Array<(event: Event) => void>> = {};
  const on = (type: string, fn: (event: Event) => void) => void (listeners[type] ??= []).push(fn);
  const off = (type: string, fn: (event: Event) => void) => {
    listeners[type] = (listeners[type] ?? []).filter((other) => other !== fn);
  };
  const storage = new Map<string, string>();
  let visibility = 'visible';
  const fake: FakeWindow = {
    requests: [],
    status: 204,
    beaconAccepts: true,
    storage,
    fire: (type) => (listeners[type] ?? []).slice().forEach((fn) => fn({ type } as Event)),
    setVisibility: (state) => {
      visibility = state;
      fake.fire('visibilitychange');
    },
    win: undefined as never,
  };
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.noStorage) throw new Error('QuotaExceededError');
      storage.set(key, String(value));
    },
    removeItem: (key: string) => void storage.delete(key),
    key: (index: number) => [...storage.keys()][index] ?? null,
    get length() {
      return storage.size;
    },
  };
  fake.win = {
    location: { origin: 'https://shop.example', search: options.search ?? '', href: 'https://shop.example/' },
    navigator: {
      userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
      sendBeacon: (url: string, body: string | Blob) => {
        if (!fake.beaconAccepts) return false;
        // The tracker sends a string; a Blob's text is async, so this fake's Blob keeps it in __text.
        fake.requests.push({ url, method: 'POST', body: typeof body == 'string' ? body : (body as unknown as { __text: string }).__text, via: 'beacon' });
        return true;
      },
    },
    Blob: class {
      __text: string;
      constructor(parts: string[]) {
        this.__text = parts.join('');
      }
    },
    fetch: async (url: string, init: RequestInit) => {
      fake.requests.push({ url, method: init.method ?? 'GET', body: String(init.body ?? ''), via: 'fetch' });
      if (!fake.status) throw new TypeError('Failed to fetch');
      return { status: fake.status, text: async () => '' };
    },
    localStorage,
    crypto: globalThis.crypto,
    addEventListener: on,
    removeEventListener: off,
    document: {
      get visibilityState() {
        return visibility;
      },
      readyState: 'complete',
      addEventListener: on,
      removeEventListener: off,
    },
    setTimeout,
    clearTimeout,
  } as unknown as Window & typeof globalThis;
  return fake;
};

/** Normalises a short-key batch to the long form (the collector's rule, ruling 12), for assertions. */
export const longForm = (batch: TrackerBatch): TrackerBatch => {
  const long = (record: Record<string, unknown>, table: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [table[key] ?? key, value]));
  return {
    ...batch,
    visitors: batch.visitors.map((visitor) => ({
      ...visitor,
      attributes: visitor.attributes.map((a) => long(a as never, BATCH_SHORT_KEYS.attribute)) as never,
      snapshots: visitor.snapshots.map((snapshot) => ({
        decisions: snapshot.decisions.map((d) => long(d as never, BATCH_SHORT_KEYS.decision)) as never,
        events: snapshot.events.map((e) => long(e as never, BATCH_SHORT_KEYS.event)) as never,
      })),
    })),
  };
};

/** The batches posted or beaconed so far, long form. */
export const batchesOf = (fake: FakeWindow): TrackerBatch[] => fake.requests.map((request) => longForm(JSON.parse(request.body)));

/** Every event of every batch sent so far, long form. */
export const eventsOf = (fake: FakeWindow) =>
  batchesOf(fake).flatMap((batch) => batch.visitors.flatMap((visitor) => visitor.snapshots.flatMap((snapshot) => snapshot.events)));
