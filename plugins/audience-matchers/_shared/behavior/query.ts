/**
 * Event queries (AUD-44..48): `{ count?, window?, where?, group_by?, aggregate?, select?, offset?, limit?,
 * test? }` over the visitor's behaviour events. `count` (a positive integer) keeps the newest events only;
 * `where` is a boolean expression (`['and' | 'or' | 'not', clause | expression...]`) of clauses
 * `{ field, comparator, value }`; `group_by` lists fields and needs `aggregate` (`[{ aggregator:
 * count | sum | avg | max | min, field? }]`); `select` lists plain fields (no aggregate operators);
 * `offset` and `limit` cut the rows. The test compares the number of rows (or, with aggregates and no
 * grouping, the first aggregate); without one the query holds when it yields a row.
 */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import { isObj, shown } from '../values';
import { clauseProblem, compare, comparisonProblem, fieldProblem, fieldValue, inWindow } from './fields';
import { AGGREGATORS, problemList, windowProblem, type AddProblem, type RuleProblem } from './rule';
import { reduceNumbers, truthy } from './run';

/** A query as written. */
export type Query = Record<string, any>;
const BOOLEAN = ['and', 'or', 'not'];
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

const checkWhere = (where: unknown, add: AddProblem, depth = 0): void => {
  if (!Array.isArray(where) || !BOOLEAN.includes(where[0])) return add(`A where clause needs a boolean operator (and, or, not) first, got ${shown(where)}`);
  if (depth > 16) return add('A where clause is nested too deeply');
  where.slice(1).forEach((item) => {
    if (Array.isArray(item)) return checkWhere(item, add, depth + 1);
    add(isObj(item) ? clauseProblem(item) : `A where operand must be a clause or an expression, got ${shown(item)}`, 'where: ');
  });
};

/** The problems of a query (empty when valid). Never throws. */
export const queryProblems = (query: Query): RuleProblem[] => {
  const [problems, add] = problemList();
  for (const key of ['offset', 'limit']) if (query[key] !== undefined && !isCount(query[key])) add(`${key} must be a non-negative integer, got ${shown(query[key])}`);
  if (query.count !== undefined && !(Number.isInteger(query.count) && query.count > 0)) add(`An event query count must be a positive integer, got ${shown(query.count)}`);
  add(windowProblem(query.window));
  if (query.where !== undefined) checkWhere(query.where, add);
  const aggregates = query.aggregate;
  if (aggregates !== undefined) {
    if (!Array.isArray(aggregates) || !aggregates.length) add(`aggregate must be a non-empty array, got ${shown(aggregates)}`);
    else aggregates.forEach((item: unknown, i: number) => {
      const aggregator = isObj(item) ? item.aggregator : undefined;
      if (!(AGGREGATORS as readonly unknown[]).includes(aggregator) || aggregator === 'nth') add(`aggregate[${i}]: aggregator must be count, sum, avg, max or min, got ${shown(aggregator)}`);
      else if (aggregator !== 'count' && fieldProblem(item && (item as Query).field)) add(`aggregate[${i}]: ${aggregator} needs a field`);
    });
  }
  if (query.group_by !== undefined) {
    if (!Array.isArray(query.group_by)) add(`group_by must be an array of fields, got ${shown(query.group_by)}`);
    else query.group_by.forEach((field: unknown) => add(fieldProblem(field), 'group_by: '));
    if (aggregates === undefined) add('group_by needs an aggregate');
  }
  if (query.select !== undefined) {
    if (!Array.isArray(query.select)) add(`select must be an array, got ${shown(query.select)}`);
    else query.select.forEach((field: unknown) => {
      if (isObj(field) || (typeof field === 'string' && (AGGREGATORS as readonly string[]).includes(field))) add(`select must not contain aggregate operators, got ${shown(field)}`);
      else add(fieldProblem(field), 'select: ');
    });
  }
  if (query.test !== undefined) {
    add(isObj(query.test) ? comparisonProblem(query.test.comparator, query.test.value) : `must be an object, got ${shown(query.test)}`, 'test: ');
  }
  return problems;
};

const holds = (event: BehaviourEvent, where: unknown[]): boolean => {
  const op = where[0];
  const test = (item: unknown) => (Array.isArray(item) ? holds(event, item) : compare((item as Query).comparator ?? 'eq', fieldValue(event, (item as Query).field), (item as Query).value));
  if (op === 'not') return !test(where[1]);
  for (let i = 1; i < where.length; i++) if (test(where[i]) === (op === 'or')) return op === 'or';
  return op !== 'or';
};

const aggregate = (events: BehaviourEvent[], spec: Query): unknown =>
  spec.aggregator === 'count' ? events.length : reduceNumbers(spec.aggregator, events.map((event) => fieldValue(event, spec.field)));

/** The rows of a valid query. */
export const queryRows = (query: Query, events: readonly BehaviourEvent[], now: number): unknown[][] => {
  let kept = inWindow(events, query.window, now);
  if (query.count) kept = kept.slice(-query.count);
  if (query.where) kept = kept.filter((event) => holds(event, query.where));
  let rows: unknown[][];
  if (query.aggregate) {
    const groups = new Map<string, { key: unknown[]; events: BehaviourEvent[] }>();
    for (const event of kept) {
      const key = (query.group_by ?? []).map((field: string[]) => fieldValue(event, field));
      const id = JSON.stringify(key);
      const group = groups.get(id) ?? groups.set(id, { key, events: [] }).get(id)!;
      group.events.push(event);
    }
    if (!query.group_by && !groups.size) groups.set('[]', { key: [], events: [] });
    rows = [...groups.values()].map((group) => [...group.key, ...query.aggregate.map((spec: Query) => aggregate(group.events, spec))]);
  } else rows = kept.map((event) => (query.select ?? [['name']]).map((field: string[]) => fieldValue(event, field)));
  const offset = query.offset ?? 0;
  return rows.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
};

/** Whether the visitor's behaviour satisfies the query. */
export const runQuery = (query: Query, events: readonly BehaviourEvent[], now: number): boolean => {
  const rows = queryRows(query, events, now);
  const result = query.aggregate && !query.group_by ? rows[0]?.[0] : rows.length;
  return query.test ? compare(query.test.comparator, result, query.test.value) : truthy(result);
};
