/**
 * How many visitors an experiment needs: per variation, to detect a relative uplift with the chosen
 * power at alpha, for a conversion rate or a mean (and, given the daily traffic, how many days). The
 * sequential method needs more visitors than a fixed-horizon test: its interval is wider at every look.
 */
import { type Method, sequenceHalfWidth } from './compare';
import { normalQuantile, studentTQuantile } from './distributions';
import type { SufficientStats } from './moments';

/** The control's current (or expected) metric: a conversion rate, or a mean with its standard deviation. */
export type Baseline = { rate: number } | { mean: number; standardDeviation: number };

/** Options of {@link sampleSize}. */
export interface SampleSizeOptions {
  baseline: Baseline;
  /** The relative uplift to detect: 0.05 for +5%. */
  uplift: number;
  /** Two-sided significance level; default 0.05. */
  alpha?: number;
  /** Probability of detecting the uplift when it is real; default 0.8. */
  power?: number;
  /** The method the results will be read with; `sequential` needs more visitors. Default `frequentist`. */
  method?: Method;
  /**
   * Sequential only: the sequence's tuning (total visitors in a comparison). Without it the sequence is
   * taken as tuned to the answer itself (twice the visitors per variation), as a planned experiment is.
   */
  tuning?: number;
  /** Variations including the control; default 2. */
  variations?: number;
  /** Visitors entering the experiment per day, all variations together: gives `days`. */
  dailyVisitors?: number;
}

/** The answer of {@link sampleSize}. */
export interface SampleSize {
  /** Visitors each variation needs. */
  perVariation: number;
  /** Visitors the experiment needs in all. */
  total: number;
  /** Days at `dailyVisitors` (when given). */
  days?: number;
  /** Sequential only: the tuning these visitors assume; give it to {@link compare} when reading the results. */
  tuning?: number;
}

/** The baseline a variation's sufficient statistics describe (a proportion when sum equals sumSquares). */
export function baselineOf(stats: SufficientStats): Baseline {
  const mean = stats.n > 0 ? stats.sum / stats.n : 0;
  if (stats.sum === stats.sumSquares) return { rate: mean };
  const variance = stats.n > 1 ? Math.max(0, stats.sumSquares - stats.n * mean * mean) / (stats.n - 1) : 0;
  return { mean, standardDeviation: Math.sqrt(variance) };
}

interface Design {
  /** Variance per visitor of the control and of the variation at the uplift. */
  varianceA: number;
  varianceB: number;
  /** The absolute difference to detect. */
  delta: number;
  /** Variance per visitor of the difference under no effect (pooled, for a proportion). */
  nullVariance: number;
}

function designOf(baseline: Baseline, uplift: number): Design | string {
  if ('rate' in baseline) {
    const p1 = baseline.rate;
    const p2 = p1 * (1 + uplift);
    if (!(p1 > 0 && p1 < 1)) return `A conversion rate of ${p1} leaves nothing to detect: the rate must be between 0 and 1 (exclusive).`;
    if (!(p2 > 0 && p2 < 1)) return `An uplift of ${uplift * 100}% on a rate of ${p1} gives ${p2}, outside 0 to 1: choose a smaller uplift.`;
    const pooled = (p1 + p2) / 2;
    return { varianceA: p1 * (1 - p1), varianceB: p2 * (1 - p2), delta: p2 - p1, nullVariance: 2 * pooled * (1 - pooled) };
  }
  const { mean, standardDeviation } = baseline;
  if (!(Number.isFinite(mean) && mean !== 0)) return 'A mean of 0 gives no relative uplift to detect: give the control\'s expected mean.';
  if (!(standardDeviation > 0 && Number.isFinite(standardDeviation))) return 'The standard deviation must be a positive number.';
  const variance = standardDeviation ** 2;
  return { varianceA: variance, varianceB: variance, delta: Math.abs(uplift * mean), nullVariance: 2 * variance };
}

/**
 * Fixed horizon. A proportion: the normal approximation with the pooled variance under no effect and the
 * two rates' variances under the uplift (Fleiss). A mean: the same with Student's t quantiles at 2n - 2
 * degrees of freedom, iterated; this gives the exact noncentral-t answer of G*Power for Cohen's d.
 */
function fixedHorizon(design: Design, alpha: number, power: number, proportion: boolean): number {
  const { varianceA, varianceB, delta, nullVariance } = design;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zPower = normalQuantile(power);
  const normal = (Math.sqrt(nullVariance) * zAlpha + Math.sqrt(varianceA + varianceB) * zPower) ** 2 / delta ** 2;
  if (proportion) return Math.max(2, Math.ceil(normal));
  let n = Math.max(2, Math.ceil(normal));
  for (let i = 0; i < 20; i += 1) {
    const df = 2 * n - 2;
    const next = Math.max(2, Math.ceil(((studentTQuantile(1 - alpha / 2, df) + studentTQuantile(power, df)) ** 2 * (varianceA + varianceB)) / delta ** 2));
    if (next === n) break;
    n = next;
  }
  return n;
}

/** Sequential: the smallest n per variation at which the sequence's half-width leaves room for the power margin. */
function sequentialHorizon(design: Design, alpha: number, power: number, tuning: number): number {
  const zPower = normalQuantile(power);
  const perVisitor = design.varianceA + design.varianceB;
  const detects = (n: number) => sequenceHalfWidth(perVisitor / n, 2 * n, alpha, tuning) + zPower * Math.sqrt(perVisitor / n) <= design.delta;
  let high = 2;
  while (!detects(high)) {
    high *= 2;
    if (high > 1e13) return Infinity;
  }
  let low = Math.max(1, high / 2);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (detects(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/** Sequential with no tuning given: tuned to its own answer (a fixed point, reached in a few rounds). */
function selfTunedHorizon(design: Design, alpha: number, power: number, start: number): { perVariation: number; tuning: number } {
  let tuning = 2 * start;
  for (let round = 0; round < 50; round += 1) {
    const perVariation = sequentialHorizon(design, alpha, power, tuning);
    if (!Number.isFinite(perVariation) || 2 * perVariation === tuning) return { perVariation, tuning };
    tuning = 2 * perVariation;
  }
  return { perVariation: sequentialHorizon(design, alpha, power, tuning), tuning };
}

/**
 * Visitors needed per variation (and in all, and in days at `dailyVisitors`) to detect `uplift` on the
 * baseline with `power` at `alpha`; `{ error }` with a sentence when the question has no answer.
 */
export function sampleSize(options: SampleSizeOptions): SampleSize | { error: string } {
  const { alpha = 0.05, power = 0.8, method = 'frequentist', variations = 2, dailyVisitors } = options;
  if (!(options.uplift !== 0 && Number.isFinite(options.uplift))) return { error: 'Choose a non-zero uplift to detect (0.05 for +5%).' };
  if (!(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) return { error: 'alpha and power must each be between 0 and 1.' };
  if (!(Number.isInteger(variations) && variations >= 2)) return { error: 'An experiment has at least 2 variations, counting the control.' };
  const design = designOf(options.baseline, options.uplift);
  if (typeof design === 'string') return { error: design };
  const fixed = fixedHorizon(design, alpha, power, 'rate' in options.baseline);
  let answer: SampleSize = { perVariation: fixed, total: fixed * variations };
  if (method === 'sequential') {
    if (!(options.tuning === undefined || (options.tuning > 0 && Number.isFinite(options.tuning)))) return { error: 'tuning must be a positive number of visitors.' };
    const { perVariation, tuning } =
      options.tuning === undefined ? selfTunedHorizon(design, alpha, power, fixed) : { perVariation: sequentialHorizon(design, alpha, power, options.tuning), tuning: options.tuning };
    if (!Number.isFinite(perVariation)) return { error: 'No realistic number of visitors detects so small an uplift: choose a larger one.' };
    answer = { perVariation, total: perVariation * variations, tuning };
  }
  if (dailyVisitors && dailyVisitors > 0) answer.days = Math.ceil(answer.total / dailyVisitors);
  return answer;
}
