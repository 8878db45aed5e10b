/**
 * Builders for the common matcher shapes: one profile field compared with the value matchers
 * (referrer, url, device, source type) and one entry of a keyed profile field (query, cookies).
 */
import { definePlugin, type PluginOf } from '../../../core';
import type { AudienceCondition } from '../../../core/project/types';
import { matchValue, read, shown, valueProblem } from './values';
import { validationOnly } from '../../_shared/validation-only';

/** Options of {@link fieldMatcher}. */
export interface FieldMatcherOptions {
  /** Values an exact match may name (device types...): others are reported at validation. */
  allowed?: readonly string[];
  /** Lower-case both sides of string comparisons. */
  caseless?: boolean;
}

const lower = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

/** A matcher comparing profile field `field` with the condition's match and value. */
export const fieldMatcher = (name: string, field: string, options: FieldMatcherOptions = {}): PluginOf<'audienceMatcher'> =>
  definePlugin({
    type: 'audienceMatcher',
    name,
    fields: [field],
    match: (condition, profile) => {
      const actual = profile[field];
      return options.caseless && condition.match !== 'regex'
        ? matchValue(condition.match, lower(condition.value), lower(actual))
        : matchValue(condition.match, condition.value, actual);
    },
    check: validationOnly((condition) => {
      const { allowed } = options;
      if (allowed && (condition.match ?? 'exact') === 'exact' && !allowed.includes(lower(condition.value) as string)) {
        return `A ${name} condition value must be one of ${allowed.join(', ')}, got ${shown(condition.value)}`;
      }
      return valueProblem(condition, ['string']);
    }),
  });

/**
 * A matcher reading entry `condition.name` of the keyed profile field `field` (a record of strings):
 * a query parameter, a cookie. Without a name it cannot tell (null) and validation reports it.
 */
export const keyedMatcher = (name: string, field: string): PluginOf<'audienceMatcher'> =>
  definePlugin({
    type: 'audienceMatcher',
    name,
    fields: [field],
    match: (condition: AudienceCondition, profile) => {
      if (typeof condition.name !== 'string') return null;
      return matchValue(condition.match, condition.value, read(profile[field], condition.name));
    },
    check: validationOnly((condition) =>
      typeof condition.name === 'string' && condition.name !== ''
        ? valueProblem(condition, ['string'])
        : `A ${name} condition needs the ${name === 'cookies' ? 'cookie' : 'parameter'} name in "name"`),
  });
