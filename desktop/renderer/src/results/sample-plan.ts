/**
 * Sample size before launch (issue 38): the visitors an experiment needs to detect a chosen uplift
 * with 80% power by the project's method (stats/sample-size), and the days that takes at the
 * experiment's current traffic: the visitors entering its comparisons per day over the last 7 days,
 * from the collector's daily figures, exposed ones where it records exposures (ruling 24). Pure, tested in Node.
 */
import type { DailyResults, ExperimentResult } from '../../../../editor-model/api-contract';
import { type Method, sampleSize } from '../../../../stats/index';
import { type Counted, type CountedBasis, countedBasisOf, exposedOn } from './analysis';

/** The conversion rate assumed before the collector has seen enough of the control. */
export const DEFAULT_BASELINE_RATE = 0.05;
/** Visitors of the control after which its own rate is the baseline. */
export const BASELINE_VISITORS = 100;

/** Input of {@link planSample}. */
export interface SamplePlanInput {
  /** The control's conversion rate (0.05 for 5%). */
  rate: number;
  /** The relative uplift to detect (0.05 for +5%). */
  uplift: number;
  method: Method;
  /** Variations including the control. */
  variations: number;
  /** Visitors entering the experiment per day, when known. */
  dailyVisitors: number | null;
}

/** The plan: visitors per variation and in all, and days at the current pace; or why there is none. */
export type SamplePlan = { perVariation: number; total: number; days: number | null } | { error: string };

/** Visitors (and days) to detect `uplift` on `rate` with 80% power at a 5% level, by `method`. */
export function planSample({ rate, uplift, method, variations, dailyVisitors }: SamplePlanInput): SamplePlan {
  const answer = sampleSize({
    baseline: { rate },
    uplift,
    power: 0.8,
    alpha: 0.05,
    method,
    variations: Math.max(2, variations),
    ...(dailyVisitors && dailyVisitors > 0 && { dailyVisitors }),
  });
  if ('error' in answer) return { error: answer.error };
  return { perVariation: answer.perVariation, total: answer.total, days: answer.days ?? null };
}

/** The baseline the estimate starts from: the control's own rate once it has enough visitors, else the default. */
export function baselineRate(control: { visitors: number; conversions: number } | undefined): { rate: number; measured: boolean } {
  if (control && control.visitors >= BASELINE_VISITORS && control.conversions > 0 && control.conversions < control.visitors) {
    return { rate: control.conversions / control.visitors, measured: true };
  }
  return { rate: DEFAULT_BASELINE_RATE, measured: false };
}

/** Days the current traffic is measured over. */
export const TRAFFIC_DAYS = 7;

/** The experiment's current traffic: visitors entering its comparisons per day, over how many days, and which visitors. */
export interface Traffic {
  perDay: number;
  /** Days measured: {@link TRAFFIC_DAYS}, fewer for an experiment younger than that. */
  days: number;
  counted: CountedBasis;
}

/**
 * Which visitors each variation's figures count, as the Results table does (ruling 24): with exposures, a
 * variation's visitors exposed on its own basis and the control's on the one other variation's basis
 * (its decided ones beside several); without, the decided ones. Basis null: decided.
 */
export function comparedBasis(experiment: ExperimentResult, index: number): string | null {
  if (countedBasisOf(experiment) === 'decided') return null;
  if (index > 0) return experiment.variations[index].variationId;
  return experiment.variations.length === 2 ? experiment.variations[1].variationId : null;
}

/** The control's figures the estimate starts from: those the Results table shows for it. */
export function controlFigures(experiment: ExperimentResult | null): Counted | undefined {
  const control = experiment?.variations[0];
  if (!experiment || !control) return undefined;
  const basis = comparedBasis(experiment, 0);
  return basis === null ? control : exposedOn(control, basis);
}

/**
 * Visitors entering the experiment's comparisons per day over the last {@link TRAFFIC_DAYS} days up to
 * `today` (UTC days since 1970), every variation together; null when none entered in that time.
 */
export function recentTraffic(experiment: ExperimentResult, daily: DailyResults, today: number): Traffic | null {
  if (daily.firstDay === null) return null;
  const firstDay = daily.firstDay;
  // The cumulative count at the end of day `day`: 0 before the first, the last known after the last.
  const countBy = (visitors: number[], day: number) => (day < firstDay ? 0 : visitors[Math.min(visitors.length - 1, day - firstDay)] ?? 0);
  let entered = 0;
  experiment.variations.forEach((variation, index) => {
    const basis = comparedBasis(experiment, index);
    const series = daily.series.find((entry) => entry.variationId === variation.variationId && entry.basisId === basis);
    if (series) entered += countBy(series.visitors, today) - countBy(series.visitors, today - TRAFFIC_DAYS);
  });
  if (entered <= 0) return null;
  const days = Math.max(1, Math.min(TRAFFIC_DAYS, today - firstDay + 1));
  return { perDay: entered / days, days, counted: countedBasisOf(experiment) };
}
