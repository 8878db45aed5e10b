/**
 * From two variations' sufficient statistics to the effect every method works on: its point estimate,
 * the variance of that estimate and Welch's degrees of freedom, for an absolute or a relative
 * difference, with or without regression adjustment (CUPED) on a pre-period covariate.
 */

/** One variation's metric as sufficient statistics: visitors, the sum of their values, the sum of squared values. */
export interface SufficientStats {
  /** Visitors (units) in the variation. */
  n: number;
  /** Sum of the metric over those visitors (conversions for a proportion). */
  sum: number;
  /** Sum of the squared metric (equal to `sum` for a 0/1 metric: a proportion). */
  sumSquares: number;
}

/**
 * One variation's metric with a covariate measured on the same visitors before the experiment
 * (regression adjustment, CUPED): `post` is the metric, `pre` the covariate, `sumOfProducts` the
 * sum over visitors of metric × covariate. Both have `n` equal to the visitors.
 */
export interface AdjustedStats {
  post: SufficientStats;
  pre: SufficientStats;
  sumOfProducts: number;
}

/** A variation's input to {@link compare}: plain sufficient statistics or, with a covariate, {@link AdjustedStats}. */
export type VariationStats = SufficientStats | AdjustedStats;

/** How the effect is expressed: variation minus control, or that divided by the control's mean. */
export type Difference = 'relative' | 'absolute';

/** Mean and variance of one variation's metric. */
export interface Summary {
  n: number;
  mean: number;
  /** Sample variance (n - 1), or p(1 - p) for a proportion. */
  variance: number;
  proportion: boolean;
}

/** The effect of the variation over the control, as every method consumes it. */
export interface Effect {
  estimate: number;
  /** Variance of the estimate (its standard error squared). */
  variance: number;
  /** Welch-Satterthwaite degrees of freedom. */
  degreesOfFreedom: number;
  /** Visitors in both variations. */
  visitors: number;
  /** The control's unadjusted mean (the scale of a relative difference). */
  controlMean: number;
}

/**
 * Why a comparison has no numbers: too few visitors or (for a proportion) conversions, no spread in a
 * metric yet, a control mean of 0 under a relative difference, or input that no data can give.
 */
export type ErrorCode = 'too-few-visitors' | 'too-few-conversions' | 'no-spread' | 'zero-control-mean' | 'invalid-input';

/** A problem that leaves no number worth showing; `message` is the sentence staff read. */
export class StatsInputError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Whether a side carries a pre-period covariate. */
export const isAdjusted = (side: VariationStats): side is AdjustedStats => 'post' in side;

/** The metric's statistics of a side (its `post` when it carries a covariate). */
export const metricOf = (side: VariationStats): SufficientStats => (isAdjusted(side) ? side.post : side);

const describe = (label: string) => (label === 'control' ? 'The control' : 'The variation');

/**
 * Mean and variance of a side. A side whose `sum` equals its `sumSquares` holds 0/1 values only, so it
 * is a proportion and its variance is p(1 - p); otherwise the sample variance with n - 1.
 */
export function summarize(stats: SufficientStats, label: string): Summary {
  const { n, sum, sumSquares } = stats;
  if (!(Number.isFinite(sum) && Number.isFinite(sumSquares) && Number.isInteger(n) && n >= 0)) {
    throw new StatsInputError('invalid-input', `${describe(label)}'s statistics are not valid: n must be a whole number of visitors and the sums finite numbers.`);
  }
  if (n < 2) throw new StatsInputError('too-few-visitors', `Not enough data yet: ${label === 'control' ? 'the control' : 'the variation'} has ${n} visitor${n === 1 ? '' : 's'}, and each variation needs at least 2.`);
  const mean = sum / n;
  if (sum === sumSquares) {
    if (sum < 0 || sum > n) throw new StatsInputError('invalid-input', `${describe(label)}'s statistics are not valid: ${sum} conversions among ${n} visitors.`);
    return { n, mean, variance: mean * (1 - mean), proportion: true };
  }
  const spread = sumSquares - (sum * sum) / n;
  if (spread < -1e-9 * Math.max(1, sumSquares)) {
    throw new StatsInputError('invalid-input', `${describe(label)}'s statistics are not valid: the sum of squares (${sumSquares}) is smaller than the sum squared over n, which no data can give.`);
  }
  return { n, mean, variance: Math.max(0, spread) / (n - 1), proportion: false };
}

/** Covariance of metric and covariate; for two proportions the plug-in (divide by n) form, as their variances. */
function covariance(post: Summary, pre: Summary, sumOfProducts: number): number {
  const { n } = post;
  if (post.proportion && pre.proportion) return sumOfProducts / n - post.mean * pre.mean;
  return (sumOfProducts - n * post.mean * pre.mean) / (n - 1);
}

/** A side with a covariate: the metric's and the covariate's summaries, and their covariance. */
interface AdjustedSide {
  post: Summary;
  pre: Summary;
  covariance: number;
}

function pooled(a: SufficientStats, b: SufficientStats): SufficientStats {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSquares: a.sumSquares + b.sumSquares };
}

/**
 * θ, the regression coefficient of the metric on the covariate, from both variations pooled (so the
 * same θ adjusts both, and the adjustment cannot favour one); 0 when either pooled variance is 0.
 */
function pooledTheta(control: AdjustedStats, variant: AdjustedStats): number {
  const post = summarize(pooled(control.post, variant.post), 'control');
  const pre = summarize(pooled(control.pre, variant.pre), 'control');
  if (post.variance <= 0 || pre.variance <= 0) return 0;
  return covariance(post, pre, control.sumOfProducts + variant.sumOfProducts) / pre.variance;
}

function adjustedSide(stats: AdjustedStats, label: string): AdjustedSide {
  const post = summarize(stats.post, label);
  const pre = summarize(stats.pre, label);
  if (pre.n !== post.n) throw new StatsInputError('invalid-input', `${describe(label)}'s covariate covers ${pre.n} visitors and its metric ${post.n}: both must count the same visitors.`);
  if (!Number.isFinite(stats.sumOfProducts)) throw new StatsInputError('invalid-input', `${describe(label)}'s sum of products is not a finite number.`);
  return { post, pre, covariance: covariance(post, pre, stats.sumOfProducts) };
}

/** A side's variance after adjustment by θ. */
const adjustedVariance = (side: AdjustedSide, theta: number) => side.post.variance + theta ** 2 * side.pre.variance - 2 * theta * side.covariance;

function welch(varianceA: number, nA: number, varianceB: number, nB: number): number {
  const a = varianceA / nA;
  const b = varianceB / nB;
  return (a + b) ** 2 / (a ** 2 / (nA - 1) + b ** 2 / (nB - 1));
}

function requireSpread(variance: number, label: string): void {
  if (!(variance > 0)) {
    throw new StatsInputError(
      'no-spread',
      `No spread in ${label === 'control' ? "the control's" : "the variation's"} metric yet: every visitor has the same value, so no interval can be estimated; wait for more data.`,
    );
  }
}

function requireControlMean(mean: number, difference: Difference): void {
  if (difference === 'relative' && mean === 0) {
    throw new StatsInputError('zero-control-mean', "The control's mean is 0, so a relative difference is undefined: show the absolute difference, or wait until the control has conversions.");
  }
}

/** The effect without a covariate: difference of means with the delta method for a ratio of means. */
function plainEffect(control: SufficientStats, variant: SufficientStats, difference: Difference): Effect {
  const a = summarize(control, 'control');
  const b = summarize(variant, 'variant');
  requireSpread(a.variance, 'control');
  requireSpread(b.variance, 'variant');
  requireControlMean(a.mean, difference);
  const degreesOfFreedom = welch(a.variance, a.n, b.variance, b.n);
  const visitors = a.n + b.n;
  if (difference === 'absolute') {
    return { estimate: b.mean - a.mean, variance: a.variance / a.n + b.variance / b.n, degreesOfFreedom, visitors, controlMean: a.mean };
  }
  // Delta method for (mean_b - mean_a) / mean_a with independent variations.
  const variance = b.variance / (a.mean ** 2 * b.n) + (a.variance * b.mean ** 2) / (a.mean ** 4 * a.n);
  return { estimate: (b.mean - a.mean) / a.mean, variance, degreesOfFreedom, visitors, controlMean: a.mean };
}

/**
 * The effect with a covariate (CUPED): each variation's mean becomes mean_post - θ·mean_pre with the
 * pooled θ, whose variance var_post + θ²·var_pre - 2θ·cov is smaller the more the covariate explains.
 * A relative difference keeps the control's unadjusted mean as its scale.
 */
function adjustedEffect(control: AdjustedStats, variant: AdjustedStats, difference: Difference): Effect {
  const a = adjustedSide(control, 'control');
  const b = adjustedSide(variant, 'variant');
  requireSpread(a.post.variance, 'control');
  requireSpread(b.post.variance, 'variant');
  requireControlMean(a.post.mean, difference);
  const theta = pooledTheta(control, variant);
  const varianceA = adjustedVariance(a, theta);
  const varianceB = adjustedVariance(b, theta);
  requireSpread(varianceA, 'control');
  requireSpread(varianceB, 'variant');
  const shift = b.post.mean - theta * b.pre.mean - (a.post.mean - theta * a.pre.mean);
  const degreesOfFreedom = welch(varianceA, a.post.n, varianceB, b.post.n);
  const visitors = a.post.n + b.post.n;
  const controlMean = a.post.mean;
  if (difference === 'absolute') {
    return { estimate: shift, variance: varianceA / a.post.n + varianceB / b.post.n, degreesOfFreedom, visitors, controlMean };
  }
  // Delta method for shift / mean_post_a. Its gradient in the control's (post, pre) means is
  // (-mean_post_b / mean_post_a, θ) / mean_post_a, taking the pre means as equal, which random assignment makes them in expectation.
  const scale = a.post.mean;
  const ratio = b.post.mean / scale;
  const controlPart = ratio ** 2 * a.post.variance - 2 * theta * ratio * a.covariance + theta ** 2 * a.pre.variance;
  const variance = varianceB / (b.post.n * scale ** 2) + controlPart / (a.post.n * scale ** 2);
  return { estimate: shift / scale, variance, degreesOfFreedom, visitors, controlMean };
}

/**
 * The normal approximation behind every interval needs counts on both sides of a proportion: below
 * `minimum` conversions (or visitors without one) in a variation, intervals undercover, the relative
 * difference's most (the calibration in tests/support/ab-simulation.ts measures it).
 */
function requireConversions(stats: SufficientStats, label: string, minimum: number): void {
  const { proportion, n, mean } = summarize(stats, label);
  const conversions = Math.round(n * mean);
  if (!proportion || Math.min(conversions, n - conversions) >= minimum) return;
  const who = label === 'control' ? 'the control' : 'the variation';
  const counted = conversions < minimum ? `${conversions} conversion${conversions === 1 ? '' : 's'}` : `${n - conversions} visitor${n - conversions === 1 ? '' : 's'} without one`;
  throw new StatsInputError(
    'too-few-conversions',
    `Not enough data yet: ${who} has ${counted}, and each variation needs at least ${minimum} conversions and ${minimum} visitors without one before its interval can be trusted.`,
  );
}

/**
 * The effect of `variant` over `control`; throws {@link StatsInputError} when no honest number exists.
 * `minimumConversions` applies to a proportion metric (not to its covariate).
 */
export function effectOf(control: VariationStats, variant: VariationStats, difference: Difference, minimumConversions = 0): Effect {
  const adjusted = [isAdjusted(control), isAdjusted(variant)];
  if (adjusted[0] !== adjusted[1]) {
    throw new StatsInputError('invalid-input', 'One variation has a pre-period covariate and the other has none: give both or neither.');
  }
  requireConversions(metricOf(control), 'control', minimumConversions);
  requireConversions(metricOf(variant), 'variant', minimumConversions);
  if (isAdjusted(control) && isAdjusted(variant)) return adjustedEffect(control, variant, difference);
  return plainEffect(control as SufficientStats, variant as SufficientStats, difference);
}
