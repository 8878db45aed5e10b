/**
 * Helpers the value matchers (./values.ts) and their fitted stand-in (./values-basic.ts) share, so both
 * answer alike and neither keeps its own copy.
 */
import { testRegex } from './regex';

/** A number the matchers compare: finite and at most 2^53 in magnitude (NaN and Infinity fail). */
export const isComparable = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= 9007199254740992;

/** Whether a value is "present": not undefined, null or the empty string. */
export const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** A short rendering of a value for messages. */
export const shown = (value: unknown): string => {
  try {
    const text = typeof value === 'function' ? 'a function' : (JSON.stringify(value) ?? String(value));
    return text.length > 60 ? `${text.slice(0, 60)}...` : text;
  } catch {
    return String(value);
  }
};

/** `Object.prototype.hasOwnProperty`, to call on objects that may shadow it. */
export const own = Object.prototype.hasOwnProperty;

/** Whether a value is a plain object (not null, not an array). */
export const isObj = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads an own field of an object without throwing (hostile getters, `__proto__` names), or undefined. */
export const read = (source: unknown, key: string): unknown => {
  try {
    return source != null && typeof source === 'object' && own.call(source, key) ? (source as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `exists`, `exact` (the default), `substring` and `regex`: true, false or null (unknown) as `matchValue`
 * answers them; undefined for any other match type, which the caller compares itself.
 */
export const matchBasic = (match: string | undefined, expected: unknown, actual: unknown): boolean | null | undefined => {
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
  }
};
