/**
 * The `local` and `session` storage plugins share this: a Web Storage area under the product prefix,
 * JSON values, and an in-memory fallback when the area is unavailable (blocked, sandboxed, disabled)
 * or full, so the runtime keeps working for the page either way (VIS-25, VIS-26).
 *
 * Writes are kept in memory and reach the area together right after the current run of the script (a
 * microtask), so the page's changes are applied before the runtime spends time persisting, and a key
 * written several times in one run is stored once. Reads see those writes at once. A written value is
 * turned into JSON at that flush, not when it is written: the start-up run that applies the changes
 * only records what to store (a value changed after its write and before the flush is stored as it is
 * then, the newer state). A microtask, not a later task: a page hidden right after the run loses nothing.
 */
import { definePlugin, type PluginContext, type PluginOf, type StorageWriteOptions } from '../../../core';
import { toJson } from '../../_shared/json';
import { bothFailed, MSG_STORAGE_UNAVAILABLE, msgCorrupted, prefixed } from './keys';

/** A storage plugin over a Web Storage area. */
export type WebStoragePlugin = PluginOf<'storage'>;

/** A write waiting for the flush: the value (turned into JSON at the flush), or {@link REMOVAL}, and who to tell when it fails. */
interface Pending {
  value: unknown;
  failed?: StorageWriteOptions['failed'];
}

/** The pending value of a removal (no stored value is this very object). */
const REMOVAL = {};

/**
 * Values with no JSON form at the top level (the JSON writer answers undefined for them): not storable. None of
 * the other `typeof` answers (object, boolean, number, string) occurs in this text.
 */
const unstorable = (value: unknown) => 'undefined function symbol bigint'.includes(typeof value);

/**
 * Creates the storage plugin `name` over `window[area]`. Reads prefer a value kept in memory (a write
 * not yet flushed, or one that did not reach the area, is newer than what the area holds). `write`
 * answers false when the area is unavailable; a write the area refuses at the flush (full) stays in
 * memory, is reported, and goes to `options.failed`. The unavailable message is reported once (logged
 * and emitted as an error event).
 */
export const createWebStorage = (name: string, area: 'localStorage' | 'sessionStorage'): WebStoragePlugin => {
  const memory = new Map<string, string>();
  const pending = new Map<string, Pending>();
  let ctx: PluginContext | undefined;
  let reported = false;
  const unavailable = () => {
    if (reported || !ctx) return;
    reported = true;
    ctx.report('PluginError', MSG_STORAGE_UNAVAILABLE, { storage: name });
  };
  // Merely touching `window.localStorage` throws where storage is blocked, so the first access is
  // guarded; the area found is kept (null: unavailable), and every later call is guarded too.
  let found: Storage | null | undefined;
  const store = (): Storage | null => {
    if (found === undefined) {
      try {
        found = ctx?.win?.[area] ?? null;
        found?.getItem(prefixed('probe'));
      } catch {
        found = null;
      }
      if (!found) unavailable();
    }
    return found as Storage | null;
  };
  const flush = () => {
    const writes = [...pending];
    pending.clear();
    // Writes wait here only when the area was found (the probe's answer is kept), so it is there.
    const target = store() as Storage;
    for (const [full, { value, failed }] of writes) {
      // Never the page's JSON.stringify, and never a throw on a circular value (plugins/_shared/json.ts).
      const text = value === REMOVAL ? null : (toJson(value) ?? 'null');
      try {
        if (text === null) target.removeItem(full);
        else target.setItem(full, text);
        memory.delete(full);
      } catch {
        if (text !== null) memory.set(full, text);
        unavailable();
        failed?.(MSG_STORAGE_UNAVAILABLE);
      }
    }
  };
  const later = (full: string, value: unknown, failed?: Pending['failed']) => {
    if (!pending.size) queueMicrotask(flush);
    pending.set(full, { value, failed: bothFailed(pending.get(full)?.failed, failed) });
  };
  return definePlugin({
    type: 'storage',
    name,
    setup(context) {
      ctx = context;
    },
    read(key) {
      const full = prefixed(key);
      const waiting = pending.get(full);
      // A value not flushed yet is read as its JSON gives it back (a copy), as a stored one is.
      let text: string | null | undefined = waiting ? (waiting.value === REMOVAL ? undefined : toJson(waiting.value)) : memory.get(full);
      if (text === undefined && !waiting) {
        try {
          text = store()?.getItem(full);
        } catch {
          unavailable();
        }
      }
      // Absent (undefined, or null from the area) or not JSON: read as absent, never thrown.
      if (text != null) {
        try {
          return JSON.parse(text);
        } catch {
          ctx?.log.warn(msgCorrupted(full));
        }
      }
    },
    write(key, value, options) {
      const full = prefixed(key);
      if (unstorable(value)) return false;
      if (!store()) {
        memory.set(full, toJson(value) ?? 'null');
        return false;
      }
      later(full, value, options?.failed);
      return true;
    },
    remove(key) {
      const full = prefixed(key);
      memory.delete(full);
      if (store()) later(full, REMOVAL);
    },
  });
};
