import { describe, expect, it } from 'vitest';
import { compileBehaviour } from '../../../../../plugins/audience-matchers/_shared/behavior/compile';
import behavior from '../../../../../plugins/audience-matchers/behavior';
import { compare, predicate, SIXTY_DAYS } from '../../../../../plugins/audience-matchers/_shared/behavior/fields';
import { checkWith, event, matchWith } from '../../modules/audiences/helpers';

const NOW = Date.UTC(2026, 0, 31);
const DAY = 86400000;
const events = [
  event('view', NOW - 70 * DAY, { si: -5 }),
  event('purchase', NOW - 10 * DAY, { si: -2, r: 1000, o: { color: 'red', price: 10 } }),
  event('purchase', NOW - 5 * DAY, { si: -1, r: 2500, o: { color: 'blue', price: 25 } }),
  event('view', NOW - 3 * DAY, { si: -1, y: 'pageview' }),
  event('purchase', NOW - 60000, { r: 500, o: { color: 'red', price: 5 } }),
  event('click_cta', NOW - 1000, { y: 'click', c: 'cta' }),
];
const profile = { behaviourEvents: events, time: { now: NOW, day: 'saturday', minutes: 0 } };
const plugin = behavior();
const matches = (value: unknown) => matchWith(plugin, { type: 'behavior', value }, profile);
const problems = (value: unknown) => compileBehaviour(value).problems.map((p) => p.message);
const v2 = (rule: Record<string, unknown>) => ({ version: '0.2', ...rule });
const purchases = [{ field: ['name'], comparator: 'eq', value: 'purchase' }];

describe('behaviour rules', () => {
  it('AUD-23 the activity windows are the last 60 days and the current session', () => {
    expect(SIXTY_DAYS).toBe(60 * DAY);
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'eq', value: 'view' }], reduce: { aggregator: 'count' }, test: { comparator: 'eq', value: 1 } }))).toBe(true);
    expect(matches(v2({ window: 'current_session', filter: purchases, reduce: { aggregator: 'count' }, test: { comparator: 'eq', value: 1 } }))).toBe(true);
    expect(matches(v2({ filter: purchases, reduce: { aggregator: 'count' }, test: { comparator: 'eq', value: 3 } }))).toBe(true);
    expect(problems(v2({ window: 'forever' }))[0]).toMatch(/activity window/);
  });

  it('AUD-24 the version must be 0.2 (or the older 0.1)', () => {
    expect(problems({ version: '0.3', filter: [] })).toEqual(['A behaviour rule version must be "0.2" (or "0.1"), got "0.3"']);
    expect(problems({ version: 0.2 })[0]).toMatch(/version must be "0.2"/);
    expect(problems(v2({}))).toEqual([]);
    expect(problems('{bad json')[0]).toMatch(/must be an object/);
  });

  it('AUD-25 filter must be an array', () => {
    expect(problems(v2({ filter: {} }))).toEqual(['filter must be an array, got {}']);
  });

  it('AUD-26 sort must be an array', () => {
    expect(problems(v2({ sort: 'time' }))).toEqual(['sort must be an array, got "time"']);
  });

  it('AUD-27 every field reference must be an array of strings', () => {
    expect(problems(v2({ filter: [{ field: 'name', comparator: 'eq', value: 'x' }] }))[0]).toMatch(/A field must be an array of strings/);
    expect(problems(v2({ filter: [{ field: [1], comparator: 'eq', value: 'x' }] }))[0]).toMatch(/A field must be an array of strings/);
    expect(problems(v2({ pick: { field: ['nonsense'] } }))[0]).toMatch(/Unknown field "nonsense"/);
    // A name every object inherits is no field either.
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(problems(v2({ filter: [{ field: [name], comparator: 'exists' }] }))[0], name).toMatch(/Unknown field/);
    }
  });

  it('AUD-28 a tags field needs exactly two entries, every other field exactly one', () => {
    expect(problems(v2({ filter: [{ field: ['tags'], comparator: 'exists' }] }))[0]).toMatch(/tags field needs exactly two entries/);
    expect(problems(v2({ filter: [{ field: ['name', 'x'], comparator: 'eq', value: 'a' }] }))[0]).toMatch(/exactly one entry/);
    expect(problems(v2({ filter: [{ field: ['tags', 'color'], comparator: 'exists' }] }))).toEqual([]);
  });

  it('AUD-29 eq and is compare for equality (is ignores case)', () => {
    expect(matches(v2({ filter: [{ field: ['tags', 'color'], comparator: 'eq', value: 'blue' }] }))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['tags', 'color'], comparator: 'eq', value: 'BLUE' }] }))).toBe(false);
    expect(matches(v2({ filter: [{ field: ['tags', 'color'], comparator: 'is', value: 'BLUE' }] }))).toBe(true);
  });

  it('AUD-30 contains is supported', () => {
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'contains', value: 'cta' }] }))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'contains', value: 'zzz' }] }))).toBe(false);
  });

  it('AUD-31 lt, gt, lte and gte are numeric and need a number', () => {
    expect(matches(v2({ filter: [{ field: ['revenue'], comparator: 'gt', value: 2000 }] }))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['revenue'], comparator: 'gte', value: 2500 }, { field: ['revenue'], comparator: 'lte', value: 2500 }] }))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['revenue'], comparator: 'lt', value: 500 }] }))).toBe(false);
    expect(problems(v2({ filter: [{ field: ['revenue'], comparator: 'gt', value: '5' }] }))).toEqual(['filter[0]: Comparator gt needs a number, got "5"']);
  });

  it('AUD-31 a filter clause and a reduced result compare numbers alike: only finite numbers are ordered', () => {
    for (const comparator of ['lt', 'gt', 'lte', 'gte']) {
      for (const actual of [Infinity, -Infinity, Number.NaN, '7', null, 7, 3]) {
        expect(predicate(comparator, 5)(actual), `${comparator} ${String(actual)}`).toBe(compare(comparator, actual, 5));
      }
    }
    expect(predicate('gt', 5)(Infinity)).toBe(false);
    expect(predicate('lt', 5)(-Infinity)).toBe(false);
    expect(predicate('gt', 5)(7)).toBe(true);
  });

  it('AUD-32 in needs an array', () => {
    expect(matches(v2({ filter: [{ field: ['tags', 'color'], comparator: 'in', value: ['green', 'blue'] }] }))).toBe(true);
    expect(problems(v2({ filter: [{ field: ['name'], comparator: 'in', value: 'a' }] }))).toEqual(['filter[0]: Comparator in needs an array, got "a"']);
  });

  it('AUD-33 between needs two increasing numbers', () => {
    expect(matches(v2({ filter: [{ field: ['tags', 'price'], comparator: 'between', value: [20, 30] }] }))).toBe(true);
    expect(problems(v2({ filter: [{ field: ['revenue'], comparator: 'between', value: [30, 20] }] }))[0]).toMatch(/two increasing numbers/);
    expect(problems(v2({ filter: [{ field: ['revenue'], comparator: 'between', value: [1] }] }))[0]).toMatch(/two increasing numbers/);
  });

  it('AUD-34 regex needs a pattern, or a pattern and flags', () => {
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'regex', value: '^click_' }] }))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'regex', value: ['^CLICK_', 'i'] }] }))).toBe(true);
    expect(problems(v2({ filter: [{ field: ['name'], comparator: 'regex', value: 5 }] }))[0]).toMatch(/pattern, or a pattern and flags/);
    expect(problems(v2({ filter: [{ field: ['name'], comparator: 'regex', value: ['a', 'q'] }] }))[0]).toMatch(/pattern, or a pattern and flags/);
    expect(problems(v2({ filter: [{ field: ['name'], comparator: 'regex', value: '(a+)+' }] }))[0]).toMatch(/Unsafe regular expression/);
  });

  it('AUD-35 exists takes no value', () => {
    expect(matches(v2({ filter: [{ field: ['revenue'], comparator: 'exists' }] }))).toBe(true);
    expect(problems(v2({ filter: [{ field: ['revenue'], comparator: 'exists', value: true }] }))[0]).toMatch(/exists takes no value/);
  });

  it('AUD-36 sort direction is ascending or descending', () => {
    expect(problems(v2({ sort: [{ field: ['time'], direction: 'up' }] }))[0]).toMatch(/ascending or descending/);
    const nthColor = (direction: string) => ({ ...v2({ filter: purchases, sort: [{ field: ['time'], direction }], pick: { field: ['tags', 'color'] }, reduce: { aggregator: 'nth', n: 0 } }) });
    expect(matches({ ...nthColor('descending'), test: { comparator: 'eq', value: 'red' } })).toBe(true);
    expect(matches({ ...nthColor('ascending'), test: { comparator: 'eq', value: 'red' } })).toBe(true);
    expect(matches({ ...v2({ filter: purchases, sort: [{ field: ['revenue'], direction: 'descending' }], pick: { field: ['tags', 'color'] }, reduce: { aggregator: 'nth', n: 0 } }), test: { comparator: 'eq', value: 'blue' } })).toBe(true);
  });

  it('AUD-37 reduce aggregators are sum, avg, max, min, count and nth', () => {
    const reduce = (aggregator: string, value: number) => matches(v2({ filter: purchases, pick: { field: ['revenue'] }, reduce: { aggregator }, test: { comparator: 'eq', value } }));
    expect(reduce('sum', 4000)).toBe(true);
    expect(reduce('max', 2500)).toBe(true);
    expect(reduce('min', 500)).toBe(true);
    expect(matches(v2({ filter: purchases, pick: { field: ['revenue'] }, reduce: { aggregator: 'avg' }, test: { comparator: 'between', value: [1333, 1334] } }))).toBe(true);
    expect(matches(v2({ filter: purchases, reduce: { aggregator: 'count' }, test: { comparator: 'gte', value: 3 } }))).toBe(true);
    expect(problems(v2({ reduce: { aggregator: 'median' } }))[0]).toMatch(/aggregator must be one of sum, avg, max, min, count, nth/);
  });

  it('AUD-38 nth needs a non-negative integer index and a sort', () => {
    expect(problems(v2({ sort: [{ field: ['time'], direction: 'descending' }], reduce: { aggregator: 'nth', n: -1 } }))[0]).toMatch(/non-negative integer index/);
    expect(problems(v2({ sort: [{ field: ['time'], direction: 'descending' }], reduce: { aggregator: 'nth', n: 1.5 } }))[0]).toMatch(/non-negative integer index/);
    expect(problems(v2({ reduce: { aggregator: 'nth', n: 0 } }))).toEqual(['reduce: nth needs a sort']);
  });

  it('AUD-39 sum, avg, max and min need a picked field', () => {
    for (const aggregator of ['sum', 'avg', 'max', 'min']) expect(problems(v2({ reduce: { aggregator } }))).toEqual([`reduce: ${aggregator} needs a picked field`]);
  });

  it('AUD-40 pick is superfluous with count: a warning, the rule still runs', () => {
    const rule = v2({ filter: purchases, pick: { field: ['revenue'] }, reduce: { aggregator: 'count' }, test: { comparator: 'eq', value: 3 } });
    expect(compileBehaviour(rule).problems).toEqual([{ message: 'reduce: pick is superfluous with count', warning: true }]);
    expect(matches(rule)).toBe(true);
    expect(checkWith(plugin, { type: 'behavior', value: rule })).toEqual(['reduce: pick is superfluous with count']);
  });

  it('AUD-41 a frequency sort requires a pick', () => {
    expect(problems(v2({ sort: [{ field: ['frequency'], direction: 'descending' }] }))).toEqual(['A frequency sort requires a pick']);
    const mostFrequent = v2({ filter: purchases, pick: { field: ['tags', 'color'] }, sort: [{ field: ['frequency'], direction: 'descending' }], reduce: { aggregator: 'nth', n: 0 }, test: { comparator: 'eq', value: 'red' } });
    expect(problems(mostFrequent)).toEqual([]);
    expect(matches(mostFrequent)).toBe(true);
  });

  it('AUD-42 spec 0.1 needs an action or at least one filter', () => {
    expect(problems({ version: '0.1' })).toEqual(['Spec 0.1 needs an action or at least one filter']);
    expect(matches({ version: '0.1', action: 'purchase', count: { comparator: 'gte', value: 2 } })).toBe(true);
    expect(matches({ version: '0.1', action: { value: 'purchase' }, time: 'current_session', count: { comparator: 'gte', value: 2 } })).toBe(false);
    expect(matches({ version: '0.1', filters: [{ field: ['category'], value: 'cta' }] })).toBe(true);
    expect(matches({ version: '0.1', action: 'purchase', most_recent: { field: ['tags', 'color'], comparator: 'eq', value: 'red' } })).toBe(true);
    expect(matches({ version: '0.1', action: 'purchase', most_frequent: { field: ['tags', 'color'], comparator: 'eq', value: 'blue' } })).toBe(false);
  });

  it('AUD-43 spec 0.1: pick cannot be combined with count, most_recent or most_frequent', () => {
    for (const key of ['count', 'most_recent', 'most_frequent']) {
      expect(problems({ version: '0.1', action: 'x', pick: { field: ['name'] }, [key]: { field: ['name'], comparator: 'eq', value: 1 } })).toContain(`pick cannot be combined with ${key}`);
    }
  });

  it('behaviour conditions are unknown without events or with an invalid rule, and JSON text rules work', () => {
    expect(matchWith(plugin, { type: 'behavior', value: v2({}) }, {})).toBeNull();
    expect(matches({ version: '9' })).toBeNull();
    expect(matches(JSON.stringify(v2({ filter: purchases })))).toBe(true);
    expect(matches(v2({ filter: [{ field: ['name'], comparator: 'eq', value: 'refund' }] }))).toBe(false);
  });
});

describe('event queries', () => {
  it('AUD-44 offset and limit must be non-negative integers', () => {
    expect(problems({ offset: -1 })).toEqual(['offset must be a non-negative integer, got -1']);
    expect(problems({ limit: 1.5 })).toEqual(['limit must be a non-negative integer, got 1.5']);
    expect(matches({ where: ['and', ...purchases], offset: 2, limit: 1 })).toBe(true);
    expect(matches({ where: ['and', ...purchases], offset: 3 })).toBe(false);
  });

  it('AUD-45 a where clause needs a boolean operator', () => {
    expect(problems({ where: purchases })[0]).toMatch(/A where clause needs a boolean operator/);
    expect(matches({ where: ['or', { field: ['name'], comparator: 'eq', value: 'x' }, ['not', { field: ['name'], comparator: 'eq', value: 'purchase' }]] })).toBe(true);
  });

  it('AUD-46 group-by needs an aggregate', () => {
    expect(problems({ group_by: [['name']] })).toEqual(['group_by needs an aggregate']);
    const groups = { group_by: [['name']], aggregate: [{ aggregator: 'count' }] };
    expect(matches({ ...groups, test: { comparator: 'eq', value: 4 } })).toBe(false);
    expect(matches({ ...groups, test: { comparator: 'eq', value: 3 } })).toBe(true); // view, purchase, click_cta
    expect(matches({ where: ['and', ...purchases], aggregate: [{ aggregator: 'sum', field: ['revenue'] }], test: { comparator: 'eq', value: 4000 } })).toBe(true);
  });

  it('AUD-47 select must be an array without aggregate operators', () => {
    expect(problems({ select: ['name'] })[0]).toMatch(/A field must be an array of strings/);
    expect(problems({ select: 'name' })).toEqual(['select must be an array, got "name"']);
    expect(problems({ select: ['count'] })[0]).toMatch(/select must not contain aggregate operators/);
    expect(problems({ select: [{ aggregator: 'sum', field: ['revenue'] }] })[0]).toMatch(/select must not contain aggregate operators/);
    expect(matches({ select: [['name']], where: ['and', ...purchases] })).toBe(true);
  });

  it('AUD-48 an event query count must be positive', () => {
    expect(problems({ count: 0 })).toEqual(['An event query count must be a positive integer, got 0']);
    expect(matches({ count: 1, where: ['and', ...purchases] })).toBe(false);
    expect(matches({ count: 2, where: ['and', ...purchases] })).toBe(true);
  });
});
