/**
 * Shared helpers of the structural validator. Internal to core/project: the validator works on
 * `unknown` data because it must report, never throw, whatever it is given.
 */
import { BUCKETING_POINTS, LOGICAL_OPERATORS } from './types';

/** How bad a problem is: the kernel refuses a project only on errors. */
export type Severity = 'error' | 'warning';

/** One problem found in project data. */
export interface ValidationProblem {
  /** Readable name of the entity, e.g. `experiment "55" in layer "1234"`. */
  entity: string;
  /** Dotted and indexed path of the offending value, e.g. `layers[0].experiments[1].weightDistributions`. */
  path: string;
  /** What is wrong, as a sentence. */
  message: string;
  /** `error` refuses the project; `warning` is logged and the value ignored. */
  severity: Severity;
}

/** Where a check is looking: the entity's readable name and the path of the value. */
export interface Scope {
  entity: string;
  path: string;
}

/** A plain object (not null, not an array). */
export type Obj = Record<string, unknown>;

/** State shared by the checks of one validation run. */
export interface Checker {
  /** Records a problem; severity defaults to error. */
  report(scope: Scope, message: string, severity?: Severity): void;
  /** Ids of the project's pages, for references. */
  pageIds: Set<string>;
  /** Ids of the project's audiences, for references. */
  audienceIds: Set<string>;
  /** Whether the project's plugins (the registry at run time) hold a change applier named `type`. */
  hasApplier(type: string): boolean;
}

// Guards against self-referencing or absurdly deep expressions, which would overflow the stack.
const MAX_DEPTH = 32;

export const isObject = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A short readable rendering of any value for messages; never throws. */
export function show(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 40 ? `${text.slice(0, 40)}...` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Appends a key (dotted) or an index (bracketed) to a path. */
export const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** The same entity, one value deeper. */
export const child = (scope: Scope, key: string | number): Scope => ({ entity: scope.entity, path: join(scope.path, key) });

/** `kind "id" (name) in parent`, or `kind #index` when the id is unusable. */
export function label(kind: string, item: Obj, index: number, parent?: string, withName = true): string {
  const id = typeof item.id === 'string' || isNumber(item.id) ? `"${item.id}"` : `#${index}`;
  const name = withName && isText(item.name) ? ` (${item.name})` : '';
  return `${kind} ${id}${name}${parent ? ` in ${parent}` : ''}`;
}

/** The text of an id that every JavaScript object inherits a member of (`constructor`, `__proto__`, `toString`...). */
export const msgReservedId = (id: string) => `id "${id}" is reserved: every JavaScript object has a member of that name`;

/** Requires a non-empty string id, not a reserved one, and reports duplicates against `seen` (id -> path of first use). */
export function checkId(c: Checker, scope: Scope, item: Obj, kind: string, seen: Map<string, string>): void {
  if (!isText(item.id)) return c.report(child(scope, 'id'), `id is required (a non-empty string), got ${show(item.id)}`);
  // Ids key the runtime's records (page states, layer states, variation maps): one that names a member every
  // object inherits would find that member instead of a record.
  if (item.id in Object.prototype) return c.report(child(scope, 'id'), msgReservedId(item.id));
  unique(c, child(scope, 'id'), item.id, `${kind} id`, seen);
}

/** Reports `value` if `seen` already holds it, otherwise remembers where it was first used. */
export function unique(c: Checker, scope: Scope, value: string, what: string, seen: Map<string, string>, severity?: Severity): void {
  const first = seen.get(value);
  if (first === undefined) seen.set(value, scope.path);
  else c.report(scope, `Duplicate ${what} "${value}" (first used at ${first})`, severity);
}

/** Checks an optional (or required) non-empty string field. */
export function checkText(c: Checker, scope: Scope, item: Obj, key: string, required = false): void {
  const value = item[key];
  if (value == null) {
    if (required) c.report(child(scope, key), `${key} is required (a non-empty string)`);
  } else if (!isText(value)) c.report(child(scope, key), `${key} must be a non-empty string, got ${show(value)}`);
}

/** Checks an optional boolean field. */
export function checkFlag(c: Checker, scope: Scope, item: Obj, key: string): void {
  if (item[key] != null && typeof item[key] !== 'boolean') c.report(child(scope, key), `${key} must be true or false, got ${show(item[key])}`);
}

/** Checks that an optional field is one of a closed list of strings. */
export function checkOneOf(c: Checker, scope: Scope, item: Obj, key: string, allowed: readonly unknown[], severity?: Severity): void {
  const value = item[key];
  if (value != null && !allowed.includes(value)) {
    c.report(child(scope, key), `${key} must be one of ${allowed.join(', ')}, got ${show(value)}`, severity);
  }
}

/** Checks an optional holdback or weight expressed in basis points (0..10000). */
export function checkPoints(c: Checker, scope: Scope, item: Obj, key: string): void {
  const value = item[key];
  if (value != null && !(isNumber(value) && value >= 0 && value <= BUCKETING_POINTS)) {
    c.report(child(scope, key), `${key} must be a number from 0 to ${BUCKETING_POINTS} (basis points), got ${show(value)}`);
  }
}

/** Returns the field as a list when it is one; reports it when present but not a list. */
export function optionalList(c: Checker, scope: Scope, item: Obj, key: string): unknown[] | undefined {
  const value = item[key];
  if (Array.isArray(value)) return value;
  if (value != null) c.report(child(scope, key), `${key} must be a list, got ${show(value)}`);
  return undefined;
}

/** Calls `visit` for each entry of a list that is an object; reports the others. */
export function eachObject(c: Checker, scope: Scope, list: unknown[], visit: (item: Obj, index: number, path: string) => void): void {
  list.forEach((item, index) => {
    const path = join(scope.path, index);
    if (isObject(item)) visit(item, index, path);
    else c.report({ entity: scope.entity, path }, `Each entry must be an object, got ${show(item)}`);
  });
}

/**
 * Walks an and/or/not expression: a list whose first item may be an operator, followed by
 * operands that are nested lists or leaves. `leaf` checks each leaf at its path.
 */
export function walkExpression(c: Checker, scope: Scope, expr: unknown, leaf: (item: unknown, scope: Scope) => void, depth = 0): void {
  if (!Array.isArray(expr)) return c.report(scope, `Expected a list optionally opened by "and", "or" or "not", got ${show(expr)}`);
  if (depth > MAX_DEPTH) return c.report(scope, `Expression is nested more than ${MAX_DEPTH} levels deep`);
  expr.forEach((item, index) => {
    const at = child(scope, index);
    if (Array.isArray(item)) walkExpression(c, at, item, leaf, depth + 1);
    // Ruling 6: only a first item can be an operator; later strings are operands.
    else if (!(index === 0 && (LOGICAL_OPERATORS as readonly unknown[]).includes(item))) leaf(item, at);
  });
}

/** Collects the string ids of a list of entities, ignoring malformed entries (they are reported elsewhere). */
export const idsOf = (list: unknown): Set<string> =>
  new Set(Array.isArray(list) ? list.flatMap((item) => (isObject(item) && isText(item.id) ? [item.id] : [])) : []);

/** Renders an error caught from foreign code for a message. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : show(error));
