import { describe, expect, it } from 'vitest';
import type { Plugin } from '../../../../../core';
import device from '../../../../../plugins/profile-providers/device';
import location from '../../../../../plugins/profile-providers/location';
import { bootAudiences } from './helpers';
import { EVERYONE_ELSE_ONLY, HOMEPAGE_AUDIENCES, REGISTERED_TRAIT, USER_TRAITS_KEY } from '../../../../../config/homepage/audiences';

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** A storage-traits provider over fixed stores (the real one reads window storage: tests/browser/audiences). */
const stores = (session: Record<string, string>, local: Record<string, string>): Plugin =>
  ({ type: 'profileProvider', name: 'storage', fields: ['localStorage', 'sessionStorage'], provide: () => ({ sessionStorage: (k: string) => session[k], localStorage: (k: string) => local[k] }) }) as Plugin;

const boot = (options: { ua?: string; first?: boolean; session?: Record<string, string>; local?: Record<string, string> } = {}) => {
  const win = { navigator: { userAgent: options.ua ?? WINDOWS_UA, maxTouchPoints: 0 } } as unknown as Window;
  const t = bootAudiences({
    win,
    data: { audiences: HOMEPAGE_AUDIENCES },
    visitor: { firstSession: options.first ?? true },
    extra: [device(), location({ await: true }), stores(options.session ?? {}, options.local ?? {})],
  });
  return t;
};

describe('homepage audiences', () => {
  it('HPC-25 Everyone else qualifies every visitor, and as the remainder only those in no other audience', async () => {
    const t = boot();
    await t.settle();
    expect(t.errors()).toEqual([]);
    t.audiences.load();
    expect(t.audiences.qualifies(['everyone_else'])).toBe(true);
    t.push(['geolocation', { location: { country: 'FR' } }]);
    const phone = boot({ ua: IPHONE_UA, local: { [USER_TRAITS_KEY]: '{"loggedIn":true}' } });
    await phone.settle();
    phone.push(['geolocation', { location: { country: 'FR' } }]);
    phone.audiences.load();
    expect(await phone.audiences.qualifies(EVERYONE_ELSE_ONLY)).toBe(true);
    t.audiences.load();
    expect(await t.audiences.qualifies(EVERYONE_ELSE_ONLY)).toBe(false); // a desktop visitor
  });

  it('HPC-26 Desktop Only matches the desktop_laptop device type', async () => {
    const desktop = boot();
    await desktop.settle();
    expect(desktop.audiences.qualifies(['desktop_only'])).toBe(true);
    const phone = boot({ ua: IPHONE_UA });
    await phone.settle();
    expect(phone.audiences.qualifies(['desktop_only'])).toBe(false);
  });

  it('HPC-27 New matches the first session; HPC-28 Returning when it is not the first session', async () => {
    const first = boot({ first: true });
    await first.settle();
    expect(first.audiences.matching(['new', 'returning'])).toEqual(['new']);
    const again = boot({ first: false });
    await again.settle();
    expect(again.audiences.matching(['new', 'returning'])).toEqual(['returning']);
  });

  it('HPC-29 AUS + NZ matches when the location country is AU or NZ', async () => {
    for (const [country, expected] of [['AU', true], ['NZ', true], ['US', false]] as const) {
      const t = boot();
      await t.settle();
      t.audiences.load();
      const result = t.audiences.qualifies(['aus_nz']);
      t.push(['geolocation', { ip: '198.51.100.1', location: { country } }]);
      expect(await result, country).toBe(expected);
    }
    // No answer within the timeout: unknown, does not qualify.
    const t = boot();
    await t.settle();
    t.audiences.load();
    const result = t.audiences.qualifies(['aus_nz']) as Promise<boolean>;
    await t.clock.tickAsync(2000);
    expect(await result).toBe(false);
  });

  it('HPC-30 Unregistered Users (Enhanced): registered trait absent or false, and no signup_source or loggedIn trait', async () => {
    const cases: Array<[Record<string, string>, Record<string, string>, boolean]> = [
      [{}, {}, true],
      [{ segResponse: JSON.stringify({ found_traits: { [REGISTERED_TRAIT]: false } }) }, {}, true],
      [{ segResponse: JSON.stringify({ found_traits: { [REGISTERED_TRAIT]: true } }) }, {}, false],
      [{}, { [USER_TRAITS_KEY]: JSON.stringify({ signup_source: 'homepage' }) }, false],
      [{}, { [USER_TRAITS_KEY]: JSON.stringify({ loggedIn: false }) }, false],
      [{ segResponse: 'not json' }, { [USER_TRAITS_KEY]: JSON.stringify({ name: 'x' }) }, true],
    ];
    for (const [session, local, expected] of cases) {
      const t = boot({ session, local });
      await t.settle();
      expect(t.audiences.qualifies(['unregistered_enhanced']), JSON.stringify([session, local])).toBe(expected);
    }
  });

  it('HPC-31 HPC-32 the audience reads session storage segResponse.found_traits and the local-storage user traits', () => {
    const conditions = JSON.stringify(HOMEPAGE_AUDIENCES.find((a) => a.id === 'unregistered_enhanced')!.conditions);
    expect(conditions).toContain(`segResponse.found_traits.${REGISTERED_TRAIT}`);
    expect(conditions).toContain(`${USER_TRAITS_KEY}.signup_source`);
    expect(conditions).toContain(`${USER_TRAITS_KEY}.loggedIn`);
  });
});
