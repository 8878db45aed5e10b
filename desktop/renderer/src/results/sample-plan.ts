/**
 * Sample size before launch (issue 38): the visitors an experiment needs to detect a chosen uplift
 * with 80% power by the project's method (stats/sample-size), and the days that takes at the
 * experiment's current pace when the collector has seen it. Pure, tested in Node.
 */
import { type Method, sampleSize } from '../../../../stats/index';

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
