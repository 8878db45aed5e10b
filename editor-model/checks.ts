/**
 * Small value checks for data that crosses a boundary (the editor's HTTP API, the agent channel):
 * each check answers undefined when the value fits, or a short reason naming the offending field.
 * No dependency on Node, the DOM or React, so the services, the renderer and the agent share them.
 *
 * @example
 * const body = shape({ note: optional(text(2000)) });
 * body({ note: 5 }) // 'note must be a string'
 */

/** Undefined when `value` fits; otherwise why not, for people. `path` names the value (`note`, `changes[2].id`). */
export type Check = (value: unknown, path: string) => string | undefined;

const at = (path: string) => path || 'the value';

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string of at most `max` characters (default: any length). */
export const text = (max = Number.POSITIVE_INFINITY): Check => (value, path) => {
  if (typeof value !== 'string') return `${at(path)} must be a string`;
  return value.length > max ? `${at(path)} must be at most ${max} characters` : undefined;
};
/** Any string. */
export const isText: Check = text();
/** A boolean. */
export const isBoolean: Check = (value, path) => (typeof value === 'boolean' ? undefined : `${at(path)} must be true or false`);
/** A finite number. */
export const isNumber: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : `${at(path)} must be a number`;
/** A whole number from 1 up (a revision number). */
export const isPositiveInteger: Check = (value, path) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? undefined : `${at(path)} must be a whole number from 1 up`;
/** One of the given strings. */
export const oneOf = (...values: string[]): Check => (value, path) =>
  values.includes(value as string) ? undefined : `${at(path)} must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
/** A string matching `pattern`; `what` says what it must be. */
export const matching = (pattern: RegExp, what: string): Check => (value, path) =>
  typeof value === 'string' && pattern.test(value) ? undefined : `${at(path)} must be ${what}`;
/** Undefined, or a value that passes `check`. */
export const optional = (check: Check): Check => (value, path) => (value === undefined ? undefined : check(value, path));
/** An array of at most `max` items, each passing `item`. */
export const listOf = (item: Check, max = 5000): Check => (value, path) => {
  if (!Array.isArray(value)) return `${at(path)} must be a list`;
  if (value.length > max) return `${at(path)} must have at most ${max} items`;
  for (let index = 0; index < value.length; index += 1) {
    const problem = item(value[index], `${path}[${index}]`);
    if (problem) return problem;
  }
  return undefined;
};
/** An object whose every own value passes `item`. */
export const recordOf = (item: Check): Check => (value, path) => {
  if (!isRecord(value)) return `${at(path)} must be an object`;
  for (const [key, entry] of Object.entries(value)) {
    const problem = item(entry, path ? `${path}.${key}` : key);
    if (problem) return problem;
  }
  return undefined;
};
/** A plain object whose declared fields pass their checks (other fields are left alone). */
export const shape = (fields: Readonly<Record<string, Check>>): Check => (value, path) => {
  if (!isRecord(value)) return `${at(path)} must be a JSON object`;
  for (const [name, check] of Object.entries(fields)) {
    const problem = check(value[name], path ? `${path}.${name}` : name);
    if (problem) return problem;
  }
  return undefined;
};
/** Any plain object. */
export const isObject: Check = (value, path) => (isRecord(value) ? undefined : `${at(path)} must be an object`);
/** Passes when any of `checks` passes; the first one's reason otherwise. */
export const either = (...checks: Check[]): Check => (value, path) => {
  let first: string | undefined;
  for (const check of checks) {
    const problem = check(value, path);
    if (!problem) return undefined;
    first ??= problem;
  }
  return first;
};
/** Whether `value` passes `check`. */
export const passes = (check: Check, value: unknown): boolean => check(value, '') === undefined;
