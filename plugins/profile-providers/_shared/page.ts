/** Guarded reads of the host page for the profile providers: nothing here throws into the page. */
import { parseCookies as parseCookieText } from '../../_shared/cookies';

/** Runs `read`, or gives `fallback` when it throws (sandboxed frames, hostile getters, no document). */
export const safely = <T>(read: () => T, fallback: T): T => {
  try {
    const value = read();
    return value === undefined ? fallback : value;
  } catch {
    return fallback;
  }
};

/** The page's cookies by name, as a record (see the shared parser). */
export const parseCookies = (text: string): Record<string, string> => Object.fromEntries(parseCookieText(text));

/** The cookies of a window's document. */
export const pageCookies = (win: Window | undefined): Record<string, string> => safely(() => parseCookies(win?.document?.cookie ?? ''), {});

/** A global variable by dotted path (`dataLayer.user.id`), own properties only; undefined when absent. */
export const globalPath = (win: Window | undefined, path: string): unknown =>
  safely(() => {
    let value: unknown = win;
    for (const key of path.split('.')) {
      if (value == null || (typeof value !== 'object' && typeof value !== 'function') || !(key in (value as object))) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  }, undefined);

/** The host name of a URL, lower-cased; '' when it is not a URL. */
export const hostOf = (url: string): string => {
  const found = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:@]*@)?([^/?#:]*)/i.exec(url);
  return found ? found[2].toLowerCase() : '';
};
