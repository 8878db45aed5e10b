/**
 * The value matchers' stand-in in a fitted snippet whose conditions use only `exists`, `exact`,
 * `substring` and `regex` (or no match type) (plugins/presets/fit.ts): those four answer exactly as in
 * ./values.ts; `range` and the number and version comparisons, which that data never names, are left out
 * (unknown, null, were one asked), and so is the validators' `valueProblem`, which a fitted snippet never
 * runs (it refuses data from `load`; the build validated its own). Same exports as ./values.ts.
 */
import type { AudienceCondition } from '../../../core/project/types';
import { compile, MAX_REGEX_INPUT, testRegex } from './regex';

const isComparable = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 9007199254740992;

export interface Range {
  min: number;
  max: number;
}

/** Not used by the basic matches: no range is parsed. */
export const parseRange = (_text: unknown): Range | null => null;

export const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** ./values.ts's `matchValue` for `exists`, `exact` (the default), `substring` and `regex`; null for any other. */
export const matchValue = (match: string | undefined, expected: unknown, actual: unknown): boolean | null => {
  if (match === 'exists') return present(actual);
  if (actual === undefined || actual === null) return null;
  switch (match ?? 'exact') {
    case 'exact':
      if (typeof expected !== typeof actual || typeof actual === 'object') return null;
      if (typeof actual === 'number' && !(isComparable(actual) && isComparable(expected))) return null;
      return actual === expected;
    case 'substring':
      return typeof actual === 'string' && typeof expected === 'string' ? actual.includes(expected) : null;
    case 'regex':
      return typeof actual === 'string' && typeof expected === 'string' ? testRegex(expected, actual) : null;
    default:
      return null;
  }
};

export type ValueTest = (actual: unknown) => boolean | null;

/** ./values.ts's `compileValue` for the basic matches; unknown for any other. */
export const compileValue = (match: string | undefined, expected: unknown): ValueTest => {
  if (match === 'regex') {
    const re = typeof expected === 'string' ? compile(expected) : undefined;
    if (!re || typeof re === 'string') return () => null;
    return (actual) =>
      actual === undefined || actual === null || typeof actual !== 'string' ? null : re.test(actual.length > MAX_REGEX_INPUT ? actual.slice(0, MAX_REGEX_INPUT) : actual);
  }
  return (actual) => matchValue(match, expected, actual);
};

/** The validators' check: never run in a fitted snippet. */
export const valueProblem = (_condition: AudienceCondition, _types?: readonly string[]): string | undefined => undefined;

export const shown = (value: unknown): string => {
  try {
    const text = typeof value === 'function' ? 'a function' : (JSON.stringify(value) ?? String(value));
    return text.length > 60 ? `${text.slice(0, 60)}...` : text;
  } catch {
    return String(value);
  }
};

export const own = Object.prototype.hasOwnProperty;

export const isObj = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);

export const read = (source: unknown, key: string): unknown => {
  try {
    return source != null && typeof source === 'object' && own.call(source, key) ? (source as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
};
