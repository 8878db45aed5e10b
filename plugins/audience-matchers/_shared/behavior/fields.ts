/**
 * Field references and comparators of behaviour rules and event queries (runtime-spec §5). A field
 * reference is an array of strings: `['name']`, `['type']`, `['category']`, `['revenue']`, `['time']`,
 * `['session']` (session index, 0 current), or `['tags', '<tag name>']`.
 */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import { regexProblem, testRegex } from '../regex';
import { own, read, shown } from '../values';

/** Event keys per field name (the stored short keys of VIS-21). */
// No prototype: a rule's field name is looked up here, and `constructor` or `toString` is no field.
const KEYS: Record<string, keyof BehaviourEvent> = { __proto__: null as never, name: 'n', type: 'y', category: 'c', revenue: 'r', time: 't', session: 'si', session_id: 's' };

/** Comparators of spec 0.2 (also filters of 0.1 and where clauses of queries). */
export const COMPARATORS = ['eq', 'is', 'contains', 'lt', 'gt', 'lte', 'gte', 'in', 'between', 'regex', 'exists'] as const;
const NUMERIC = ['lt', 'gt', 'lte', 'gte'];

/** A field reference's problem (AUD-27, AUD-28), or undefined. `extra` names accepted pseudo-fields (frequency). */
export const fieldProblem = (field: unknown, extra: readonly string[] = []): string | undefined => {
  if (!Array.isArray(field) || !field.length || !field.every((part) => typeof part === 'string')) return `A field must be an array of strings, got ${shown(field)}`;
  if (field[0] === 'tags') return field.length === 2 ? undefined : `A tags field needs exactly two entries (["tags", "<tag>"]), got ${shown(field)}`;
  if (field.length !== 1) return `A field other than tags needs exactly one entry, got ${shown(field)}`;
  return field[0] in KEYS || extra.includes(field[0]) ? undefined : `Unknown field ${shown(field[0])}: use name, type, category, revenue, time, session, session_id or tags`;
};

/** The value of a field of an event (undefined when absent). */
export const fieldValue = (event: BehaviourEvent, field: readonly string[]): unknown =>
  field[0] === 'tags' ? read(event.o, field[1]) : (event as unknown as Record<string, unknown>)[KEYS[field[0]]];

/** A reader of one field, made once per rule so the per-event loop does no lookups. */
export const accessor = (field: readonly string[]): ((event: BehaviourEvent) => unknown) => {
  if (!Array.isArray(field)) return () => undefined;
  if (field[0] === 'tags') {
    const tag = String(field[1]);
    return (event) => {
      const tags = event.o;
      return tags && typeof tags === 'object' && own.call(tags, tag) ? tags[tag] : undefined;
    };
  }
  const key = KEYS[field[0]];
  return key ? (event) => event[key] : () => undefined;
};

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A comparison's problem (AUD-29..35), or undefined. */
export const comparisonProblem = (comparator: unknown, value: unknown): string | undefined => {
  if (!(COMPARATORS as readonly unknown[]).includes(comparator)) return `Unknown comparator ${shown(comparator)}: use ${COMPARATORS.join(', ')}`;
  if (NUMERIC.includes(comparator as string)) return isNumber(value) ? undefined : `Comparator ${comparator} needs a number, got ${shown(value)}`;
  switch (comparator) {
    case 'in':
      return Array.isArray(value) ? undefined : `Comparator in needs an array, got ${shown(value)}`;
    case 'between':
      return Array.isArray(value) && value.length === 2 && isNumber(value[0]) && isNumber(value[1]) && value[0] <= value[1]
        ? undefined
        : `Comparator between needs two increasing numbers, got ${shown(value)}`;
    case 'regex': {
      const [pattern, flags] = Array.isArray(value) ? value : [value];
      if (typeof pattern !== 'string' || (Array.isArray(value) && (value.length > 2 || (flags !== undefined && (typeof flags !== 'string' || !/^[imsu]*$/.test(flags)))))) {
        return `Comparator regex needs a pattern, or a pattern and flags, got ${shown(value)}`;
      }
      return regexProblem(pattern, flags as string | undefined);
    }
    case 'exists':
      return value === undefined ? undefined : `Comparator exists takes no value, got ${shown(value)}`;
    default:
      return value === undefined ? `Comparator ${comparator} needs a value` : undefined;
  }
};

/** A `{ field, comparator = eq, value }` clause's problem, or undefined. */
export const clauseProblem = (clause: Record<string, any>): string | undefined =>
  fieldProblem(clause.field) ?? comparisonProblem(clause.comparator ?? 'eq', clause.value);

/** Compares `actual` with `value` (true/false); a type mismatch is false. Never throws. */
export const compare = (comparator: string, actual: unknown, value: unknown): boolean => {
  switch (comparator) {
    case 'eq':
      return actual === value;
    case 'is':
      // `is`: equality that ignores case for text (eq is strict).
      return typeof actual === 'string' && typeof value === 'string' ? actual.toLowerCase() === value.toLowerCase() : actual === value;
    case 'contains':
      return typeof actual === 'string' ? typeof value === 'string' && actual.includes(value) : Array.isArray(actual) && actual.includes(value);
    case 'lt':
      return isNumber(actual) && actual < (value as number);
    case 'gt':
      return isNumber(actual) && actual > (value as number);
    case 'lte':
      return isNumber(actual) && actual <= (value as number);
    case 'gte':
      return isNumber(actual) && actual >= (value as number);
    case 'in':
      return Array.isArray(value) && value.includes(actual);
    case 'between':
      return isNumber(actual) && Array.isArray(value) && actual >= value[0] && actual <= value[1];
    case 'regex': {
      const [pattern, flags] = Array.isArray(value) ? value : [value];
      return typeof actual === 'string' && testRegex(String(pattern), actual, flags) === true;
    }
    case 'exists':
      return actual !== undefined && actual !== null;
    default:
      return false;
  }
};

/**
 * A predicate on an actual value, specialised once per clause for the common comparators so the
 * per-event loop is a direct comparison; the others go through {@link compare}.
 */
export const predicate = (comparator: string, value: unknown): ((actual: unknown) => boolean) => {
  switch (comparator) {
    case 'eq':
      return (actual) => actual === value;
    // Finite numbers only, as compare has them: an Infinity revenue is no more than any threshold.
    case 'gt':
      return (actual) => isNumber(actual) && actual > (value as number);
    case 'lt':
      return (actual) => isNumber(actual) && actual < (value as number);
    case 'in': {
      const set = new Set(Array.isArray(value) ? value : []);
      return (actual) => set.has(actual);
    }
    case 'exists':
      return (actual) => actual !== undefined && actual !== null;
    default:
      return (actual) => compare(comparator, actual, value);
  }
};

/** Activity windows (AUD-23): the last 60 days (default) or the current session. */
export const WINDOWS = ['last_60_days', 'current_session'] as const;
/** 60 days in ms. */
export const SIXTY_DAYS = 60 * 24 * 60 * 60 * 1000;

/** The events of a window, oldest first. */
export const inWindow = (events: readonly BehaviourEvent[], window: unknown, now: number): BehaviourEvent[] => {
  const since = now - SIXTY_DAYS;
  const session = window === 'current_session';
  const kept: BehaviourEvent[] = [];
  for (const event of events) if (event && event.t >= since && (!session || event.si === 0)) kept.push(event);
  return kept;
};
