/**
 * The `local` and `session` storage plugins share this: a Web Storage area under the product prefix,
 * JSON values, and an in-memory fallback when the area is unavailable (blocked, sandboxed, disabled)
 * or full, so the runtime keeps working for the page either way (VIS-25, VIS-26).
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import { MSG_STORAGE_UNAVAILABLE, msgCorrupted, parseJson, prefixed } from './keys';

/** A storage plugin over a Web Storage area. */
export type WebStoragePlugin = PluginOf<'storage'>;

/**
 * Creates the storage plugin `name` over `window[area]`. Reads prefer a value kept in memory (a write
 * that did not reach the area is newer than what the area holds). `write` answers false when the value
 * only reached memory. The unavailable message is reported once (logged and emitted as an error event).
 */
export const createWebStorage = (name: string, area: 'localStorage' | 'sessionStorage'): WebStoragePlugin => {
  const memory = new Map<string, string>();
  let ctx: PluginContext | undefined;
  let reported = false;
  const unavailable = () => {
    if (reported || !ctx) return;
    reported = true;
    ctx.report('PluginError', MSG_STORAGE_UNAVAILABLE, { storage: name });
  };
  // Merely touching `window.localStorage` throws where storage is blocked, so every access is guarded.
  const store = (): Storage | undefined => {
    try {
      const found = ctx?.win?.[area];
      found?.getItem(prefixed('probe'));
      return found;
    } catch {
      unavailable();
    }
  };
  return definePlugin({
    type: 'storage',
    name,
    setup(context) {
      ctx = context;
    },
    read(key) {
      const full = prefixed(key);
      let text = memory.get(full);
      if (text === undefined) {
        try {
          text = store()?.getItem(full) ?? undefined;
        } catch {
          unavailable();
        }
      }
      return text === undefined ? undefined : parseJson(text, () => ctx?.log.warn(msgCorrupted(full)));
    },
    write(key, value) {
      const full = prefixed(key);
      const text = JSON.stringify(value);
      if (text === undefined) return false; // a function or undefined: nothing storable
      try {
        const target = store();
        if (!target) throw 0;
        target.setItem(full, text);
        memory.delete(full);
        return true;
      } catch {
        memory.set(full, text);
        unavailable();
        return false;
      }
    },
    remove(key) {
      const full = prefixed(key);
      memory.delete(full);
      try {
        store()?.removeItem(full);
      } catch {
        unavailable();
      }
    },
  });
};
