/**
 * `segment` conditions (VIS-8): whether the visitor is in a segment of the audience-data provider.
 * `value` is a segment id, or a list of ids of which one must be held. Before the provider answered
 * (no segments known) the result is unknown.
 */
import { definePlugin } from '../../../core';
import { shown } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

const ids = (value: unknown): string[] | null =>
  typeof value === 'string' && value ? [value] : Array.isArray(value) && value.length && value.every((id) => typeof id === 'string') ? value : null;

export default definePlugin({
  type: 'audienceMatcher',
  name: 'segment',
  fields: ['segments'],
  match: (condition, profile) => {
    const segments = profile.segments;
    const wanted = ids(condition.value);
    if (!Array.isArray(segments) || !wanted) return null;
    return wanted.some((id) => segments.includes(id));
  },
  check: validationOnly((condition) => (ids(condition.value) ? undefined : `A segment condition needs a segment id or a list of ids as value, got ${shown(condition.value)}`)),
});
