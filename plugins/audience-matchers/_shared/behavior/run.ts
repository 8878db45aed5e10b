/** Runs a compiled behaviour rule over the visitor's behaviour events. */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import { accessor, compare, fieldValue, SIXTY_DAYS } from './fields';
import type { Plan } from './rule';

const order = (a: unknown, b: unknown): number => (a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : (a as number) < (b as number) ? -1 : 1);

/** The rule's result before its test: a count, an aggregate, the nth value, or the list of values. */
export const resultOf = (plan: Plan, events: readonly BehaviourEvent[], now: number): unknown => {
  const { filter, reduce } = plan;
  // One pass: window and filters, no closures per event.
  const since = now - SIXTY_DAYS;
  const session = plan.window === 'current_session';
  const kept: BehaviourEvent[] = [];
  events: for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (!event || !(event.t >= since) || (session && event.si !== 0)) continue;
    for (let j = 0; j < filter.length; j++) {
      const clause = filter[j];
      const actual = clause.get ? clause.get(event) : fieldValue(event, clause.field);
      if (!(clause.test ? clause.test(actual) : compare(clause.comparator, actual, clause.value))) continue events;
    }
    kept.push(event);
  }
  // The fast path: a count needs no sort or pick.
  if (reduce?.aggregator === 'count') return kept.length;
  if (plan.sort.length) {
    kept.sort((a, b) => {
      for (const { field, descending } of plan.sort) {
        const diff = order(fieldValue(a, field), fieldValue(b, field));
        if (diff) return descending ? -diff : diff;
      }
      return 0;
    });
  }
  let values: unknown[] = kept;
  if (plan.pick) {
    const get = accessor(plan.pick);
    values = [];
    for (let i = 0; i < kept.length; i++) {
      const value = get(kept[i]);
      if (value !== undefined) values.push(value);
    }
  }
  if (plan.frequency) {
    const counts = new Map<unknown, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    const sign = plan.frequency.descending ? -1 : 1;
    values = [...counts.keys()].sort((a, b) => sign * (counts.get(a)! - counts.get(b)!));
  }
  if (!reduce) return values;
  return reduce.aggregator === 'nth' ? values[reduce.n] : reduceNumbers(reduce.aggregator, values);
};

/** sum, avg, max or min of the finite numbers among `values`; undefined when there are none (sum: 0). */
export const reduceNumbers = (aggregator: string, values: readonly unknown[]): number | undefined => {
  const numbers = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const sum = numbers.reduce((total, value) => total + value, 0);
  if (aggregator === 'sum') return sum;
  if (!numbers.length) return undefined;
  return aggregator === 'avg' ? sum / numbers.length : aggregator === 'max' ? Math.max(...numbers) : aggregator === 'min' ? Math.min(...numbers) : undefined;
};

/** Whether a result holds without a test: a positive number, a non-empty list, or a present value. */
export const truthy = (result: unknown): boolean =>
  typeof result === 'number' ? result > 0 : Array.isArray(result) ? result.length > 0 : result !== undefined && result !== null && result !== false && result !== '';

/** Whether the visitor's behaviour satisfies the rule. */
export const runPlan = (plan: Plan, events: readonly BehaviourEvent[], now: number): boolean => {
  const result = resultOf(plan, events, now);
  return plan.test ? compare(plan.test.comparator, result, plan.test.value) : truthy(result);
};
