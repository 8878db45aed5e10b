/**
 * The value matchers' stand-in in a fitted snippet whose conditions use only `exists`, `exact`,
 * `substring` and `regex` (or no match type) (plugins/presets/fit.ts): those four answer exactly as in
 * ./values.ts; `range` and the number and version comparisons, which that data never names, are left out
 * (unknown, null, were one asked), and so is the validators' `valueProblem`, which a fitted snippet never
 * runs (it refuses data from `load`; the build validated its own). Same exports as ./values.ts.
 */
import type { AudienceCondition } from '../../../core/project/types';
import { compile, MAX_REGEX_INPUT } from './regex';
import { matchBasic } from './value-helpers';

export { isObj, own, present, read, shown } from './value-helpers';

export interface Range {
  min: number;
  max: number;
}

/** Not used by the basic matches: no range is parsed. */
export const parseRange = (_text: unknown): Range | null => null;

/** ./values.ts's `matchValue` for `exists`, `exact` (the default), `substring` and `regex`; null for any other. */
export const matchValue = (match: string | undefined, expected: unknown, actual: unknown): boolean | null => matchBasic(match, expected, actual) ?? null;

export type ValueTest = (actual: unknown) => boolean | null;

/** ./values.ts's `compileValue` for the basic matches; unknown for any other. */
export const compileValue = (match: string | undefined, expected: unknown): ValueTest => {
  if (match === 'regex') {
    const re = typeof expected === 'string' ? compile(expected) : undefined;
    if (!re || typeof re === 'string') return () => null;
    // A value that is not a string (missing ones included) is unknown.
    return (actual) => (typeof actual !== 'string' ? null : re.test(actual.length > MAX_REGEX_INPUT ? actual.slice(0, MAX_REGEX_INPUT) : actual));
  }
  return (actual) => matchValue(match, expected, actual);
};

/** The validators' check: never run in a fitted snippet. */
export const valueProblem = (_condition: AudienceCondition, _types?: readonly string[]): string | undefined => undefined;
