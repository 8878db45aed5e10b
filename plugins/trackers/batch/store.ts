/**
 * Where the batch tracker keeps its pending events and its own visitor id (TRK-18, TRK-38).
 */
import { PREFIX, type PluginContext } from '../../../core';
import { toJson } from '../../_shared/json';
import type { Store } from './sender';

/** Local storage through the `local` storage plugin, or directly (then in memory) when it is absent. */
export const storeOf = (ctx: PluginContext): (() => Store) => {
  const memory: Record<string, unknown> = {};
  const direct: Store = {
    read: (key) => {
      try {
        const text = ctx.win?.localStorage.getItem(PREFIX + key);
        if (text) return JSON.parse(text);
      } catch {
        // Unavailable or corrupt: the memory copy below.
      }
      return memory[key];
    },
    write: (key, value) => {
      memory[key] = value;
      try {
        ctx.win!.localStorage.setItem(PREFIX + key, toJson(value) ?? 'null');
        return true;
      } catch {
        return false;
      }
    },
  };
  return () => ctx.plugin('storage', 'local') ?? direct;
};
