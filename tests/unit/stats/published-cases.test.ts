/**
 * compare() against the published test cases of GrowthBook's statistics engine (gbstats, Python,
 * repository growthbook/growthbook, folder packages/stats/tests/). Each case names its file and test;
 * the inputs and expected numbers are theirs, and each number must agree to the decimals they publish
 * (5 in test_tests.py, 9 in test_gbstats.py; never fewer than 4).
 */
import { describe, expect, it } from 'vitest';
import { type Comparison, type CompareOptions, type CompareResult, compare, type SufficientStats } from '../../../stats';

/** `actual` rounds to `published` at `decimals` places (what their tests check with np.round). */
const agrees = (actual: number | undefined, published: number, decimals: number) => {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - published)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
};

const numbers = (result: CompareResult): Comparison => {
  expect(result.error).toBeUndefined();
  return result as Comparison;
};

const check = (result: CompareResult, published: { expected: number; ci?: [number, number]; sd?: number; p?: number; ctw?: number; risk?: [number, number] }, decimals: number) => {
  const got = numbers(result);
  agrees(got.expected, published.expected, decimals);
  if (published.ci) {
    agrees(got.ci[0], published.ci[0], decimals);
    agrees(got.ci[1], published.ci[1], decimals);
  }
  if (published.sd !== undefined) agrees(got.standardError, published.sd, decimals);
  if (published.p !== undefined) agrees(got.pValue, published.p, decimals);
  if (published.ctw !== undefined) agrees(got.chanceToWin, published.ctw, decimals);
  if (published.risk) {
    agrees(got.risk?.[0], published.risk[0], decimals);
    agrees(got.risk?.[1], published.risk[1], decimals);
  }
};

const mean = (n: number, sum: number, sumSquares: number): SufficientStats => ({ n, sum, sumSquares });
const proportion = (n: number, conversions: number): SufficientStats => ({ n, sum: conversions, sumSquares: conversions });
const adjusted = (n: number, post: [number, number], pre: [number, number], sumOfProducts: number) => ({
  post: mean(n, ...post),
  pre: mean(n, ...pre),
  sumOfProducts,
});

const FREQUENTIST_REL: CompareOptions = { method: 'frequentist', difference: 'relative' };

describe('frequentist: packages/stats/tests/frequentist/test_tests.py, TestTwoSidedTTest', () => {
  const a = mean(3407, 1396.87, 52377.9767);
  const b = mean(3461, 2422.7, 134698.29);

  it('test_two_sided_ttest (relative, mean metric)', () => {
    check(compare(a, b, FREQUENTIST_REL), { expected: 0.70732, ci: [-0.03526, 1.44989], sd: 0.37879, p: 0.06191 }, 5);
  });

  it('test_two_sided_ttest_absolute (absolute, mean metric)', () => {
    check(compare(a, b, { method: 'frequentist', difference: 'absolute' }), { expected: 0.29, ci: [0.04538, 0.53462], sd: 0.12478, p: 0.02016 }, 5);
  });

  it('test_two_sided_ttest_binom (relative, proportion: 14/28 against 16/30)', () => {
    // gbstats has no floor on conversions; ours (20 by default) refuses so few, so the case runs without it.
    const noFloor: CompareOptions = { ...FREQUENTIST_REL, minimumConversions: 0 };
    check(compare(proportion(28, 14), proportion(30, 16), noFloor), { expected: 0.06667, ci: [-0.47767, 0.61101], sd: 0.2717, p: 0.80707 }, 5);
    expect(compare(proportion(28, 14), proportion(30, 16), FREQUENTIST_REL)).toMatchObject({ code: 'too-few-conversions' });
  });

  it('test_two_sided_ttest_missing_variance (a control whose sums give a negative variance has no numbers)', () => {
    const result = compare(mean(2, 1396.87, 52377.9767), b, FREQUENTIST_REL);
    expect(result.expected).toBeUndefined();
    expect(result.error).toMatch(/not valid/);
  });
});

describe('frequentist: packages/stats/tests/test_gbstats.py (the version with get_metric_dfs)', () => {
  // MULTI_DIMENSION_STATISTICS_DF, dimension "one": control "zero" and variation "one".
  const control = mean(100, 270, 848.79);
  const variant = mean(120, 300, 869);

  it('TestAnalyzeMetricDfFrequentist.test_get_metric_df_frequentist (relative)', () => {
    check(compare(control, variant, FREQUENTIST_REL), { expected: -0.074074074, p: 0.145219005 }, 9);
  });

  // RA_STATISTICS_DF: control "zero" (3,001 visitors) and variation "one" (3,000), with a covariate.
  const raControl = adjusted(3001, [300, 600], [210, 415], -20);
  const raVariant = adjusted(3000, [222, 555], [120, 405], -10);

  it('TestAnalyzeMetricDfRegressionAdjustment.test_analyze_metric_df_ra (CUPED, relative, mean metric)', () => {
    check(compare(raControl, raVariant, FREQUENTIST_REL), { expected: -0.281707154, p: 0.003732549 }, 9);
  });

  it('TestAnalyzeMetricDfRegressionAdjustment.test_analyze_metric_df_ra_proportion (CUPED, relative, proportions)', () => {
    // Their test drops the sums of squares: metric and covariate are 0/1, so sumSquares = sum here.
    const asProportions = (side: typeof raControl) => ({
      post: proportion(side.post.n, side.post.sum),
      pre: proportion(side.pre.n, side.pre.sum),
      sumOfProducts: side.sumOfProducts,
    });
    check(compare(asProportions(raControl), asProportions(raVariant), FREQUENTIST_REL), { expected: -0.31620216, p: 0.000000353 }, 9);
  });
});

describe('sequential: packages/stats/tests/frequentist/test_tests.py, TestSequentialTTest', () => {
  const a = mean(3000, 1396.87, 52377.9767);
  const b = mean(3461, 2422.7, 134698.29);

  it('test_sequential_test_runs (relative, tuning 1,000)', () => {
    check(compare(a, b, { method: 'sequential', difference: 'relative', tuning: 1000 }), { expected: 0.50336, ci: [-0.55844, 1.56516], sd: 0.33341, p: 1 }, 5);
  });

  it('test_sequential_test_runs_prop (relative, proportions, the default tuning of 5,000)', () => {
    check(compare(proportion(3000, 1396), proportion(3461, 2422), { method: 'sequential', difference: 'relative' }), { expected: 0.50386, ci: [0.40098, 0.60675], sd: 0.03386, p: 0 }, 5);
  });

  it('test_sequential_test_runs_ra (CUPED, relative)', () => {
    const control = adjusted(3000, [1396.87, 52377.9767], [16.87, 527.9767], 1);
    const variant = adjusted(3461, [2422.7, 134698.29], [22.7, 1348.29], 1);
    check(compare(control, variant, { method: 'sequential', difference: 'relative' }), { expected: 0.50338, ci: [-0.50969, 1.51646], sd: 0.33341, p: 1 }, 5);
  });

  it('test_sequential_test_tuning_as_expected: the interval is narrowest when tuned near the sample size', () => {
    const width = (tuning: number) => {
      const { ci } = numbers(compare(a, b, { method: 'sequential', difference: 'relative', tuning }));
      return ci[1] - ci[0];
    };
    expect(width(10)).toBeGreaterThan(width(10_000));
    expect(width(10_000)).toBeGreaterThan(width(6461));
  });

  it('test_gbstats.py TestAnalyzeMetricDfSequential.test_analyze_metric_df_sequential (tuning 600: a p-value inside (0, 1))', () => {
    const result = compare(mean(100, 270, 848.79), mean(120, 300, 869), { method: 'sequential', difference: 'relative', tuning: 600 });
    check(result, { expected: -0.074074074, p: 0.892332229 }, 9);
    agrees(numbers(result).ci[0], -0.233322085, 9);
    const loose = numbers(compare(mean(100, 270, 848.79), mean(120, 300, 869), { method: 'sequential', difference: 'relative', tuning: 1 }));
    expect(numbers(result).ci[0]).toBeGreaterThan(loose.ci[0]);
  });
});

describe('bayesian: packages/stats/tests/bayesian/test_tests.py (EffectBayesianABTest)', () => {
  it('TestBinom.test_bayesian_binomial_ab_test (relative, proportions 49/100 against 51/100, flat prior)', () => {
    check(compare(proportion(100, 49), proportion(100, 51), { method: 'bayesian', difference: 'relative' }), { expected: 0.04082, ci: [-0.24779, 0.32943], sd: 0.14725, ctw: 0.60918, risk: [0.0814, 0.04058] }, 5);
  });

  const a = mean(10, 100, 1002.25);
  const b = mean(10, 105, 1111.5);

  it('TestNorm.test_bayesian_gaussian_ab_test (relative, mean metric, flat prior)', () => {
    check(compare(a, b, { method: 'bayesian', difference: 'relative' }), { expected: 0.05, ci: [-0.02, 0.12], sd: 0.03572, ctw: 0.91923, risk: [0.05131, 0.00131] }, 5);
  });

  it('TestNorm.test_bayesian_gaussian_ab_test_informative (proper prior: mean 0.1, variance 0.1)', () => {
    const options: CompareOptions = { method: 'bayesian', difference: 'relative', prior: { mean: 0.1, variance: 0.1 } };
    check(compare(a, b, options), { expected: 0.05063, ci: [-0.01893, 0.12019], sd: 0.03549, ctw: 0.92315, risk: [0.05186, 0.00123] }, 5);
  });

  it('TestNorm / TestBinom test_missing_data: no visitors, no numbers', () => {
    expect(compare(mean(0, 0, 0), mean(0, 0, 0), { method: 'bayesian', difference: 'relative' })).toMatchObject({ code: 'too-few-visitors' });
    expect(compare(proportion(0, 0), proportion(0, 0), { method: 'bayesian', difference: 'relative' }).expected).toBeUndefined();
  });

  it('TestEffectBayesianABTest.test_bayesian_effect_ab_test (absolute and relative, flat and proper priors)', () => {
    // Their inputs are quantile statistics, which reach the effect-level posterior only as an effect
    // estimate, its variance and the control's value (7.157987489967789). The improper-flat results give
    // the estimate and variance; sides with exactly those moments go through compare().
    const controlValue = 7.157987489967789;
    const z = 1.959963984540054;
    const sides = (estimate: number, ci: [number, number], difference: 'absolute' | 'relative') => {
      const variance = ((ci[1] - ci[0]) / (2 * z)) ** 2;
      const variantValue = difference === 'absolute' ? controlValue + estimate : controlValue * (1 + estimate);
      // Half the variance from each side (the relative case through the delta method's two terms).
      const perControl = difference === 'absolute' ? variance / 2 : (variance * controlValue ** 4) / (2 * variantValue ** 2);
      const perVariant = difference === 'absolute' ? variance / 2 : (variance * controlValue ** 2) / 2;
      const side = (n: number, value: number, meanVariance: number) => mean(n, n * value, (n - 1) * meanVariance * n + n * value * value);
      return [side(11054, controlValue, perControl), side(10861, variantValue, perVariant)] as const;
    };
    const [control, variant] = sides(0.5365124375579775, [0.4572559589115422, 0.6157689162044128], 'absolute');
    const absolute = (variance: number) => numbers(compare(control, variant, { method: 'bayesian', difference: 'absolute', prior: { mean: 0, variance } }));
    check(absolute(1e6), { expected: 0.536512437540855, ci: [0.4572559588956844, 0.6157689161860256] }, 9);
    check(absolute(1), { expected: 0.536495315442269, ci: [0.4572401014910488, 0.6157505293934892] }, 9);
    const [relControl, relVariant] = sides(0.07495297222736319, [0.06341005842481906, 0.08649588602990732], 'relative');
    const relative = numbers(compare(relControl, relVariant, { method: 'bayesian', difference: 'relative', prior: { mean: 0, variance: 1 } }));
    check(relative, { expected: 0.07495037261804469, ci: [0.06340765898986044, 0.08649308624622894] }, 9);
  });
});

describe('bayesian: packages/stats/tests/test_gbstats.py, TestAnalyzeMetricDfBayesian', () => {
  const control = mean(100, 270, 848.79);
  const variant = mean(120, 300, 869);

  it('test_get_metric_df_new (relative, mean metric): chance to win and the risk of choosing the variation', () => {
    check(compare(control, variant, { method: 'bayesian', difference: 'relative' }), { expected: -0.074074074, ctw: 0.071834168 }, 9);
    agrees(numbers(compare(control, variant, { method: 'bayesian', difference: 'relative' })).risk?.[1], 0.075691131, 9);
  });

  it('test_get_metric_df_inverse (a metric where lower is better)', () => {
    const result = numbers(compare(control, variant, { method: 'bayesian', difference: 'relative', lowerIsBetter: true }));
    agrees(result.chanceToWin, 1 - 0.071834168, 9);
    agrees(result.risk?.[1], 0.001617057, 9);
  });
});
