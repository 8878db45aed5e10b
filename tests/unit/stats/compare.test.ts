/**
 * compare() beyond the published cases: no numbers where they would mislead (each with its reason),
 * the sequential p-value's duality with its interval, what CUPED does, the Bayesian figures'
 * consistency, and the options' checks.
 */
import { describe, expect, it } from 'vitest';
import { seeded } from '../../support/seeded';
import { type AdjustedStats, type Comparison, type CompareOptions, compare, type SufficientStats } from '../../../stats';

const proportion = (n: number, conversions: number): SufficientStats => ({ n, sum: conversions, sumSquares: conversions });
const values = (...xs: number[]): SufficientStats => ({ n: xs.length, sum: xs.reduce((a, b) => a + b, 0), sumSquares: xs.reduce((a, b) => a + b * b, 0) });
const numbers = (result: ReturnType<typeof compare>) => {
  expect(result.error).toBeUndefined();
  return result as Comparison;
};
const METHODS = ['frequentist', 'sequential', 'bayesian'] as const;
const options = (method: CompareOptions['method'], difference: CompareOptions['difference'] = 'relative'): CompareOptions => ({ method, difference });

describe('compare: no numbers where they would mislead', () => {
  it('no visitors, one visitor, too few conversions: "not enough data", for every method', () => {
    for (const method of METHODS) {
      expect(compare(proportion(0, 0), proportion(0, 0), options(method))).toEqual({
        error: 'Not enough data yet: the control has 0 visitors, and each variation needs at least 2.',
        code: 'too-few-visitors',
      });
      expect(compare(values(3, 4), values(5), options(method))).toMatchObject({ code: 'too-few-visitors', error: expect.stringContaining('the variation has 1 visitor,') });
      expect(compare(proportion(1000, 19), proportion(1000, 40), options(method))).toMatchObject({ code: 'too-few-conversions', error: expect.stringContaining('the control has 19 conversions') });
      expect(compare(proportion(1000, 990), proportion(1000, 960), options(method))).toMatchObject({ error: expect.stringContaining('the control has 10 visitors without one') });
    }
    // The example: 19 visitors in one arm and 6 in the other reads as not enough data, not as a result.
    expect(compare(proportion(19, 3), proportion(6, 1), options('sequential'))).toMatchObject({ code: 'too-few-conversions' });
  });

  it('no spread in a metric, or a control mean of 0 under a relative difference', () => {
    expect(compare(values(5, 5, 5), values(4, 6, 8), options('frequentist'))).toMatchObject({ code: 'no-spread', error: expect.stringContaining("the control's metric") });
    expect(compare(values(-1, 1, -2, 2), values(1, 2, 3), options('bayesian'))).toMatchObject({ code: 'zero-control-mean' });
    // The absolute difference of the same data is fine.
    expect(numbers(compare(values(-1, 1, -2, 2), values(1, 2, 3), options('frequentist', 'absolute'))).expected).toBe(2);
  });

  it('inconsistent input and bad options get a sentence and no numbers; nothing throws', () => {
    const good = proportion(1000, 100);
    const cases: Array<[SufficientStats | AdjustedStats, SufficientStats | AdjustedStats, CompareOptions, RegExp]> = [
      [proportion(1000, 1200), good, options('frequentist'), /1200 conversions among 1000 visitors/],
      [{ n: 10.5, sum: 1, sumSquares: 3 }, good, options('frequentist'), /whole number/],
      [{ n: 100, sum: Number.NaN, sumSquares: 3 }, good, options('frequentist'), /finite/],
      [{ n: 100, sum: 50, sumSquares: 20 }, good, options('frequentist'), /sum of squares/],
      [{ post: good, pre: good, sumOfProducts: 10 }, good, options('frequentist'), /covariate and the other has none/],
      [{ post: good, pre: proportion(900, 10), sumOfProducts: 10 }, { post: good, pre: good, sumOfProducts: 10 }, options('frequentist'), /same visitors/],
      [good, good, { method: 'magic' as 'bayesian', difference: 'relative' }, /Unknown method "magic"/],
      [good, good, { method: 'frequentist', difference: 'ratio' as 'relative' }, /Unknown difference/],
      [good, good, { ...options('frequentist'), alpha: 1.5 }, /alpha must be between 0 and 1/],
      [good, good, { ...options('sequential'), tuning: -5 }, /tuning must be a positive number/],
      [good, good, { ...options('bayesian'), prior: { mean: 0, variance: 0 } }, /positive, finite variance/],
    ];
    for (const [control, variant, opts, message] of cases) {
      const result = compare(control, variant, opts);
      expect(result.expected).toBeUndefined();
      expect(result.error).toMatch(message);
    }
    expect(compare(undefined as unknown as SufficientStats, good, options('frequentist'))).toMatchObject({ code: 'invalid-input', error: expect.stringContaining('unexpected input') });
  });
});

describe('compare: the methods', () => {
  const control = proportion(4000, 400);
  const variant = proportion(4000, 452);

  it('the sequential p-value is at most alpha exactly when its interval leaves out 0', () => {
    for (let conversions = 400; conversions <= 520; conversions += 2) {
      const result = numbers(compare(control, proportion(4000, conversions), options('sequential')));
      const excludesZero = result.ci[0] > 0 || result.ci[1] < 0;
      expect(result.pValue !== undefined && result.pValue <= 0.05).toBe(excludesZero);
    }
  });

  it('the sequential interval is wider than the fixed-horizon one on the same data; the Bayesian flat one equals a normal interval', () => {
    const fixed = numbers(compare(control, variant, options('frequentist')));
    const sequential = numbers(compare(control, variant, options('sequential')));
    const bayesian = numbers(compare(control, variant, options('bayesian')));
    expect(sequential.ci[1] - sequential.ci[0]).toBeGreaterThan(fixed.ci[1] - fixed.ci[0]);
    expect(sequential.expected).toBe(fixed.expected);
    expect(bayesian.ci[0]).toBeCloseTo(fixed.expected - 1.959963984540054 * fixed.standardError, 12);
  });

  it('alpha sets the coverage: a 99% interval is wider than a 90% one', () => {
    for (const method of METHODS) {
      const wide = numbers(compare(control, variant, { ...options(method), alpha: 0.01 }));
      const narrow = numbers(compare(control, variant, { ...options(method), alpha: 0.1 }));
      expect(wide.ci[1] - wide.ci[0]).toBeGreaterThan(narrow.ci[1] - narrow.ci[0]);
    }
  });

  it('bayesian: the chance to win mirrors for lower-is-better, and the two risks differ by the expected effect', () => {
    const higher = numbers(compare(control, variant, options('bayesian')));
    const lower = numbers(compare(control, variant, { ...options('bayesian'), lowerIsBetter: true }));
    expect((higher.chanceToWin ?? 0) + (lower.chanceToWin ?? 0)).toBeCloseTo(1, 14);
    expect((higher.risk?.[0] ?? 0) - (higher.risk?.[1] ?? 0)).toBeCloseTo(higher.expected, 14);
    expect(lower.risk).toEqual([higher.risk?.[1], higher.risk?.[0]]);
    // A proper prior centred on 0 pulls the estimate towards 0 and narrows the interval.
    const shrunk = numbers(compare(control, variant, { ...options('bayesian'), prior: { mean: 0, variance: 0.01 } }));
    expect(shrunk.expected).toBeLessThan(higher.expected);
    expect(shrunk.expected).toBeGreaterThan(0);
    expect(shrunk.standardError).toBeLessThan(higher.standardError);
  });
});

describe('compare: CUPED', () => {
  // Revenue this period and last period for the same visitors: strongly related, as spending habits are.
  const visitors = (n: number, lift: number, seed: number): AdjustedStats => {
    const { next } = seeded(seed);
    let post = 0;
    let postSquares = 0;
    let pre = 0;
    let preSquares = 0;
    let products = 0;
    for (let i = 0; i < n; i += 1) {
      const habit = 20 + 40 * next();
      const before = habit + 4 * (next() - 0.5);
      const after = habit * (1 + lift) + 4 * (next() - 0.5);
      post += after;
      postSquares += after * after;
      pre += before;
      preSquares += before * before;
      products += after * before;
    }
    return { post: { n, sum: post, sumSquares: postSquares }, pre: { n, sum: pre, sumSquares: preSquares }, sumOfProducts: products };
  };
  const control = visitors(2000, 0, 11);
  const variant = visitors(2000, 0.01, 12);

  it('a related covariate narrows the interval several times over, for both differences', () => {
    for (const difference of ['relative', 'absolute'] as const) {
      const plain = numbers(compare(control.post, variant.post, options('frequentist', difference)));
      const adjusted = numbers(compare(control, variant, options('frequentist', difference)));
      expect(adjusted.standardError * 3).toBeLessThan(plain.standardError);
      // The plain interval cannot see a 1% lift in this noise; the adjusted one does.
      expect(plain.ci[0]).toBeLessThan(0);
      expect(adjusted.ci[0]).toBeGreaterThan(0);
    }
  });

  it('a covariate unrelated to the metric (θ = 0) changes nothing', () => {
    // The same covariate sums in both variations, and no covariance with the metric in either.
    const pre = control.pre;
    const unrelated = (side: AdjustedStats): AdjustedStats => ({ post: side.post, pre, sumOfProducts: (side.post.sum * pre.sum) / side.post.n });
    for (const method of METHODS) {
      const plain = numbers(compare(control.post, variant.post, options(method)));
      const adjusted = numbers(compare(unrelated(control), unrelated(variant), options(method)));
      expect(adjusted.expected).toBeCloseTo(plain.expected, 12);
      expect(adjusted.ci[0]).toBeCloseTo(plain.ci[0], 10);
    }
  });
});
