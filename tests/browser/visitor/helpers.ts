/**
 * Helpers of the visitor browser tests: real cookies and storage, cleaned after each test.
 */
import { PREFIX } from '../../../core';

/** Cookie expiry as Chromium's Cookie Store API reports it (ms since the epoch), or undefined. */
export const cookieExpiry = async (name: string): Promise<number | undefined> => {
  // The runtime sets its cookies right after the run that wrote them (a microtask), setting
  // document.cookie is asynchronous in Chromium, and cookieStore asks over another channel: so let the
  // microtasks run, then read document.cookie, which waits for the sets already made.
  await Promise.resolve();
  void document.cookie;
  const store = (window as unknown as { cookieStore: { get(name: string): Promise<{ expires?: number } | null> } }).cookieStore;
  return (await store.get(name))?.expires ?? undefined;
};

/** Every `varia_` cookie of the page, by name (the first of same-named ones). */
export const pageCookies = (): Record<string, string> => {
  const found: Record<string, string> = {};
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (name.startsWith(PREFIX) && !(name in found)) found[name] = decodeURIComponent(pair.slice(at + 1));
  }
  return found;
};

/** Removes every `varia_` cookie (host-only and domain ones) and storage key the tests made. */
export const clearVaria = (): void => {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (!name.startsWith(PREFIX)) continue;
    document.cookie = `${name}=; max-age=0; path=/`;
    document.cookie = `${name}=; max-age=0; path=/; domain=${location.hostname}`;
  }
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  }
};

/** The real window with one property replaced (e.g. a localStorage that throws), everything else real. */
export const windowWith = (overrides: Record<string, () => unknown>): Window =>
  new Proxy(window, {
    get(target, property) {
      if (typeof property === 'string' && property in overrides) return overrides[property]();
      const value = Reflect.get(target, property);
      return typeof value === 'function' && !/^[A-Z]/.test(String(property)) ? value.bind(target) : value;
    },
  });
