/**
 * The value matchers shared by every condition type (runtime-spec §3, ruling 7): `exists`, `exact`,
 * `substring`, `regex`, `range` (`min:max`, inclusive, either side open); and Optimizely's `gt`, `ge`,
 * `lt`, `le` (numbers) and `semver_eq`, `semver_gt`, `semver_ge`, `semver_lt`, `semver_le` (versions, see
 * semver.ts), so that audiences moved from Optimizely keep their visitors. A missing value is unknown
 * (null) except for `exists`, which is false; a type mismatch is unknown, and so is a number that is not
 * finite or beyond 2^53 in magnitude, on either side (also for `exact`), as Optimizely answers. Nothing here throws.
 */
import type { AudienceCondition } from '../../../core/project/types';
import { compile, MAX_REGEX_INPUT, regexProblem } from './regex';
import { compareVersions, isVersion } from './semver';
import { isComparable, matchBasic, own, present, shown } from './value-helpers';

export { isObj, own, present, read, shown } from './value-helpers';

// The comparison matches: what the sign of actual - expected (or of the version comparison) must satisfy.
const gt = (sign: number) => sign > 0;
const ge = (sign: number) => sign >= 0;
const lt = (sign: number) => sign < 0;
const le = (sign: number) => sign <= 0;
const NUMBER_ORDERS: Record<string, (sign: number) => boolean> = { gt, ge, lt, le };
const VERSION_ORDERS: Record<string, (sign: number) => boolean> = { semver_eq: (sign) => sign === 0, semver_gt: gt, semver_ge: ge, semver_lt: lt, semver_le: le };

/** A number (gt, ge, lt, le) or version (semver_*) comparison; null when either side is not comparable. */
const compareWith = (match: string, expected: unknown, actual: unknown): boolean | null => {
  if (VERSION_ORDERS[match]) {
    const sign = compareVersions(expected, actual);
    return sign === null ? null : VERSION_ORDERS[match](sign);
  }
  return isComparable(expected) && isComparable(actual) ? NUMBER_ORDERS[match](actual - expected) : null;
};

/** Whether a match type is one of the comparisons. */
const isComparison = (match: string): boolean => own.call(NUMBER_ORDERS, match) || own.call(VERSION_ORDERS, match);

/** A parsed `min:max` range; NaN never appears (open sides are infinite). */
export interface Range {
  min: number;
  max: number;
}

const ranges = new Map<string, Range | null>();

/** Parses `min:max` (either side may be empty); null when malformed. Cached. */
export const parseRange = (text: unknown): Range | null => {
  if (typeof text !== 'string') return null;
  let range = ranges.get(text);
  if (range === undefined) {
    const parts = text.split(':');
    const side = (part: string | undefined, open: number) => (part == null || part.trim() === '' ? open : Number(part));
    const min = side(parts[0], -Infinity);
    const max = side(parts[1], Infinity);
    range = parts.length === 2 && !Number.isNaN(min) && !Number.isNaN(max) && min <= max ? { min, max } : null;
    if (ranges.size > 500) ranges.clear();
    ranges.set(text, range);
  }
  return range;
};


/**
 * Compares a profile value with a condition's `match` and `value`. `exact` is the default match.
 * Returns true, false, or null when it cannot tell (missing value, type mismatch, bad pattern).
 */
export const matchValue = (match: string | undefined, expected: unknown, actual: unknown): boolean | null => {
  const basic = matchBasic(match, expected, actual);
  if (basic !== undefined) return basic;
  if (match === 'range') {
    const range = parseRange(expected);
    return range && typeof actual === 'number' && actual === actual ? actual >= range.min && actual <= range.max : null;
  }
  return isComparison(match!) ? compareWith(match!, expected, actual) : null;
};

/** A value test compiled from a condition's `match` and `value`: what `matchValue` answers for each value. */
export type ValueTest = (actual: unknown) => boolean | null;

const unknownTest: ValueTest = () => null;
const existsTest: ValueTest = (actual) => present(actual);

/**
 * `matchValue(match, expected, actual)` with `match` and `expected` fixed: the match type is picked and the
 * pattern or range parsed once, so the test is a type check and one comparison. Agrees with `matchValue`
 * for every `actual`.
 */
export const compileValue = (match: string | undefined, expected: unknown): ValueTest => {
  if (match === 'exists') return existsTest;
  switch (match ?? 'exact') {
    case 'exact': {
      const type = typeof expected;
      // An object (or null) expected value never matches: objects are not compared.
      if (type === 'object') return unknownTest;
      if (type === 'number') return (actual) => (isComparable(actual) && isComparable(expected) ? actual === expected : null);
      return (actual) => (actual === undefined || actual === null || typeof actual !== type ? null : actual === expected);
    }
    // A value that is not a string (missing ones included) is unknown for the string matches.
    case 'substring':
      if (typeof expected !== 'string') return unknownTest;
      return (actual) => (typeof actual !== 'string' ? null : actual.includes(expected));
    case 'regex': {
      const re = typeof expected === 'string' ? compile(expected) : undefined;
      if (!re || typeof re === 'string') return unknownTest;
      return (actual) => (typeof actual !== 'string' ? null : re.test(actual.length > MAX_REGEX_INPUT ? actual.slice(0, MAX_REGEX_INPUT) : actual));
    }
    case 'range': {
      const range = parseRange(expected);
      if (!range) return unknownTest;
      const { min, max } = range;
      return (actual) => (typeof actual === 'number' && actual === actual ? actual >= min && actual <= max : null);
    }
    default:
      // A missing value is not comparable: compareWith answers null for it.
      return isComparison(match!) ? (actual) => compareWith(match!, expected, actual) : unknownTest;
  }
};

/**
 * The problem with a condition's `match` and `value` for the value matchers, or undefined.
 * `types` lists the value types `exact` accepts for this condition type.
 */
export const valueProblem = (condition: AudienceCondition, types: readonly string[] = ['string', 'number', 'boolean']): string | undefined => {
  const { match, value } = condition;
  switch (match ?? 'exact') {
    case 'exists':
      return undefined;
    case 'exact':
      if (typeof value === 'number' && !isComparable(value)) return `A number to match must be finite and at most 2^53 in magnitude, got ${shown(value)}`;
      return types.includes(typeof value) ? undefined : `An exact match needs a ${types.join(' or ')} value, got ${shown(value)}`;
    case 'substring':
      return typeof value === 'string' ? undefined : `A substring match needs a string value, got ${shown(value)}`;
    case 'regex':
      return regexProblem(value);
    case 'range':
      return parseRange(value) ? undefined : `A range must be "min:max" with numbers (either side may be empty, min <= max), got ${shown(value)}`;
    default:
      if (typeof match === 'string' && isComparison(match)) {
        if (own.call(VERSION_ORDERS, match)) return isVersion(value) ? undefined : `A ${match} match needs a version such as "1.2.3" or "2.0.0-beta", got ${shown(value)}`;
        return isComparable(value) ? undefined : `A ${match} match needs a finite number at most 2^53 in magnitude, got ${shown(value)}`;
      }
      return `Unknown match type ${shown(match)}: use exists, exact, substring, regex, range, gt, ge, lt, le or semver_eq, semver_gt, semver_ge, semver_lt, semver_le`;
  }
};

