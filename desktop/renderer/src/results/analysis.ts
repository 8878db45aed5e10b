/**
 * What the Results tab shows for one experiment, goal and metric, from the editor API's sufficient
 * statistics: each variation's rate (or mean per visitor) with its 95% interval, each variation's
 * comparison with the control (the first variation) by the project's method, and its verdict in
 * words (stats/verdict). Comparisons are made on exposed visitors (ruling 24): for the control and a
 * variation X, the visitors of each who were exposed on X's basis (X's changes applied for X's, X's
 * elements on the page for the control's), so both arms hold the same kind of visitor. Pure: no React,
 * no DOM, tested in Node.
 */
import type { ExperimentResult, ExposedResult } from '../../../../editor-model/api-contract';
import { type CompareResult, compare, type Method, normalQuantile, studentTQuantile, type SufficientStats, type Verdict, verdict } from '../../../../stats/index';

/** The goal value for "any goal event" (a proportion only: converting on any goal). */
export const ANY_GOAL = '';

/** What is measured per visitor: converting on the goal, or the goal's revenue or value in total. */
export type MetricKind = 'conversion' | 'revenue' | 'value';

/** The methods staff choose from, in the order offered, with their names for people. */
export const METHODS: ReadonlyArray<{ value: Method; label: string; hint: string }> = [
  { value: 'sequential', label: 'Sequential', hint: 'Always-valid intervals: safe to read every day.' },
  { value: 'bayesian', label: 'Bayesian', hint: 'Chance to win and risk, from a flat prior.' },
  { value: 'frequentist', label: 'Fixed horizon', hint: 'Read once, at the planned sample size.' },
];

/** The smallest relative uplift the verdict asks enough data for. */
export const MINIMUM_UPLIFT = 0.05;

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** The metrics a goal has data for: converting always, revenue and value when some variation has their sums. */
export function metricsOf(experiment: ExperimentResult, goal: string): MetricKind[] {
  if (goal === ANY_GOAL) return ['conversion'];
  const has = (kind: 'revenue' | 'value') => experiment.variations.some((variation) => own(variation.statistics, goal)?.[kind] !== undefined);
  return ['conversion', ...(has('revenue') ? ['revenue' as const] : []), ...(has('value') ? ['value' as const] : [])];
}

/** What a set of visitors did: a variation's decided visitors, or its exposed visitors on one basis. */
export type Counted = Pick<ExposedResult, 'visitors' | 'conversions' | 'byEvent' | 'statistics'>;

/** Nobody counted (a variation with no visitor exposed on a basis). */
const NOBODY: Counted = { visitors: 0, conversions: 0, byEvent: {}, statistics: {} };

/**
 * Which visitors a comparison counts: `exposed` (ruling 24), or `decided` for an experiment with no
 * exposure recorded at all (its visitors came before snippets recorded exposure).
 */
export type CountedBasis = 'exposed' | 'decided';

/** How the experiment's comparisons count visitors: on exposed visitors as soon as any exposure is recorded. */
export const countedBasisOf = (experiment: ExperimentResult): CountedBasis =>
  experiment.variations.some((variation) => Object.keys(variation.exposed ?? {}).length) ? 'exposed' : 'decided';

/** The visitors of `variation` exposed on `basis` (a variation id); nobody when none was. */
export const exposedOn = (variation: { exposed?: Record<string, ExposedResult> }, basis: string): Counted => own(variation.exposed ?? {}, basis) ?? NOBODY;

/** One variation's sufficient statistics for a goal and metric (a proportion: sum = sumSquares = converters). */
export function statsOf(variation: Counted, goal: string, metric: MetricKind): SufficientStats {
  const n = variation.visitors;
  if (goal === ANY_GOAL) return { n, sum: variation.conversions, sumSquares: variation.conversions };
  const statistics = own(variation.statistics, goal);
  if (metric === 'conversion') {
    const converted = statistics?.conversions ?? own(variation.byEvent, goal) ?? 0;
    return { n, sum: converted, sumSquares: converted };
  }
  const totals = statistics?.[metric];
  return { n, sum: totals?.sum ?? 0, sumSquares: totals?.sumOfSquares ?? 0 };
}

/**
 * A variation's own estimate with its 95% interval: Wilson's score interval for a rate (sound at small
 * counts and at 0%), Student's t for a mean; null before two visitors.
 */
export function estimateOf(stats: SufficientStats, metric: MetricKind): { value: number; interval: [number, number] } | null {
  const { n, sum, sumSquares } = stats;
  if (n < 2) return null;
  const mean = sum / n;
  if (metric === 'conversion') {
    const z = normalQuantile(0.975);
    const centre = (mean + (z * z) / (2 * n)) / (1 + (z * z) / n);
    const half = (z / (1 + (z * z) / n)) * Math.sqrt((mean * (1 - mean)) / n + (z * z) / (4 * n * n));
    return { value: mean, interval: [Math.max(0, centre - half), Math.min(1, centre + half)] };
  }
  const variance = Math.max(0, sumSquares - n * mean * mean) / (n - 1);
  const half = studentTQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  return { value: mean, interval: [mean - half, mean + half] };
}

/** One row of the table. */
export interface VariationRow {
  variation: ExperimentResult['variations'][number];
  /** The first variation: the one every other is compared with. */
  control: boolean;
  /** The row's figures: its exposed visitors on its own basis (the control's: on the one other variation's), else its decided ones. */
  stats: SufficientStats;
  /** Visitors exposed, per basis shown (a variation: its own; the control: each other variation's), by basis variation id. */
  exposed: Array<{ basis: string; visitors: number }>;
  estimate: { value: number; interval: [number, number] } | null;
  /** Against the control (every row but the control's). */
  comparison?: CompareResult;
  verdict?: Verdict;
}

/** Options of {@link analyse}. */
export interface AnalysisOptions {
  goal: string;
  metric: MetricKind;
  method: Method;
  /** The goal must not get worse: a variation whose interval lies below zero is flagged. */
  guardrail: boolean;
}

/** One experiment's analysis for a goal and metric. */
export interface Analysis {
  rows: VariationRow[];
  /** Half the width of the uplift axis: the largest distance from zero of any interval (at least 5%), rounded up. */
  scale: number;
  /** A variation makes a guardrail goal worse. */
  flagged: boolean;
  /** Which visitors the comparisons count. */
  counted: CountedBasis;
}

/** A round axis bound for the uplift bars: 5%, 10%, 20%, 25%, 50%, 100%, ... above every value. */
export function axisScale(values: number[]): number {
  const largest = Math.max(0.05, ...values.filter(Number.isFinite).map(Math.abs));
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * magnitude >= largest - 1e-12) ?? 10;
  return step * magnitude;
}

/**
 * Compares every variation with the control by the chosen method, and words each verdict: variation X
 * against the control on both arms' visitors exposed on X's basis (ruling 24), or on decided visitors
 * when the experiment has no exposure recorded.
 */
export function analyse(experiment: ExperimentResult, options: AnalysisOptions): Analysis {
  const { goal, metric, method, guardrail } = options;
  const compareOptions = { method, difference: 'relative' as const, alpha: 0.05 };
  const counted = countedBasisOf(experiment);
  const [first, ...others] = experiment.variations;
  const on = (variation: ExperimentResult['variations'][number], basis: string): Counted => (counted === 'exposed' ? exposedOn(variation, basis) : variation);
  const rows = experiment.variations.map((variation, index): VariationRow => {
    const control = index === 0;
    // The control's own figure: on the one other variation's basis in an A/B test; decided with several others.
    const shown = control ? (others.length === 1 ? on(variation, others[0].variationId) : variation) : on(variation, variation.variationId);
    const stats = statsOf(shown, goal, metric);
    const exposed = (control ? others : [variation]).map(({ variationId: basis }) => ({ basis, visitors: exposedOn(variation, basis).visitors }));
    const row: VariationRow = { variation, control, stats, exposed, estimate: estimateOf(stats, metric) };
    if (control) return row;
    const controlStats = statsOf(on(first, variation.variationId), goal, metric);
    const comparison = compare(controlStats, stats, compareOptions);
    const said = verdict({
      comparison,
      control: controlStats,
      variant: stats,
      options: compareOptions,
      name: variation.name,
      minimumUplift: MINIMUM_UPLIFT,
      guardrail,
      variations: experiment.variations.length,
      ...(experiment.dailyVisitors && { dailyVisitors: experiment.dailyVisitors }),
    });
    return { ...row, comparison, verdict: said };
  });
  const bounds = rows.flatMap((row) => (row.comparison?.ci ? [...row.comparison.ci, row.comparison.expected] : []));
  return { rows, scale: axisScale(bounds), flagged: rows.some((row) => row.verdict?.flagged), counted };
}

/** A rate or a ratio as a percentage with one decimal: "4.1%". */
export const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;

/** A signed relative uplift: "+4.1%", "−2.0%". */
export const signedPercent = (value: number) => `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value * 100).toFixed(1)}%`;

/** An amount per visitor: two decimals under 100, none above. */
export const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) >= 100 ? 0 : 2, minimumFractionDigits: Math.abs(value) >= 100 ? 0 : 2 });

/** A p-value as staff read it: "< 0.001", "0.042", "0.31". */
export const pValueText = (p: number) => (p < 0.001 ? '< 0.001' : p < 0.01 ? p.toFixed(3) : p.toFixed(2));
