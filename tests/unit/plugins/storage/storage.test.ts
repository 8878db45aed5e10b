import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../core/testing';
import cookie, { msgExpirationRaised } from '../../../../plugins/storage/cookie';
import crossDomain from '../../../../plugins/storage/cross-domain';
import local from '../../../../plugins/storage/local';
import session from '../../../../plugins/storage/session';

/** A Web Storage stand-in for Node (real localStorage is tested in tests/browser/visitor/). */
const fakeStorage = (quota = Infinity) => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
};

describe('local and session storage plugins', () => {
  it('VIS-25 values are JSON under the product prefix', async () => {
    const storage = fakeStorage();
    const plugin = local();
    const t = bootKernel({ plugins: [plugin], win: { localStorage: storage } as unknown as Window });
    await t.settle();
    expect(plugin.write('visitor_profile', { a: 0 })).toBe(true);
    expect(plugin.write('visitor_profile', { a: 1 })).toBe(true);
    // Reads see the writes at once; the area gets them together right after this run, each key once.
    expect(plugin.read('visitor_profile')).toEqual({ a: 1 });
    expect(storage.items.has('varia_visitor_profile')).toBe(false);
    await Promise.resolve();
    expect(storage.items.get('varia_visitor_profile')).toBe('{"a":1}');
    expect(plugin.read('visitor_profile')).toEqual({ a: 1 });
    expect(plugin.read('varia_visitor_profile')).toEqual({ a: 1 }); // an already prefixed key is used as is
    plugin.remove('visitor_profile');
    expect(plugin.read('visitor_profile')).toBeUndefined();
    await Promise.resolve();
    expect(storage.items.has('varia_visitor_profile')).toBe(false);
  });

  it('VIS-25 a value is turned into JSON when the writes are flushed, after the run that wrote it, and reads before that get a copy', async () => {
    const storage = fakeStorage();
    const plugin = local();
    const t = bootKernel({ plugins: [plugin], win: { localStorage: storage } as unknown as Window });
    await t.settle();
    let walked = 0;
    const value = {
      list: [1],
      get counted() {
        walked++;
        return 'x';
      },
    };
    expect(plugin.write('profile', value)).toBe(true);
    // The run that writes (the one applying the page's changes) does not walk the value.
    expect(walked).toBe(0);
    const copy = plugin.read('profile') as { list: number[] };
    expect(copy).toEqual({ list: [1], counted: 'x' });
    copy.list.push(9); // a copy: the pending value is not changed through it
    value.list.push(2); // changed after its write, before the flush: stored as it is at the flush
    expect(plugin.write('gone', 1)).toBe(true);
    plugin.remove('gone');
    expect(plugin.write('nothing', () => 1)).toBe(false);
    expect(plugin.write('null', null)).toBe(true);
    await Promise.resolve();
    expect(storage.items.get('varia_profile')).toBe('{"list":[1,2],"counted":"x"}');
    expect(storage.items.has('varia_gone')).toBe(false);
    expect(storage.items.has('varia_nothing')).toBe(false);
    expect(storage.items.get('varia_null')).toBe('null');
  });

  it('VIS-26 ERR-45 without storage the values live in memory and "Local storage is unavailable" is reported once', async () => {
    for (const make of [local, session]) {
      const plugin = make();
      const t = bootKernel({ plugins: [plugin] });
      await t.settle();
      expect(plugin.write('a', 1)).toBe(false);
      expect(plugin.write('b', 2)).toBe(false);
      expect(plugin.read('a')).toBe(1);
      expect(t.errors()).toEqual(['Local storage is unavailable']);
    }
  });

  it('VIS-26 a full store keeps the new value in memory; reads see it', async () => {
    const storage = fakeStorage(10);
    const plugin = local();
    const t = bootKernel({ plugins: [plugin], win: { localStorage: storage } as unknown as Window });
    await t.settle();
    const failed: string[] = [];
    expect(plugin.write('small', 1)).toBe(true);
    // Accepted at once; the area refuses it when the writes are flushed, right after this run.
    expect(plugin.write('big', 'x'.repeat(50), { failed: (problem) => failed.push(problem) })).toBe(true);
    await Promise.resolve();
    expect(failed).toEqual(['Local storage is unavailable']);
    expect(storage.items.get('varia_small')).toBe('1');
    expect(plugin.read('big')).toBe('x'.repeat(50));
    expect(plugin.read('small')).toBe(1);
    expect(t.errors()).toEqual(['Local storage is unavailable']);
  });

  it('VIS-25 corrupted JSON is read as absent with a warning, never thrown, and other keys are untouched', async () => {
    const storage = fakeStorage();
    storage.items.set('varia_session_state', '{"sessionId":');
    storage.items.set('varia_visitor_profile', '{"randomId":"r1"}');
    const plugin = session();
    const t = bootKernel({ plugins: [plugin], win: { sessionStorage: storage } as unknown as Window });
    await t.settle();
    expect(plugin.read('session_state')).toBeUndefined();
    expect(plugin.read('visitor_profile')).toEqual({ randomId: 'r1' });
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Ignored corrupted stored value "varia_session_state"' });
  });
});

describe('cookie storage plugin', () => {
  it('VIS-31 defaults: 15552000 s, no domain; VIS-34 cookieDomain runs before load', async () => {
    const plugin = cookie();
    const t = bootKernel({ plugins: [plugin], queue: [['cookieDomain', 'example.com']] });
    expect(plugin.settings()).toEqual({ domain: 'example.com', maxAge: 15552000 });
    await t.settle();
  });

  it('VIS-32 VIS-33 ERR-56 cookieExpiration below 90 days is set to 90 (in seconds) with an error logged', async () => {
    const plugin = cookie();
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    t.push(['cookieExpiration', 30]);
    expect(plugin.settings().maxAge).toBe(90 * 86400);
    expect(t.logs).toContainEqual({ level: 'error', text: msgExpirationRaised(30) });
    t.push(['cookieExpiration', 365]);
    expect(plugin.settings().maxAge).toBe(365 * 86400);
  });

  it('VIS-30 ERR-43 without a document a write fails with "Failed to set cookie"', async () => {
    const plugin = cookie();
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    expect(plugin.write('visitor_id', 'abc')).toBe(false);
    expect(t.errors()).toEqual(['Failed to set cookie']);
  });
});

describe('cross-domain storage plugin (no window)', () => {
  it('XDS-12 ERR-11 waitForOriginSync needs an array of strings', async () => {
    const t = bootKernel({ plugins: [crossDomain()] });
    await t.settle();
    t.push(['waitForOriginSync', 'https://a.example']);
    t.push(['waitForOriginSync', ['https://a.example', 3]]);
    t.push(['waitForOriginSync', ['https://a.example']]);
    expect(t.errors()).toEqual(['canonicalOrigins must be an array', 'canonicalOrigins must be an array']);
  });

  it('XDS-13 after disableCrossOrigin activation starts at once and writes are refused', async () => {
    const plugin = crossDomain();
    const t = bootKernel({ plugins: [plugin], queue: [['disableCrossOrigin']] });
    await t.settle();
    expect(t.lifecycle()).toEqual(['initialized', 'activate', 'viewsActivated', 'activated', 'activateDeferredDone']);
    expect(plugin.state()).toBe('disabled');
    expect(plugin.write('visitor', { randomId: 'r' })).toBe(false);
    expect(t.clock.pending()).toBe(0);
  });
});

describe('names and constants', () => {
  it('VIS-29 VIS-31 VIS-32 VIS-36 the cookie set and lifetimes of the spec, under the product prefix', async () => {
    const { COOKIE_NAMES, COOKIE_MAX_AGE } = await import('../../../../core/kinds/visitor');
    const { prefixed } = await import('../../../../plugins/storage/_shared/keys');
    const names = ['optOut', 'preview', 'redirect', 'sessionState', 'session', 'token', 'visitorId', 'visitorUuid'] as const;
    expect(names.map((name) => prefixed(COOKIE_NAMES[name]))).toEqual([
      'varia_opt_out',
      'varia_preview',
      'varia_redirect',
      'varia_session_state',
      'varia_session',
      'varia_token',
      'varia_visitor_id',
      'varia_visitor_uuid',
    ]);
    expect(COOKIE_MAX_AGE).toEqual({ default: 15552000, minimum: 90 * 86400, optOut: 315360000 });
  });
});
