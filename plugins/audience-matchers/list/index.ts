/**
 * `list` conditions (list targeting, AUD-22): the value of a listTargetingKeys key (read by the list
 * provider from a cookie, query parameter or JS variable) must be in the condition's list. `name` picks
 * the key; without it any key's value may match. `value` is a list of strings or a comma-separated string.
 */
import { definePlugin } from '../../../core';
import { read, shown } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

const lists = new Map<string, string[]>();
const entries = (value: unknown): readonly unknown[] | null => {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  let list = lists.get(value);
  if (!list) lists.set(value, (list = value.split(',').map((item) => item.trim()).filter(Boolean)));
  return list;
};

export default definePlugin({
  type: 'audienceMatcher',
  name: 'list',
  fields: ['listKeys'],
  match: (condition, profile) => {
    const keys = profile.listKeys;
    const list = entries(condition.value);
    if (!list || keys == null || typeof keys !== 'object') return null;
    const values = typeof condition.name === 'string' ? [read(keys, condition.name)] : Object.values(keys);
    let known = false;
    for (const value of values) {
      if (typeof value !== 'string' || value === '') continue;
      known = true;
      if (list.includes(value)) return true;
    }
    return known ? false : null;
  },
  check: validationOnly((condition, data) => {
    const list = entries(condition.value);
    if (!list || !list.length || !list.every((item) => typeof item === 'string')) return `A list condition needs a list of strings (or a comma-separated string) as value, got ${shown(condition.value)}`;
    if (typeof condition.name === 'string' && !(data.listTargetingKeys ?? []).some((key) => key?.name === condition.name)) {
      return `A list condition names no listTargetingKeys entry: ${shown(condition.name)}`;
    }
    return undefined;
  }),
});
