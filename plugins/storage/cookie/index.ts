/**
 * The `cookie` storage plugin (VIS-27..34): cookies under the product prefix, path `/`, the configured
 * cookie domain and lifetime, every write verified by reading it back, and the push calls
 * `cookieDomain`, `cookieExpiration` and `extendCookieLifetime`. See ../README.md.
 */
import type { PluginContext, PluginOf } from '../../../core';
import { COOKIE_MAX_AGE } from '../../../core/kinds/visitor';
import { MSG_FAILED_TO_SET_COOKIE, msgCookieMismatch, prefixed } from '../_shared/keys';

const DAY = 86400;

/** Logged when `cookieExpiration` asks for less than 90 days (VIS-33, ERR-56; the spec gives no text). */
export const msgExpirationRaised = (days: unknown) => `cookieExpirationDays ${days} is below 90; using 90`;

/** The cookie plugin: a storage back end plus its current settings, for tests and tools. */
export type CookiePlugin = PluginOf<'storage'> & {
  /** Current settings: cookie domain (undefined: the page's host) and max age in seconds. */
  settings(): { domain?: string; maxAge: number };
};

/** Reads a cookie by its full name from `document.cookie`; the first of several same-named cookies wins, as the browser orders them. */
export const readCookie = (doc: Document | undefined, name: string): string | undefined => {
  let all = '';
  try {
    all = doc?.cookie ?? '';
  } catch {
    return; // sandboxed documents throw on cookie access
  }
  for (const pair of all.split(/; */)) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at) !== name) continue;
    const raw = pair.slice(at + 1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw; // a tampered value with a bad escape is returned as written, for the caller to judge
    }
  }
};

/** Creates the `cookie` storage plugin. Defaults: 15552000 s (180 days), auto refresh, path `/`, no domain. */
export default function cookie(): CookiePlugin {
  let ctx: PluginContext | undefined;
  let domain: string | undefined;
  let maxAge: number = COOKIE_MAX_AGE.default;
  // Cookies written with the default lifetime this page; they are refreshed when the lifetime changes
  // or extendCookieLifetime is called (auto refresh). Explicit lifetimes (opt-out, relay) are not.
  const refreshable = new Map<string, string>();
  const doc = () => ctx?.win?.document;

  const set = (name: string, text: string, age: number, where?: string) => {
    const secure = ctx?.win?.location?.protocol === 'https:' ? '; secure' : '';
    try {
      doc()!.cookie =
        `${name}=${encodeURIComponent(text)}; max-age=${age}; path=/${where ? '; domain=' + where : ''}; samesite=lax${secure}`;
    } catch {
      // Verified below: an exception and a silently refused cookie end the same way.
    }
  };

  const write: CookiePlugin['write'] = (key, value, options) => {
    const name = prefixed(key);
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    set(name, text, options?.maxAge ?? maxAge, options?.domain ?? domain);
    const back = readCookie(doc(), name);
    const problem = back === undefined ? MSG_FAILED_TO_SET_COOKIE : back !== text ? msgCookieMismatch(name) : '';
    if (problem) {
      ctx?.report('PluginError', problem, { cookie: name });
      return false;
    }
    if (options?.maxAge === undefined) refreshable.set(name, text);
    else refreshable.delete(name);
    return true;
  };

  const refresh = () => refreshable.forEach((text, name) => readCookie(doc(), name) === text && set(name, text, maxAge, domain));

  const plugin: CookiePlugin = {
    type: 'storage',
    name: 'cookie',
    setup(context) {
      ctx = context;
      context.defineCall(
        'cookieDomain',
        ({ cookieDomain }) => {
          if (typeof cookieDomain === 'string') domain = cookieDomain || undefined;
        },
        ['cookieDomain'],
      );
      context.defineCall(
        'cookieExpiration',
        ({ cookieExpirationDays }) => {
          let days = Number(cookieExpirationDays);
          if (!(days >= 0)) return;
          if (days < 90) {
            context.log.error(msgExpirationRaised(cookieExpirationDays));
            days = 90;
          }
          maxAge = Math.round(days * DAY);
          refresh();
        },
        ['cookieExpirationDays'],
      );
      context.defineCall('extendCookieLifetime', refresh);
    },
    read: (key) => readCookie(doc(), prefixed(key)),
    write,
    remove(key) {
      const name = prefixed(key);
      refreshable.delete(name);
      set(name, '', 0);
      if (domain) set(name, '', 0, domain);
    },
    settings: () => ({ domain, maxAge }),
  };
  return plugin;
}
