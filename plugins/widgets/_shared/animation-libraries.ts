/**
 * Libraries the homepage widgets load on demand, never bundled in the snippet (WID-53, WID-92): the
 * animation player and the slider, each a script (and a style sheet) from a configurable base.
 * Each URL is loaded once per window however many widgets ask, and not at all when the library's
 * global is already there (the site may load it itself). The elements stay when a widget hides:
 * the library is shared, like the site's own scripts.
 */
import type { Track } from './track';

const loads = new WeakMap<Window, Map<string, Promise<unknown>>>();

const once = <T>(win: Window, key: string, start: () => Promise<T>): Promise<T> => {
  let started = loads.get(win);
  if (!started) loads.set(win, (started = new Map()));
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = start();
    started.set(key, promise);
    // A failed load may be retried by a later show (a network blip is not forever).
    promise.catch(() => started.delete(key));
  }
  return promise;
};

const appendToHead = (t: Track, el: HTMLElement, resolve: () => void, reject: (error: Error) => void, url: string) => {
  // Stryker disable ObjectLiteral,BooleanLiteral: `once` only lets the listeners go; an element loads or fails once, and a settled promise ignores a later call
  el.addEventListener('load', () => resolve(), { once: true });
  el.addEventListener('error', () => reject(Error(`could not load ${url}`)), { once: true });
  // Stryker restore ObjectLiteral,BooleanLiteral
  (t.doc.head || t.doc.documentElement).append(el);
};

/**
 * Loads the script at `url` once per window and resolves with `win[globalName]`; rejects when the
 * script fails to load or does not define the global.
 */
export const loadLibrary = <T>(t: Track, url: string, globalName: string): Promise<T> => {
  const win = t.win as unknown as Record<string, T | undefined>;
  if (win[globalName]) return Promise.resolve(win[globalName] as T);
  return once(t.win, url, () =>
    new Promise<T>((resolve, reject) => {
      const script = t.doc.createElement('script');
      script.src = url;
      script.async = true;
      appendToHead(t, script, () => (win[globalName] ? resolve(win[globalName] as T) : reject(Error(`${url} did not define ${globalName}`))), reject, url);
    }),
  );
};

/** Loads the style sheet at `url` once per window (a `<link>`: allowed by a CSP that allows its origin). */
export const loadStyles = (t: Track, url: string): Promise<unknown> =>
  once(t.win, url, () =>
    new Promise<void>((resolve, reject) => {
      const link = t.doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      appendToHead(t, link, resolve, reject, url);
    }),
  );

/**
 * The text at `url`, fetched once per window without cookies (an animation shown again, after a tab
 * change, is not fetched again); rejects on a failed request or an error status.
 */
export const loadText = (t: Track, url: string): Promise<string> =>
  once(t.win, `text ${url}`, () =>
    t.win.fetch(url, { credentials: 'omit' }).then((response) => {
      if (!response.ok) throw Error(`${url} answered ${response.status}`);
      return response.text();
    }),
  );

/** Joins a base and a path with exactly one slash. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
