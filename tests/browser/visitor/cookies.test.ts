/**
 * The cookie storage plugin on real `document.cookie` in Chromium: names, path, lifetimes, domain,
 * verification by reading back, and tampered cookies.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import type { VisitorModule } from '../../../core/kinds/visitor';
import visitor, { MSG_ID_NOT_PERSISTED } from '../../../plugins/modules/visitor';
import cookie from '../../../plugins/storage/cookie';
import local from '../../../plugins/storage/local';
import { clearVaria, cookieExpiry, pageCookies } from './helpers';

const DAY_MS = 86400000;

afterEach(clearVaria);

const boot = (queue: unknown[] = []) => {
  const plugin = cookie();
  const t = bootKernel({ plugins: [plugin], win: window, queue });
  return { ...t, plugin };
};

describe('cookie storage in Chromium', () => {
  it('VIS-29 VIS-31 a write sets the prefixed cookie on path / with max age 15552000 s, read back and verified', async () => {
    const t = boot();
    await t.settle();
    const before = Date.now();
    expect(t.plugin.write('visitor_id', 'abc 1;2')).toBe(true);
    expect(t.plugin.read('visitor_id')).toBe('abc 1;2');
    // The document gets it right after the run that wrote it.
    expect(pageCookies().varia_visitor_id).toBeUndefined();
    await Promise.resolve();
    expect(pageCookies().varia_visitor_id).toBe('abc 1;2');
    const expires = (await cookieExpiry('varia_visitor_id'))!;
    expect(Math.abs(expires - (before + 15552000 * 1000))).toBeLessThan(5000);
    t.plugin.remove('visitor_id');
    await Promise.resolve();
    expect(pageCookies().varia_visitor_id).toBeUndefined();
  });

  it('VIS-32 VIS-33 VIS-34 cookieExpiration below 90 days stores 90 days (7776000 s) and refreshes written cookies', async () => {
    const t = boot();
    await t.settle();
    t.plugin.write('visitor_id', 'v1');
    t.push(['cookieExpiration', 10]);
    await Promise.resolve();
    expect(t.logs.some((line) => line.level === 'error' && line.text.includes('below 90'))).toBe(true);
    const expires = (await cookieExpiry('varia_visitor_id'))!;
    expect(Math.abs(expires - (Date.now() + 90 * DAY_MS))).toBeLessThan(5000);
  });

  it('VIS-34 extendCookieLifetime renews the lifetime of the runtime cookies written this page', async () => {
    const t = boot();
    await t.settle();
    t.plugin.write('visitor_id', 'v1');
    await Promise.resolve();
    // Shorten it behind the plugin's back, as an older page would have left it.
    document.cookie = 'varia_visitor_id=v1; max-age=100; path=/';
    expect((await cookieExpiry('varia_visitor_id'))! - Date.now()).toBeLessThan(101000);
    t.push(['extendCookieLifetime']);
    expect(Math.abs((await cookieExpiry('varia_visitor_id'))! - (Date.now() + 15552000 * 1000))).toBeLessThan(5000);
  });

  it('VIS-30 ERR-43 a cookie the browser refuses (foreign cookieDomain) fails with "Failed to set cookie"', async () => {
    const t = boot([['cookieDomain', 'other.invalid']]);
    await t.settle();
    const failed: string[] = [];
    // Accepted at once; the read-back at the start of the next task finds it missing.
    expect(t.plugin.write('visitor_id', 'v1', { failed: (problem) => failed.push(problem) })).toBe(true);
    expect(t.errors()).toEqual([]);
    t.clock.tick(0);
    expect(t.errors()).toEqual(['Failed to set cookie']);
    expect(failed).toEqual(['Failed to set cookie']);
    expect(pageCookies().varia_visitor_id).toBeUndefined();
    expect(t.plugin.read('visitor_id')).toBeUndefined();
  });

  it('VIS-30 ERR-44 a same-named tampered cookie that shadows the write gives a cookie mismatch', async () => {
    // A page under a deeper path, where a cookie on that path is listed before the runtime's path=/ one.
    const frame = document.createElement('iframe');
    frame.src = '/tests/browser/visitor/fixtures/blank.html';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow!;
    const path = win.location.pathname.replace(/\/[^/]*$/, '');
    win.document.cookie = `varia_visitor_id=tampered; path=${path}`;
    const plugin = cookie();
    const t = bootKernel({ plugins: [plugin], win });
    await t.settle();
    expect(plugin.write('visitor_id', 'mine')).toBe(true);
    t.clock.tick(0);
    expect(t.errors()).toEqual(['Cookie mismatch for "varia_visitor_id"']);
    win.document.cookie = `varia_visitor_id=; max-age=0; path=${path}`;
    frame.remove();
  });

  it('VIS-30 the writes of one task cost one read of document.cookie, and are verified by one read-back in the next task', async () => {
    const t = boot();
    await t.settle();
    t.clock.tick(0);
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => (reads++, descriptor.get!.call(document)),
      set: (value: string) => descriptor.set!.call(document, value),
    });
    try {
      expect(t.plugin.write('visitor_id', 'v1')).toBe(true);
      expect(t.plugin.write('session', '42')).toBe(true);
      expect(t.plugin.read('visitor_id')).toBe('v1');
      expect(t.plugin.read('session')).toBe('42');
      expect(reads).toBe(1);
      t.clock.tick(0);
      expect(reads).toBe(2);
      expect(t.errors()).toEqual([]);
      // A cookie another script writes is seen from the next task on.
      document.cookie = 'varia_other=x; path=/';
      expect(t.plugin.read('other')).toBe('x');
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
      document.cookie = 'varia_other=; max-age=0; path=/';
    }
  });

  it('VIS-30 ERR-43 when the browser refuses the id cookie and local storage is unavailable, the visitor disables tracking after the task', async () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      const t = bootKernel({ plugins: [local(), cookie(), visitor()], win: window, queue: [['cookieDomain', 'other.invalid']] });
      await t.settle();
      const notPersisted = { level: 'error', text: MSG_ID_NOT_PERSISTED };
      expect(t.logs).not.toContainEqual(notPersisted);
      t.clock.tick(0);
      expect(t.errors()).toContain('Failed to set cookie');
      expect(t.logs).toContainEqual(notPersisted);
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });

  it('VIS-27 VIS-29 the visitor writes the visitor-id and session cookies; a tampered id cookie does not cost the stored id', async () => {
    const first = bootKernel({ plugins: [local(), cookie(), visitor()], win: window });
    await first.settle();
    const id = (first.get('visitor') as VisitorModule).randomId()!;
    expect(pageCookies().varia_visitor_id).toBe(id);
    expect(pageCookies().varia_session).toMatch(/^\d+$/);
    first.kernel.destroy();

    document.cookie = 'varia_visitor_id=%3Cimg%20src%3Dx%3E; path=/';
    const second = bootKernel({ plugins: [local(), cookie(), visitor()], win: window });
    await second.settle();
    expect((second.get('visitor') as VisitorModule).randomId()).toBe(id);
    expect(pageCookies().varia_visitor_id).toBe(id);
    expect(second.logs).toContainEqual({ level: 'warn', text: 'Ignored tampered cookie "varia_visitor_id"' });
  });

  it('VIS-28 sticky edge cookies are read into the variation map and profile, and never written', async () => {
    document.cookie = `varia_edge_variation_map=${encodeURIComponent(JSON.stringify({ L1: { E1: 'V2' } }))}; path=/`;
    document.cookie = `varia_edge_profile=${encodeURIComponent(JSON.stringify({ tier: 'gold' }))}; path=/`;
    const t = bootKernel({ plugins: [local(), cookie(), visitor()], win: window });
    await t.settle();
    const v = t.get('visitor') as VisitorModule;
    expect(v.variationMap()).toEqual({ L1: { E1: 'V2' } });
    expect(v.attributes().tier.value).toBe('gold');
    expect(pageCookies().varia_edge_variation_map).toBe(JSON.stringify({ L1: { E1: 'V2' } }));
  });
});
