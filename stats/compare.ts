/**
 * `compare(control, variant, options)`: the effect of a variation over its control with an interval,
 * by one of three methods, all from the same effect estimate and variance (moments.ts):
 * - `frequentist`: Welch's two-sided t-test (fixed horizon: read once, at the planned sample size);
 * - `sequential`: an always-valid confidence sequence and p-value (the normal mixture of Howard et
 *   al., in the asymptotic form of Waudby-Smith et al.), valid however often it is read;
 * - `bayesian`: a Gaussian posterior of the effect (flat prior unless one is given), with the chance to
 *   win and the expected loss of each choice.
 */
import { normalCdf, normalDensity, normalQuantile, studentTQuantile, studentTSurvival } from './distributions';
import { type Difference, type Effect, type ErrorCode, effectOf, StatsInputError, type VariationStats } from './moments';

/** The statistical method of {@link compare}. */
export type Method = 'frequentist' | 'sequential' | 'bayesian';

/** A proper Gaussian prior on the relative effect (0.1 = +10%); for an absolute difference it is scaled by the control's mean. */
export interface EffectPrior {
  mean: number;
  variance: number;
}

/** Options of {@link compare}. */
export interface CompareOptions {
  method: Method;
  difference: Difference;
  /** 1 - the interval's coverage; 0.05 gives 95% intervals. */
  alpha?: number;
  /** Sequential only: the total visitors (both variations) at which the sequence is tightest. Default 5,000. */
  tuning?: number;
  /** Bayesian only: a proper prior on the effect; without it the prior is flat. */
  prior?: EffectPrior;
  /** For a metric where lower is better (load time, bounce): the chance to win and the risks read that way. */
  lowerIsBetter?: boolean;
  /**
   * A proportion gets numbers only once each variation has this many conversions and this many visitors
   * without one (default {@link DEFAULT_MINIMUM_CONVERSIONS}); 0 turns the floor off.
   */
  minimumConversions?: number;
}

/** A comparison with numbers. `ci` and `expected` are in the unit of `difference` (0.041 = +4.1% relative). */
export interface Comparison {
  /** The point estimate of the effect (the posterior mean for `bayesian`). */
  expected: number;
  /** The interval (confidence, confidence sequence or credible) at 1 - alpha. */
  ci: [number, number];
  /** The standard error of the estimate (the posterior standard deviation for `bayesian`). */
  standardError: number;
  /** Two-sided p-value (`frequentist`, `sequential`). */
  pValue?: number;
  /** Probability that the variation is better than the control (`bayesian`). */
  chanceToWin?: number;
  /** Expected loss of choosing [the control, the variation], in the unit of the effect (`bayesian`). */
  risk?: [number, number];
  error?: undefined;
}

/** A comparison that has no honest numbers: `error` says why, in words for staff. */
export interface ComparisonError {
  error: string;
  /** The kind of problem, for a caller that words it differently or offers a way out. */
  code: ErrorCode;
  expected?: undefined;
  ci?: undefined;
}

/** The answer of {@link compare}. */
export type CompareResult = Comparison | ComparisonError;

/** The sequence's default tuning: total visitors, as GrowthBook's engine defaults to. */
export const DEFAULT_TUNING = 5000;

/**
 * Conversions (and visitors without one) each variation needs before a proportion's interval is given.
 * Read every 100 visitors at a 5% rate, the relative sequence declares 6.2% of A/A tests different with
 * no floor and 3-4% with this one (tests/support/ab-simulation.ts).
 */
export const DEFAULT_MINIMUM_CONVERSIONS = 20;

function frequentist(effect: Effect, alpha: number): Comparison {
  const standardError = Math.sqrt(effect.variance);
  const halfWidth = studentTQuantile(1 - alpha / 2, effect.degreesOfFreedom) * standardError;
  const pValue = 2 * studentTSurvival(Math.abs(effect.estimate) / standardError, effect.degreesOfFreedom);
  return { expected: effect.estimate, ci: [effect.estimate - halfWidth, effect.estimate + halfWidth], standardError, pValue: Math.min(1, pValue) };
}

/**
 * The mixing precision ρ² that makes the sequence tightest at `tuning` visitors (Waudby-Smith et al.
 * 2023, eq. 161, with the variance per visitor scaled to 1).
 */
export function mixingPrecision(alpha: number, tuning: number): number {
  const logTerm = -2 * Math.log(alpha);
  return (logTerm + Math.log(logTerm + 1)) / tuning;
}

/**
 * Half-width of the asymptotic confidence sequence after `visitors` visitors for an estimate whose
 * variance is `variance` (eq. 9 of Waudby-Smith et al.: σ·√(2(Nρ²+1)/(N²ρ²)·ln(√(Nρ²+1)/α)), σ² = N·variance).
 */
export function sequenceHalfWidth(variance: number, visitors: number, alpha: number, tuning: number): number {
  const rho2 = mixingPrecision(alpha, tuning);
  const spread = visitors * rho2 + 1;
  return Math.sqrt(variance * visitors) * Math.sqrt(((2 * spread) / (visitors * visitors * rho2)) * Math.log(Math.sqrt(spread) / alpha));
}

function sequential(effect: Effect, alpha: number, tuning: number): Comparison {
  const { estimate, variance, visitors } = effect;
  const halfWidth = sequenceHalfWidth(variance, visitors, alpha, tuning);
  // The mixture martingale's value (an e-value); its inverse is an always-valid p-value, dual to the
  // sequence: p <= alpha exactly when the sequence leaves out 0.
  const rho2 = mixingPrecision(alpha, tuning);
  const spread = visitors * rho2 + 1;
  const standardised = (estimate * estimate * visitors) / variance;
  const logEvidence = (rho2 * standardised) / (2 * spread) - 0.5 * Math.log(spread);
  return {
    expected: estimate,
    ci: [estimate - halfWidth, estimate + halfWidth],
    standardError: Math.sqrt(variance),
    pValue: Math.min(1, Math.exp(-logEvidence)),
  };
}

/** E[max(X, 0)] for X ~ N(mean, sd²). */
const positivePart = (mean: number, sd: number) => mean * normalCdf(mean / sd) + sd * normalDensity(mean / sd);

function bayesian(effect: Effect, options: CompareOptions, alpha: number): Comparison {
  let mean = effect.estimate;
  let variance = effect.variance;
  if (options.prior) {
    // The prior is stated on the relative scale; an absolute effect is in the metric's unit, |control mean| times larger.
    const scale = options.difference === 'absolute' ? Math.abs(effect.controlMean) : 1;
    const priorMean = options.prior.mean * scale;
    const priorVariance = options.prior.variance * scale * scale;
    const precision = 1 / priorVariance + 1 / variance;
    mean = (priorMean / priorVariance + mean / variance) / precision;
    variance = 1 / precision;
  }
  const sd = Math.sqrt(variance);
  const z = normalQuantile(1 - alpha / 2);
  const gain = positivePart(mean, sd);
  const loss = positivePart(-mean, sd);
  const better = options.lowerIsBetter ? normalCdf(-mean / sd) : normalCdf(mean / sd);
  return {
    expected: mean,
    ci: [mean - z * sd, mean + z * sd],
    standardError: sd,
    chanceToWin: better,
    // Keeping the control forgoes the variation's gain; choosing the variation risks its loss.
    risk: options.lowerIsBetter ? [loss, gain] : [gain, loss],
  };
}

const METHODS = new Set<string>(['frequentist', 'sequential', 'bayesian']);

function checkOptions(options: CompareOptions): void {
  const { alpha = 0.05, tuning = DEFAULT_TUNING, prior } = options;
  if (!METHODS.has(options.method)) throw new StatsInputError('invalid-input', `Unknown method "${options.method}": use frequentist, sequential or bayesian.`);
  if (options.difference !== 'relative' && options.difference !== 'absolute') throw new StatsInputError('invalid-input', `Unknown difference "${options.difference}": use relative or absolute.`);
  if (!(alpha > 0 && alpha < 1)) throw new StatsInputError('invalid-input', `alpha must be between 0 and 1 (0.05 gives 95% intervals); it is ${alpha}.`);
  if (!(options.minimumConversions === undefined || options.minimumConversions >= 0)) throw new StatsInputError('invalid-input', 'minimumConversions must be 0 or more.');
  if (!(tuning > 0 && Number.isFinite(tuning))) throw new StatsInputError('invalid-input', `tuning must be a positive number of visitors; it is ${tuning}.`);
  if (prior && !(Number.isFinite(prior.mean) && prior.variance > 0 && Number.isFinite(prior.variance))) {
    throw new StatsInputError('invalid-input', 'The prior needs a finite mean and a positive, finite variance.');
  }
}

/**
 * Compares a variation with its control. Each side is the variation's sufficient statistics
 * (`{ n, sum, sumSquares }`; a proportion has sum = sumSquares = conversions) or, with a pre-period
 * covariate, `{ post, pre, sumOfProducts }`. Returns the effect with its interval and the method's
 * figures, or `{ error, code }` with a sentence when the data give no honest number (too few visitors,
 * too few conversions for a proportion, no spread, a control mean of 0 for a relative difference,
 * inconsistent sums). Never throws.
 */
export function compare(control: VariationStats, variant: VariationStats, options: CompareOptions): CompareResult {
  try {
    checkOptions(options);
    const alpha = options.alpha ?? 0.05;
    const effect = effectOf(control, variant, options.difference, options.minimumConversions ?? DEFAULT_MINIMUM_CONVERSIONS);
    if (options.method === 'frequentist') return frequentist(effect, alpha);
    if (options.method === 'sequential') return sequential(effect, alpha, options.tuning ?? DEFAULT_TUNING);
    return bayesian(effect, options, alpha);
  } catch (error) {
    if (error instanceof StatsInputError) return { error: error.message, code: error.code };
    return { error: `The comparison failed on unexpected input: ${error instanceof Error ? error.message : String(error)}`, code: 'invalid-input' };
  }
}
