import { describe, expect, it } from 'vitest';
import { isRecord, isThenable } from '../../../../plugins/_shared/checks';

describe('the plugins\' value checks', () => {
  it('a record is an object that is neither null nor an array', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], 'x', 1, true, () => 1].map(isRecord)).toEqual([false, false, false, false, false, false, false]);
  });

  it('KRN-9 a thenable is an object or function with a then method; a primitive never is, whatever the page added to its prototype', () => {
    const callable = Object.assign(() => 1, { then: () => undefined });
    expect([Promise.resolve(1), { then: () => undefined }, callable].map(isThenable)).toEqual([true, true, true]);
    expect([{ then: 1 }, {}, null, undefined, 0].map(isThenable)).toEqual([false, false, false, false, false]);
    const strings = String.prototype as unknown as { then?: unknown };
    const numbers = Number.prototype as unknown as { then?: unknown };
    strings.then = numbers.then = () => undefined;
    try {
      expect([isThenable('AU'), isThenable(7)]).toEqual([false, false]);
    } finally {
      delete strings.then;
      delete numbers.then;
    }
  });
});
