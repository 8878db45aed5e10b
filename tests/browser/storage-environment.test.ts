/**
 * Facts about cookies, Web Storage and frames in real Chromium that the storage and
 * cross-origin plugins build on. A simulated DOM fakes most of these, so they are checked
 * here, in the same browser the end-to-end tests use.
 */
import { afterEach, describe, expect, it } from 'vitest';

/** Served by Vitest's Vite server from the repository root, so it shares the test's origin. */
const FRAME_URL = '/tests/browser/fixtures/storage-frame.html';

/** Every key and cookie the tests write starts with this, so cleanup finds them. */
const KEY_PREFIX = 'varia_test_';

/** Long enough for a same-process postMessage, short enough to keep the suite fast. */
const NO_MESSAGE_WAIT_MS = 250;

interface FrameReply {
  kind: 'reply';
  id: number;
  origin: string;
  cookie: string;
  local: string | null;
  session: string | null;
}

interface FrameStorageEvent {
  kind: 'storage';
  key: string | null;
  oldValue: string | null;
  newValue: string | null;
  area: 'local' | 'session' | 'other';
}

const frames: HTMLIFrameElement[] = [];

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

function clearTestState(): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name.startsWith(KEY_PREFIX)) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith(KEY_PREFIX)) storage.removeItem(key);
  }
}

async function openFrame(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.src = FRAME_URL;
  frames.push(frame);
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  document.body.append(frame);
  await loaded;
  return frame;
}

/** Resolves with the first message from `source` that `accept` takes, as a MessageEvent. */
function nextMessageFrom<T>(source: Window, accept: (data: unknown) => data is T): Promise<MessageEvent<T>> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== source || !accept(event.data)) return;
      window.removeEventListener('message', onMessage);
      resolve(event as MessageEvent<T>);
    };
    window.addEventListener('message', onMessage);
  });
}

const isReply = (data: unknown): data is FrameReply => (data as FrameReply | null)?.kind === 'reply';
const isStorageEvent = (data: unknown): data is FrameStorageEvent =>
  (data as FrameStorageEvent | null)?.kind === 'storage';

let nextRequestId = 1;

/** Asks the frame what it sees for `key`; resolves with the reply's MessageEvent. */
function askFrame(frame: HTMLIFrameElement, key: string, targetOrigin = location.origin): Promise<MessageEvent<FrameReply>> {
  const id = nextRequestId++;
  const source = frame.contentWindow!;
  const reply = nextMessageFrom(source, (data): data is FrameReply => isReply(data) && data.id === id);
  source.postMessage({ kind: 'read', id, key }, targetOrigin);
  return reply;
}

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
  clearTestState();
});

describe('cookies', () => {
  it('round-trip through document.cookie, encoded, and can be deleted with Max-Age=0', () => {
    expect(navigator.cookieEnabled).toBe(true);
    const name = `${KEY_PREFIX}cookie`;
    const value = 'a b;c=d/é';
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=3600`;
    expect(readCookie(name)).toBe(value);

    document.cookie = `${name}=; Path=/; Max-Age=0`;
    expect(readCookie(name)).toBeUndefined();
  });

  it('are visible to a same-origin frame', async () => {
    const name = `${KEY_PREFIX}shared`;
    document.cookie = `${name}=from-parent; Path=/; SameSite=Lax`;
    const frame = await openFrame();
    const { data } = await askFrame(frame, name);
    expect(data.cookie.split('; ')).toContain(`${name}=from-parent`);
  });
});

describe('localStorage', () => {
  it('round-trips strings (and JSON as strings) and returns null for missing keys', () => {
    const key = `${KEY_PREFIX}local`;
    const value = { visitorId: 'v1', layers: { a: 'b' } };
    localStorage.setItem(key, JSON.stringify(value));
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual(value);
    // Non-strings are stored as their string form, not as values.
    localStorage.setItem(key, 42 as unknown as string);
    expect(localStorage.getItem(key)).toBe('42');
    localStorage.removeItem(key);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('is shared with a same-origin frame, which gets a storage event for a change made here', async () => {
    const key = `${KEY_PREFIX}event`;
    const frame = await openFrame();
    const storageEvent = nextMessageFrom(frame.contentWindow!, isStorageEvent);
    localStorage.setItem(key, 'v2');

    const { data: seen } = await storageEvent;
    expect(seen).toEqual({ kind: 'storage', key, oldValue: null, newValue: 'v2', area: 'local' });
    const { data: reply } = await askFrame(frame, key);
    expect(reply.local).toBe('v2');
  });
});

describe('sessionStorage', () => {
  it('round-trips values and is shared with a same-origin frame in the same tab', async () => {
    const key = `${KEY_PREFIX}session`;
    sessionStorage.setItem(key, 'tab-scoped');
    expect(sessionStorage.getItem(key)).toBe('tab-scoped');
    const frame = await openFrame();
    const { data } = await askFrame(frame, key);
    expect(data.session).toBe('tab-scoped');
    sessionStorage.removeItem(key);
    expect(sessionStorage.getItem(key)).toBeNull();
  });
});

describe('postMessage between frames', () => {
  it('carries the sender origin in event.origin and the sender window in event.source', async () => {
    const frame = await openFrame();
    const reply = await askFrame(frame, `${KEY_PREFIX}none`);
    expect(reply.origin).toBe(location.origin);
    expect(reply.source).toBe(frame.contentWindow);
    // The frame saw our origin in its own event.origin and echoed its view of it.
    expect(reply.data.origin).toBe(location.origin);
    expect(reply.data.local).toBeNull();
  });

  it('is not delivered when the targetOrigin does not match the frame', async () => {
    const frame = await openFrame();
    const reply = askFrame(frame, `${KEY_PREFIX}none`, 'https://other.invalid');
    const silence = new Promise<'no reply'>((resolve) => setTimeout(() => resolve('no reply'), NO_MESSAGE_WAIT_MS));
    expect(await Promise.race([reply.then(() => 'reply' as const), silence])).toBe('no reply');
  });
});
