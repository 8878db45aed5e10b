/**
 * The whole preset's stand-in of plugins/storage/cross-domain (compiler/snippet-parts.ts): the storage is
 * part `storage-cross-domain`, made with these options and swapped in before init (a preset option: a page
 * has it only when it asked for it). The frame is opened at the sync stage, after init, as before; values
 * written before the swap are kept (and read back) and handed to the real storage, which sends them once
 * its frame is open.
 */
import type { Plugin, PluginOf } from '../../../core';
import { always, standIn } from '../stand-in';

const REMOVED = {};

export default (options?: object) => {
  const kept = new Map<string, unknown>();
  return standIn(
    'storage',
    'cross-domain',
    'storage-cross-domain',
    {
      read: (key: string) => (kept.get(key) === REMOVED ? undefined : kept.get(key)),
      write: (key: string, value: unknown) => !!kept.set(key, value),
      remove: (key: string) => void kept.set(key, REMOVED),
    },
    options,
    {
      wanted: always,
      swapped: (plugin: Plugin) =>
        kept.forEach((value, key) => (value === REMOVED ? (plugin as PluginOf<'storage'>).remove(key) : (plugin as PluginOf<'storage'>).write(key, value))),
    },
  );
};
