/**
 * The words a staff member reads for one variation and one metric, from its comparison:
 * 1. the interval lies wholly on the better side of zero: "Variation B is ahead: +4.1% (+1.2% to +7.0%)";
 *    wholly on the worse side: "... is behind: ...", and a guardrail metric ("must not get worse")
 *    is then flagged;
 * 2. the interval holds zero and each variation already has the visitors needed to detect the minimum
 *    uplift (5% by default) with 80% power by the same method: "No difference found: ...";
 * 3. otherwise: "Not enough data yet: about N more visitors per variation to detect a 5% uplift at the
 *    current rate", with the days at the current traffic when it is known. A comparison without numbers
 *    (too few visitors, no spread, a control mean of 0) reads the same when the control's rate gives an
 *    estimate, and gives its reason otherwise.
 * For a metric where lower is better, "ahead" means an interval below zero, and the words say so.
 */
import { type CompareOptions, type CompareResult, DEFAULT_TUNING } from './compare';
import { metricOf, type VariationStats } from './moments';
import { baselineOf, sampleSize } from './sample-size';

/** What the verdict says, for styling and sorting. */
export type VerdictKind = 'ahead' | 'behind' | 'no-difference' | 'not-enough-data' | 'cannot-compare';

/** Input of {@link verdict}. */
export interface VerdictInput {
  /** The result of {@link compare} for these sides and options. */
  comparison: CompareResult;
  control: VariationStats;
  variant: VariationStats;
  /** The options the comparison was made with. */
  options: CompareOptions;
  /** How the variation is named in the sentence; default "The variation". */
  name?: string;
  /** The smallest relative uplift worth detecting; default 0.05 (5%). */
  minimumUplift?: number;
  /** The metric must not get worse: a variation whose interval lies on the worse side is flagged. */
  guardrail?: boolean;
  /** Visitors entering the experiment per day, all variations together: adds the days still needed. */
  dailyVisitors?: number;
  /** Variations including the control (for the days); default 2. */
  variations?: number;
}

/** The verdict: its kind, the sentence, whether a guardrail is broken, and the visitors still needed. */
export interface Verdict {
  kind: VerdictKind;
  text: string;
  /** A guardrail metric made worse by this variation. */
  flagged: boolean;
  /** Visitors per variation still needed to detect the minimum uplift (kind `not-enough-data`). */
  moreVisitors?: number;
  /** Days those visitors take at `dailyVisitors`. */
  moreDays?: number;
}

const MINUS = '\u2212';

const signed = (value: number, digits: number, unit = '') => {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return `${text}${unit}`;
  return `${value < 0 ? MINUS : '+'}${text}${unit}`;
};

/** The effect and its interval in words: percent for a relative difference, percentage points for a rate, the metric's unit otherwise. */
function formatEffect(expected: number, [low, high]: [number, number], relative: boolean, proportion: boolean): string {
  if (relative) return `${signed(expected * 100, 1, '%')} (${signed(low * 100, 1, '%')} to ${signed(high * 100, 1, '%')})`;
  if (proportion) return `${signed(expected * 100, 1)} percentage points (${signed(low * 100, 1)} to ${signed(high * 100, 1)})`;
  // Two significant digits of the interval's width decide the decimals of all three numbers.
  const digits = Math.max(0, Math.min(6, 1 - Math.floor(Math.log10(Math.max(high - low, 1e-12)))));
  return `${signed(expected, digits)} (${signed(low, digits)} to ${signed(high, digits)})`;
}

/** Rounded up to two significant digits, with thousands separators: "about 12,000". */
function roughly(count: number): string {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(count, 1))) - 1);
  return (Math.ceil(count / magnitude) * magnitude).toLocaleString('en-US');
}

function needMore(input: VerdictInput): Verdict | undefined {
  const { options, minimumUplift = 0.05, dailyVisitors, variations = 2 } = input;
  const control = metricOf(input.control);
  const needed = sampleSize({
    baseline: baselineOf(control),
    uplift: minimumUplift,
    alpha: options.alpha,
    method: options.method,
    // The tuning the comparison was read with: the visitors still needed for the interval staff see.
    tuning: options.tuning ?? DEFAULT_TUNING,
  });
  if ('error' in needed) return undefined;
  const have = Math.min(control.n, metricOf(input.variant).n);
  const moreVisitors = needed.perVariation - have;
  if (moreVisitors <= 0) return undefined;
  const target = `to detect a ${+(minimumUplift * 100).toFixed(1)}% uplift at the current rate`;
  const base = { kind: 'not-enough-data' as const, flagged: false, moreVisitors };
  if (!(dailyVisitors && dailyVisitors > 0)) return { ...base, text: `Not enough data yet: about ${roughly(moreVisitors)} more visitors per variation ${target}` };
  const moreDays = Math.ceil((moreVisitors * variations) / dailyVisitors);
  const days = `${moreDays.toLocaleString('en-US')} more day${moreDays === 1 ? '' : 's'}`;
  return { ...base, moreDays, text: `Not enough data yet: about ${roughly(moreVisitors)} more visitors per variation (${days} at the current traffic) ${target}` };
}

/** The staff-facing verdict for one variation and metric (rules in this file's header). */
export function verdict(input: VerdictInput): Verdict {
  const { comparison, options, name = 'The variation', guardrail = false } = input;
  if (comparison.error !== undefined) {
    if (comparison.code === 'invalid-input') return { kind: 'cannot-compare', text: comparison.error, flagged: false };
    const text = comparison.error.startsWith('Not enough data yet') ? comparison.error : `Not enough data yet. ${comparison.error}`;
    return needMore(input) ?? { kind: 'not-enough-data', text, flagged: false };
  }
  const { expected, ci } = comparison;
  const proportion = metricOf(input.control).sum === metricOf(input.control).sumSquares;
  const effect = formatEffect(expected, ci, options.difference === 'relative', proportion);
  const better = options.lowerIsBetter ? -1 : 1;
  const lowerNote = options.lowerIsBetter ? ' (lower is better)' : '';
  if (ci[0] * better > 0 && ci[1] * better > 0) return { kind: 'ahead', text: `${name} is ahead${lowerNote}: ${effect}`, flagged: false };
  if (ci[0] * better < 0 && ci[1] * better < 0) {
    if (guardrail) return { kind: 'behind', text: `${name} makes this guardrail metric worse${lowerNote}: ${effect}`, flagged: true };
    return { kind: 'behind', text: `${name} is behind${lowerNote}: ${effect}`, flagged: false };
  }
  return needMore(input) ?? { kind: 'no-difference', text: `No difference found: ${effect}`, flagged: false };
}
