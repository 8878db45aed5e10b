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
import { accessor, comparisonProblem, fieldProblem, predicate, WINDOWS } from './fields';
import { shown } from '../values';

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
const isObj = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);

const clauses = (list: unknown, what: string, problems: RuleProblem[]): Clause[] => {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.push({ message: `${what} must be an array, got ${shown(list)}` });
    return [];
  }
  list.forEach((clause, i) => {
    if (!isObj(clause)) return problems.push({ message: `${what}[${i}] must be an object with field, comparator and value` });
    const problem = fieldProblem(clause.field) ?? comparisonProblem(clause.comparator ?? 'eq', clause.value);
    if (problem) problems.push({ message: `${what}[${i}]: ${problem}` });
  });
  return (list as Clause[]).map((clause) => ({ ...clause, comparator: clause.comparator ?? 'eq', get: accessor(clause.field), test: predicate(clause.comparator ?? 'eq', clause.value) }));
};

const testOf = (test: unknown, what: string, problems: RuleProblem[]): Plan['test'] => {
  if (test === undefined) return undefined;
  const problem = isObj(test) ? comparisonProblem(test.comparator, test.value) : `must be an object with comparator and value, got ${shown(test)}`;
  if (problem) problems.push({ message: `${what}: ${problem}` });
  return test as Plan['test'];
};

const windowOf = (window: unknown, problems: RuleProblem[]): string => {
  if (window === undefined) return 'last_60_days';
  if (!(WINDOWS as readonly unknown[]).includes(window)) problems.push({ message: `The activity window must be ${WINDOWS.join(' or ')}, got ${shown(window)}` });
  return String(window);
};

const pickOf = (pick: unknown, problems: RuleProblem[]): string[] | undefined => {
  if (pick === undefined) return undefined;
  const problem = isObj(pick) ? fieldProblem(pick.field) : `pick must be an object with a field, got ${shown(pick)}`;
  if (problem) problems.push({ message: `pick: ${problem}` });
  return isObj(pick) ? pick.field : undefined;
};

/** Spec 0.2 (AUD-24..41). */
const compile02 = (rule: Record<string, any>, problems: RuleProblem[]): Plan => {
  const plan: Plan = { window: windowOf(rule.window, problems), filter: clauses(rule.filter, 'filter', problems), sort: [] };
  if (rule.sort !== undefined && !Array.isArray(rule.sort)) problems.push({ message: `sort must be an array, got ${shown(rule.sort)}` });
  else {
    (rule.sort ?? []).forEach((entry: unknown, i: number) => {
      if (!isObj(entry)) return problems.push({ message: `sort[${i}] must be an object with field and direction` });
      const problem = fieldProblem(entry.field, ['frequency']);
      if (problem) problems.push({ message: `sort[${i}]: ${problem}` });
      if (entry.direction !== 'ascending' && entry.direction !== 'descending') {
        problems.push({ message: `sort[${i}]: direction must be ascending or descending, got ${shown(entry.direction)}` });
      }
      const descending = entry.direction === 'descending';
      if (Array.isArray(entry.field) && entry.field[0] === 'frequency') plan.frequency = { descending };
      else plan.sort.push({ field: entry.field, descending });
    });
  }
  plan.pick = pickOf(rule.pick, problems);
  if (plan.frequency && !plan.pick) problems.push({ message: 'A frequency sort requires a pick' });
  if (rule.reduce !== undefined) {
    const reduce = rule.reduce;
    const aggregator = isObj(reduce) ? reduce.aggregator : undefined;
    if (!(AGGREGATORS as readonly unknown[]).includes(aggregator)) {
      problems.push({ message: `reduce: aggregator must be one of ${AGGREGATORS.join(', ')}, got ${shown(aggregator)}` });
    } else if (aggregator === 'nth') {
      if (!(Number.isInteger(reduce.n) && reduce.n >= 0)) problems.push({ message: `reduce: nth needs a non-negative integer index n, got ${shown(reduce.n)}` });
      if (!plan.sort.length && !plan.frequency) problems.push({ message: 'reduce: nth needs a sort' });
    } else if (aggregator === 'count') {
      if (plan.pick) problems.push({ message: 'reduce: pick is superfluous with count', warning: true });
    } else if (!plan.pick) problems.push({ message: `reduce: ${aggregator} needs a picked field` });
    plan.reduce = { aggregator, n: isObj(reduce) ? reduce.n ?? 0 : 0 };
  }
  plan.test = testOf(rule.test, 'test', problems);
  return plan;
};

const MODIFIERS = ['count', 'most_recent', 'most_frequent'] as const;

/** Spec 0.1 (AUD-42, AUD-43), compiled to a 0.2 plan. */
const compile01 = (rule: Record<string, any>, problems: RuleProblem[]): Plan => {
  const action = isObj(rule.action) ? rule.action.value : rule.action;
  if (action !== undefined && typeof action !== 'string') problems.push({ message: `action must be an event name, got ${shown(action)}` });
  const filter = clauses(rule.filters, 'filters', problems);
  if (action === undefined && !filter.length) problems.push({ message: 'Spec 0.1 needs an action or at least one filter' });
  if (typeof action === 'string') filter.unshift({ field: ['name'], comparator: 'eq', value: action, get: accessor(['name']), test: predicate('eq', action) });
  const plan: Plan = { window: windowOf(rule.time, problems), filter, sort: [] };
  const used = MODIFIERS.filter((key) => rule[key] !== undefined);
  if (rule.pick !== undefined && used.length) problems.push({ message: `pick cannot be combined with ${used.join(', ')}` });
  else if (used.length > 1) problems.push({ message: `Use one of ${used.join(', ')}` });
  const modifier = used[0];
  if (modifier) {
    const spec = rule[modifier];
    plan.test = testOf(spec, modifier, problems);
    if (modifier === 'count') plan.reduce = { aggregator: 'count', n: 0 };
    else {
      plan.pick = pickOf(isObj(spec) ? { field: spec.field } : spec, problems);
      plan.reduce = { aggregator: 'nth', n: 0 };
      if (modifier === 'most_recent') plan.sort.push({ field: ['time'], descending: true });
      else plan.frequency = { descending: true };
    }
  } else {
    plan.pick = pickOf(rule.pick, problems);
    plan.test = testOf(rule.test, 'test', problems);
  }
  return plan;
};

/** Compiles a rule (object or JSON text); the problems list is empty when it is valid. Never throws. */
export const compileRule = (input: unknown): { plan: Plan; problems: RuleProblem[] } => {
  const problems: RuleProblem[] = [];
  let rule = input;
  if (typeof input === 'string') {
    try {
      rule = JSON.parse(input);
    } catch {
      rule = undefined;
    }
  }
  const empty: Plan = { window: 'last_60_days', filter: [], sort: [] };
  if (!isObj(rule)) return { plan: empty, problems: [{ message: `A behaviour rule must be an object (or its JSON text), got ${shown(input)}` }] };
  if (rule.version === '0.2') return { plan: compile02(rule, problems), problems };
  if (rule.version === '0.1') return { plan: compile01(rule, problems), problems };
  return { plan: empty, problems: [{ message: `A behaviour rule version must be "0.2" (or "0.1"), got ${shown(rule.version)}` }] };
};
