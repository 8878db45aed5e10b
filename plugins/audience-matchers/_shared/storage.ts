/**
 * Matchers over the host page's own storage (`local_storage`, `session_storage`): `name` is the storage
 * key followed by an optional dotted path into its JSON value (`segResponse.found_traits.registered`).
 * The longest prefix of `name` that is a stored key is the key, so keys may contain dots. A value that
 * is not JSON is used as text. Storage is read at match time, so a trait written after load counts.
 */
import { definePlugin, type PluginOf } from '../../../core';
import type { StorageReader } from '../../../core/kinds/audiences';
import { matchValue, read, valueProblem } from './values';
import { validationOnly } from '../../_shared/validation-only';

let lastText: string | undefined;
let lastParsed: unknown;
/** JSON text parsed (the last one cached: conditions usually read one key several times). */
const parse = (text: string): unknown => {
  if (text !== lastText) {
    lastText = text;
    try {
      lastParsed = JSON.parse(text);
    } catch {
      lastParsed = text;
    }
  }
  return lastParsed;
};

/** The value at `name` (key plus path) through `reader`; undefined when absent. Never throws. */
export const storedValue = (reader: StorageReader, name: string): unknown => {
  const parts = name.split('.');
  for (let cut = parts.length; cut > 0; cut--) {
    let text: string | undefined;
    try {
      text = reader(parts.slice(0, cut).join('.'));
    } catch {
      return undefined;
    }
    if (text == null) continue;
    let value = parse(String(text));
    for (let i = cut; i < parts.length && value !== undefined; i++) value = read(value, parts[i]);
    return value;
  }
  return undefined;
};

/** A storage matcher named `name` over the reader in profile field `field`. */
export const storageMatcher = (name: string, field: string): PluginOf<'audienceMatcher'> =>
  definePlugin({
    type: 'audienceMatcher',
    name,
    fields: [field],
    match: (condition, profile) => {
      const reader = profile[field];
      if (typeof reader !== 'function' || typeof condition.name !== 'string') return null;
      return matchValue(condition.match, condition.value, storedValue(reader as StorageReader, condition.name));
    },
    check: validationOnly((condition) =>
      typeof condition.name === 'string' && condition.name !== '' ? valueProblem(condition) : `A ${name} condition needs the storage key (and optional .path) in "name"`),
  });
