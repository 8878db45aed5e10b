/**
 * Behaviour rules, spec 0.1 and 0.2 (AUD-24..43): validation and compilation into one plan.
 *
 * Spec 0.2: `{ version: '0.2', window?, filter?: Clause[], sort?: [{ field, direction }], pick?: { field },
 * reduce?: { aggregator, n? }, test?: { comparator, value } }`. Events of the window (`last_60_days`,
 * default, or `current_session`) that pass every filter clause are sorted (`field: ['frequency']` sorts
 * the distinct picked values by how often they occur), picked (the field's values), reduced (sum, avg,
 * max, min, count, nth) and the result tested; without a test the rule holds when the result is a
 * positive count, a non-empty list or a present value.
 *
 * Spec 0.1: `{ version: '0.1', action?: '<event name>', filters?: Clause[], time?: window,
 * count? | most_recent? | most_frequent?: { field?, comparator, value }, pick?: { field }, test? }`,
 * compiled to the same plan.
 */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import { accessor, clauseProblem, comparisonProblem, fieldProblem, predicate, WINDOWS } from './fields';
import { isObj, shown } from '../values';

/** `{ field, comparator, value }`. */
export interface Clause {
  field: string[];
  comparator: string;
  value?: unknown;
  /** Compiled reader of `field`. */
  get?: (event: BehaviourEvent) => unknown;
  /** Compiled comparison. */
  test?: (actual: unknown) => boolean;
}

/** A compiled rule. */
export interface Plan {
  window: string;
  filter: Clause[];
  sort: Array<{ field: string[]; descending: boolean }>;
  frequency?: { descending: boolean };
  pick?: string[];
  reduce?: { aggregator: string; n: number };
  test?: { comparator: string; value: unknown };
}

/** A problem; warnings do not refuse the project. */
export interface RuleProblem {
  message: string;
  warning?: boolean;
}

/** Reduce aggregators (AUD-37). */
export const AGGREGATORS = ['sum', 'avg', 'max', 'min', 'count', 'nth'] as const;

/** Records a problem, if any, after `prefix` (a warning with `warning` true). */
export type AddProblem = (problem: string | undefined, prefix?: string, warning?: boolean) => void;

/** A problem list and the function that adds to it (one closure per rule, not an object per call site). */
export const problemList = (): [RuleProblem[], AddProblem] => {
  const problems: RuleProblem[] = [];
  return [
    problems,
    (problem, prefix = '', warning) => {
      const message = prefix + problem;
      if (problem) problems.push(warning ? { message, warning } : { message });
    },
  ];
};

/** The activity window's problem (AUD-23), or undefined. */
export const windowProblem = (window: unknown): string | undefined =>
  window === undefined || (WINDOWS as readonly unknown[]).includes(window) ? undefined : `The activity window must be ${WINDOWS.join(' or ')}, got ${shown(window)}`;

const clauses = (list: unknown, what: string, add: AddProblem): Clause[] => {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    add(`${what} must be an array, got ${shown(list)}`);
    return [];
  }
  list.forEach((clause, i) => {
    if (!isObj(clause)) return add(`${what}[${i}] must be an object with field, comparator and value`);
    add(clauseProblem(clause), `${what}[${i}]: `);
  });
  return (list as Clause[]).map((clause) => ({ ...clause, comparator: clause.comparator ?? 'eq', get: accessor(clause.field), test: predicate(clause.comparator ?? 'eq', clause.value) }));
};

const testOf = (test: unknown, what: string, add: AddProblem): Plan['test'] => {
  if (test === undefined) return undefined;
  add(isObj(test) ? comparisonProblem(test.comparator, test.value) : `must be an object with comparator and value, got ${shown(test)}`, `${what}: `);
  return test as Plan['test'];
};

const windowOf = (window: unknown, add: AddProblem): string => {
  add(windowProblem(window));
  return window === undefined ? 'last_60_days' : String(window);
};

const pickOf = (pick: unknown, add: AddProblem): string[] | undefined => {
  if (pick === undefined) return undefined;
  add(isObj(pick) ? fieldProblem(pick.field) : `pick must be an object with a field, got ${shown(pick)}`, 'pick: ');
  return isObj(pick) ? pick.field : undefined;
};

/** Spec 0.2 (AUD-24..41). */
const compile02 = (rule: Record<string, any>, add: AddProblem): Plan => {
  const plan: Plan = { window: windowOf(rule.window, add), filter: clauses(rule.filter, 'filter', add), sort: [] };
  if (rule.sort !== undefined && !Array.isArray(rule.sort)) add(`sort must be an array, got ${shown(rule.sort)}`);
  else {
    (rule.sort ?? []).forEach((entry: unknown, i: number) => {
      if (!isObj(entry)) return add(`sort[${i}] must be an object with field and direction`);
      add(fieldProblem(entry.field, ['frequency']), `sort[${i}]: `);
      if (entry.direction !== 'ascending' && entry.direction !== 'descending') {
        add(`sort[${i}]: direction must be ascending or descending, got ${shown(entry.direction)}`);
      }
      const descending = entry.direction === 'descending';
      if (Array.isArray(entry.field) && entry.field[0] === 'frequency') plan.frequency = { descending };
      else plan.sort.push({ field: entry.field, descending });
    });
  }
  plan.pick = pickOf(rule.pick, add);
  if (plan.frequency && !plan.pick) add('A frequency sort requires a pick');
  if (rule.reduce !== undefined) {
    const reduce = rule.reduce;
    const aggregator = isObj(reduce) ? reduce.aggregator : undefined;
    if (!(AGGREGATORS as readonly unknown[]).includes(aggregator)) {
      add(`reduce: aggregator must be one of ${AGGREGATORS.join(', ')}, got ${shown(aggregator)}`);
    } else if (aggregator === 'nth') {
      if (!(Number.isInteger(reduce.n) && reduce.n >= 0)) add(`reduce: nth needs a non-negative integer index n, got ${shown(reduce.n)}`);
      if (!plan.sort.length && !plan.frequency) add('reduce: nth needs a sort');
    } else if (aggregator === 'count') {
      if (plan.pick) add('reduce: pick is superfluous with count', '', true);
    } else if (!plan.pick) add(`reduce: ${aggregator} needs a picked field`);
    plan.reduce = { aggregator, n: isObj(reduce) ? reduce.n ?? 0 : 0 };
  }
  plan.test = testOf(rule.test, 'test', add);
  return plan;
};

const MODIFIERS = ['count', 'most_recent', 'most_frequent'] as const;

/** Spec 0.1 (AUD-42, AUD-43), compiled to a 0.2 plan. */
const compile01 = (rule: Record<string, any>, add: AddProblem): Plan => {
  const action = isObj(rule.action) ? rule.action.value : rule.action;
  if (action !== undefined && typeof action !== 'string') add(`action must be an event name, got ${shown(action)}`);
  const filter = clauses(rule.filters, 'filters', add);
  if (action === undefined && !filter.length) add('Spec 0.1 needs an action or at least one filter');
  if (typeof action === 'string') filter.unshift({ field: ['name'], comparator: 'eq', value: action, get: accessor(['name']), test: predicate('eq', action) });
  const plan: Plan = { window: windowOf(rule.time, add), filter, sort: [] };
  const used = MODIFIERS.filter((key) => rule[key] !== undefined);
  if (rule.pick !== undefined && used.length) add(`pick cannot be combined with ${used.join(', ')}`);
  else if (used.length > 1) add(`Use one of ${used.join(', ')}`);
  const modifier = used[0];
  if (modifier) {
    const spec = rule[modifier];
    plan.test = testOf(spec, modifier, add);
    if (modifier === 'count') plan.reduce = { aggregator: 'count', n: 0 };
    else {
      plan.pick = pickOf(isObj(spec) ? { field: spec.field } : spec, add);
      plan.reduce = { aggregator: 'nth', n: 0 };
      if (modifier === 'most_recent') plan.sort.push({ field: ['time'], descending: true });
      else plan.frequency = { descending: true };
    }
  } else {
    plan.pick = pickOf(rule.pick, add);
    plan.test = testOf(rule.test, 'test', add);
  }
  return plan;
};

/**
 * Compiles a rule object (the behavior matcher parses JSON text first); the problems list is empty when
 * it is valid. Never throws.
 */
export const compileRule = (rule: unknown): { plan: Plan; problems: RuleProblem[] } => {
  const [problems, add] = problemList();
  const version = isObj(rule) ? rule.version : undefined;
  if (version === '0.2' || version === '0.1') return { plan: (version === '0.2' ? compile02 : compile01)(rule as Record<string, any>, add), problems };
  add(isObj(rule) ? `A behaviour rule version must be "0.2" (or "0.1"), got ${shown(version)}` : `A behaviour rule must be an object (or its JSON text), got ${shown(rule)}`);
  return { plan: { window: 'last_60_days', filter: [], sort: [] }, problems };
};
