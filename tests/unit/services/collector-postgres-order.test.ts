/**
 * TRK-39 the order in which the PostgreSQL store writes a group's rows (services/collector/postgres-store.ts):
 * by their key columns, so that two collectors writing overlapping events or attributes at the same time
 * lock the rows in one order and never wait on each other in a cycle (a deadlock, answered 503).
 */
import { expect, it } from 'vitest';
import { byKey } from '../../../services/collector/postgres-store';

it('TRK-39 rows are ordered by their key columns only, the first that differs deciding, as text', () => {
  // Events: project, then uuid; what follows the key does not count.
  const events = [
    ['p2', 'a', 'late'],
    ['p1', 'b', 'x'],
    ['p1', 'a', 'z'],
    ['p10', 'a', 'y'],
  ];
  expect([...events].sort((a, b) => byKey(a, b, 2))).toEqual([
    ['p1', 'a', 'z'],
    ['p1', 'b', 'x'],
    ['p10', 'a', 'y'],
    ['p2', 'a', 'late'],
  ]);
  expect(byKey(['p', 'u', 1], ['p', 'u', 2], 2)).toBe(0);
  expect([byKey(['p', 'a'], ['p', 'b'], 2), byKey(['p', 'b'], ['p', 'a'], 2), byKey(['q', 'a'], ['p', 'b'], 2)]).toEqual([-1, 1, 1]);
  // Attributes: project, visitor, key; numbers and null compare as their text.
  expect(byKey(['p', 'v', 'plan', 'x'], ['p', 'v', 'plan', 'y'], 3)).toBe(0);
  expect(byKey(['p', 'v', 'country'], ['p', 'v', 'plan'], 3)).toBe(-1);
  expect(byKey(['p', 10, 'k'], ['p', 9, 'k'], 3)).toBe(-1);
  expect(byKey(['p', null, 'k'], ['p', 'a', 'k'], 3)).toBe(1);
  // The same rows given in any order end in the same order.
  const shuffled = [events[3], events[1], events[0], events[2]];
  expect([...shuffled].sort((a, b) => byKey(a, b, 2))).toEqual([...events].sort((a, b) => byKey(a, b, 2)));
});
