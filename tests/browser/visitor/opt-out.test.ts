/**
 * Opt-out in Chromium: the varia_opt_out parameter on the page URL, the real opt-out cookie and its
 * lifetime, the alerts, and a disabled runtime.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import type { VisitorModule } from '../../../core/kinds/visitor';
import controls from '../../../plugins/modules/controls';
import visitor from '../../../plugins/modules/visitor';
import { MSG_NOT_OPTED_OUT, MSG_OPTED_OUT } from '../../../plugins/modules/visitor/opt-out';
import cookie from '../../../plugins/storage/cookie';
import local from '../../../plugins/storage/local';
import { clearVaria, cookieExpiry, pageCookies } from './helpers';

const original = { url: location.href, alert: window.alert };
let alerts: string[] = [];

beforeEach(() => {
  alerts = [];
  window.alert = (message?: unknown) => void alerts.push(String(message));
});
afterEach(() => {
  history.replaceState(null, '', original.url);
  window.alert = original.alert;
  clearVaria();
});

const withParam = (value: string) => {
  const url = new URL(original.url);
  url.searchParams.set('varia_opt_out', value);
  history.replaceState(null, '', url.href);
};
const boot = (queue: unknown[] = []) => bootKernel({ plugins: [local(), cookie(), visitor()], win: window, queue });

describe('opt-out', () => {
  it('URL-25 VIS-35 the directive\'s forced opt-out is stored in the opt-out cookie like the parameter, without an alert', async () => {
    const url = new URL(original.url);
    url.searchParams.set('varia_x', 'opt_out');
    history.replaceState(null, '', url.href);
    const t = bootKernel({ plugins: [local(), cookie(), controls(), visitor()], win: window });
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
    expect((t.get('visitor') as VisitorModule).optedOut()).toBe(true);
    expect(pageCookies().varia_opt_out).toBe('true');
    expect(alerts).toEqual([]);
  });

  it('VIS-35 VIS-36 VIS-38 URL-14 varia_opt_out=true disables the runtime, sets the ten-year cookie and alerts', async () => {
    withParam('true');
    // Record what is written: Chromium caps every cookie's lifetime at 400 days, so the expiry alone
    // cannot show the 315360000 s the runtime asks for.
    const written: string[] = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document),
      set: (text: string) => {
        written.push(text);
        native.set!.call(document, text);
      },
    });
    const t = boot();
    await t.settle();
    delete (document as unknown as Record<string, unknown>).cookie;
    expect(written.find((text) => text.startsWith('varia_opt_out='))).toContain('max-age=315360000;');
    expect(t.lifecycle()).toEqual([]);
    expect((t.get('visitor') as VisitorModule).optedOut()).toBe(true);
    expect(alerts).toEqual([MSG_OPTED_OUT]);
    expect(MSG_OPTED_OUT).toBe('You have successfully opted out of Varia for this domain.');
    expect(pageCookies().varia_opt_out).toBe('true');
    expect((await cookieExpiry('varia_opt_out'))! - Date.now()).toBeGreaterThan(399 * 86400000);
  });

  it('VIS-35 the opt-out cookie alone disables the runtime on later pages, without an alert', async () => {
    withParam('true');
    await boot().settle();
    history.replaceState(null, '', original.url);
    alerts = [];
    const t = boot();
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it('VIS-39 URL-14 varia_opt_out=false clears the opt-out, alerts "NOT opted out", and the runtime runs', async () => {
    document.cookie = 'varia_opt_out=true; path=/';
    withParam('false');
    const t = boot();
    await t.settle();
    expect(alerts).toEqual([MSG_NOT_OPTED_OUT]);
    expect(MSG_NOT_OPTED_OUT).toBe('You are NOT opted out of Varia for this domain.');
    expect(pageCookies().varia_opt_out).toBeUndefined();
    expect(t.lifecycle()).toContain('activated');
  });

  it('VIS-37 KRN-26 a queued optOut call runs before load: runtime disabled, cookie set, no alert', async () => {
    const t = boot([['optOut', true]]);
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
    expect(pageCookies().varia_opt_out).toBe('true');
    expect(alerts).toEqual([]);
  });
});
