/**
 * The cumulative uplift over days (issue 38): for each variation other than the control, at the end of
 * each day since the experiment's first visitor, its comparison with the control by the project's method
 * on the figures counted so far (the collector's daily query, services/collector/daily-sql.ts), on the
 * same visitors as the table (ruling 24: both arms' exposed on the variation's basis, or decided ones
 * when nothing was exposed). With the sequential method (the default) each day's interval stays valid
 * however many days staff look at. Pure: tested in Node.
 */
import type { DailyResults, ExperimentResult } from '../../../../editor-model/api-contract';
import { compare, type Method, type SufficientStats } from '../../../../stats/index';
import { countedBasisOf, type MetricKind } from './analysis';

/** One day's uplift: absent numbers when that day's figures cannot be compared yet (too few visitors, no variance). */
export interface UpliftPoint {
  /** Whole days since 1970 (UTC). */
  day: number;
  /** Visitors compared by then: control, variation. */
  visitors: [number, number];
  expected?: number;
  ci?: [number, number];
}

/** One variation's series against the control. */
export interface UpliftSeries {
  variationId: string;
  name: string;
  points: UpliftPoint[];
}

type Daily = DailyResults['series'][number];

/** A series' sufficient statistics at day index `i` for the metric (a proportion: sum = sumSquares = converters). */
function statsAt(series: Daily | undefined, i: number, metric: MetricKind): SufficientStats {
  if (!series) return { n: 0, sum: 0, sumSquares: 0 };
  const n = series.visitors[i];
  if (metric === 'conversion') return { n, sum: series.conversions[i], sumSquares: series.conversions[i] };
  const sums = series[metric][i];
  return { n, sum: sums?.sum ?? 0, sumSquares: sums?.sumOfSquares ?? 0 };
}

/** Every variation's cumulative uplift over the control, day by day, by `method` (relative difference, 95%). */
export function upliftSeries(experiment: ExperimentResult, daily: DailyResults, options: { metric: MetricKind; method: Method }): UpliftSeries[] {
  const { metric, method } = options;
  const [control, ...others] = experiment.variations;
  if (!control || daily.firstDay === null) return [];
  const firstDay = daily.firstDay;
  const exposed = countedBasisOf(experiment) === 'exposed';
  const find = (variationId: string, basisId: string | null) => daily.series.find((series) => series.variationId === variationId && series.basisId === basisId);
  return others.map((variation) => {
    const basis = exposed ? variation.variationId : null;
    const [a, b] = [find(control.variationId, basis), find(variation.variationId, basis)];
    const points = Array.from({ length: daily.days }, (_, i): UpliftPoint => {
      const [controlStats, variantStats] = [statsAt(a, i, metric), statsAt(b, i, metric)];
      const point: UpliftPoint = { day: firstDay + i, visitors: [controlStats.n, variantStats.n] };
      const result = compare(controlStats, variantStats, { method, difference: 'relative', alpha: 0.05 });
      return result.error === undefined && Number.isFinite(result.ci[0]) && Number.isFinite(result.ci[1]) ? { ...point, expected: result.expected, ci: result.ci } : point;
    });
    return { variationId: variation.variationId, name: variation.name, points };
  });
}

/** A UTC day as staff read it: "Dec 3". */
export const dayText = (day: number): string => new Date(day * 86_400_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
