/**
 * The `cookie` storage plugin (VIS-27..34): cookies under the product prefix, path `/`, the configured
 * cookie domain and lifetime, every write verified by reading it back, and the push calls
 * `cookieDomain`, `cookieExpiration` and `extendCookieLifetime`. Within one task `document.cookie` is
 * read once, writes reach it right after the script run that made them, and every write is verified by
 * one read-back at the start of the next task. See ../README.md.
 */
import type { PluginContext, PluginOf } from '../../../core';
import { COOKIE_MAX_AGE } from '../../../core/kinds/visitor';
import { parseCookies } from '../../_shared/cookies';
import { toJson } from '../../_shared/json';
import { bothFailed, MSG_FAILED_TO_SET_COOKIE, msgCookieMismatch, prefixed } from '../_shared/keys';

const DAY = 86400;

/** Logged when `cookieExpiration` asks for less than 90 days (VIS-33, ERR-56; the spec gives no text). */
export const msgExpirationRaised = (days: unknown) => `cookieExpirationDays ${days} is below 90; using 90`;

/** The cookie plugin: a storage back end plus its current settings, for tests and tools. */
export type CookiePlugin = PluginOf<'storage'> & {
  /** Current settings: cookie domain (undefined: the page's host) and max age in seconds. */
  settings(): { domain?: string; maxAge: number };
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
  // Reading `document.cookie` is a blocking round trip to the browser (and setting it costs one too),
  // so within one task the plugin reads it once into a jar that its own writes update; the writes reach
  // the document together right after the script run that made them (a microtask), and all of a task's
  // writes are verified with one read-back at the start of the next task (VIS-30), when the jar is dropped.
  let jar: Map<string, string> | undefined;
  const unverified = new Map<string, { text: string; failed?: (problem: string) => void }>();
  const assignments: string[] = [];
  let timer: unknown;
  const cookies = (): Map<string, string> => {
    if (!jar) {
      try {
        jar = parseCookies(doc()!.cookie);
      } catch {
        jar = new Map(); // no document, or a sandboxed one whose cookie throws: no cookies
      }
      if (timer === undefined && ctx) timer = ctx.clock.setTimeout(verify, 0);
    }
    return jar;
  };
  const fail = (name: string, problem: string, failed?: (problem: string) => void) => {
    ctx?.report('PluginError', problem, { cookie: name });
    refreshable.delete(name);
    failed?.(problem);
  };
  const assign = () => {
    for (const text of assignments.splice(0)) {
      try {
        doc()!.cookie = text;
      } catch {
        // A sandboxed document refuses cookies: the read-back reports it.
      }
    }
  };
  const verify = () => {
    timer = undefined;
    assign();
    jar = undefined;
    if (!unverified.size) return;
    const back = cookies();
    unverified.forEach(({ text, failed }, name) => {
      const found = back.get(name);
      if (found !== text) fail(name, found === undefined ? MSG_FAILED_TO_SET_COOKIE : msgCookieMismatch(name), failed);
    });
    unverified.clear();
  };

  /** Sets the cookie (right after this run); the jar follows at once (an expired cookie leaves it). */
  const set = (name: string, text: string, age: number, where?: string) => {
    const secure = ctx?.win?.location?.protocol === 'https:' ? '; secure' : '';
    const current = cookies();
    if (!assignments.length) queueMicrotask(assign);
    assignments.push(`${name}=${encodeURIComponent(text)}; max-age=${age}; path=/${where ? '; domain=' + where : ''}; samesite=lax${secure}`);
    if (age > 0) current.set(name, text);
    else current.delete(name);
  };

  const write: CookiePlugin['write'] = (key, value, options) => {
    const name = prefixed(key);
    const text = typeof value === 'string' ? value : (toJson(value) ?? 'null');
    if (!doc()) {
      fail(name, MSG_FAILED_TO_SET_COOKIE);
      return false;
    }
    const age = options?.maxAge;
    set(name, text, age ?? maxAge, options?.domain ?? domain);
    unverified.set(name, { text, failed: bothFailed(unverified.get(name)?.failed, options?.failed) });
    if (age === undefined) refreshable.set(name, text);
    else refreshable.delete(name);
    return true;
  };

  const refresh = () => refreshable.forEach((text, name) => cookies().get(name) === text && set(name, text, maxAge, domain));

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
    read: (key) => cookies().get(prefixed(key)),
    write,
    remove(key) {
      const name = prefixed(key);
      refreshable.delete(name);
      unverified.delete(name);
      set(name, '', 0);
      if (domain) set(name, '', 0, domain);
    },
    settings: () => ({ domain, maxAge }),
  };
  return plugin;
}
