/**
 * The cumulative uplift over days (issue 38, desktop/renderer/src/results/uplift-series.ts): each day's
 * comparison is compare() on that day's cumulative figures, by the chosen method, on the table's visitors
 * (exposed on the variation's basis when the experiment has exposures, else decided); days that cannot be
 * compared stay without numbers; the chart's summary says the last day and since when the interval kept its side.
 */
import { describe, expect, it } from 'vitest';
import { chartSummary } from '../../../desktop/renderer/src/results/uplift-chart';
import { dayText, upliftSeries } from '../../../desktop/renderer/src/results/uplift-series';
import type { DailyResults, ExperimentResult, ExposedResult } from '../../../editor-model/api-contract';
import { compare } from '../../../stats/index';

const DAY0 = 20_400;

/** An experiment of a control and one variation; `exposed` gives both an exposure on B's basis (ruling 24). */
const experiment = (exposed: boolean): ExperimentResult => ({
  experimentId: 'E',
  name: 'Hero',
  layerId: 'L',
  state: 'live',
  dailyVisitors: 100,
  srm: { chiSquare: 0, degreesOfFreedom: 1, pValue: 1, mismatch: false },
  variations: ['A', 'B'].map((variationId) => ({
    variationId, name: variationId === 'A' ? 'Original' : 'Variation B', share: 50, visitors: 0, decisions: 0, conversions: 0, byEvent: {}, statistics: {},
    exposed: (exposed ? { B: { visitors: 1, conversions: 0, byEvent: {}, statistics: {} } } : {}) as Record<string, ExposedResult>,
  })),
});

type Series = DailyResults['series'][number];
const series = (variationId: string, basisId: string | null, visitors: number[], conversions: number[], revenue: Series['revenue'] = visitors.map(() => null)): Series =>
  ({ variationId, basisId, visitors, conversions, revenue, value: visitors.map(() => null) });

/** Three days: decided figures (ahead for B) and exposed ones on B's basis (behind for B). */
const DAILY: DailyResults = {
  firstDay: DAY0,
  days: 3,
  series: [
    series('A', null, [1, 1000, 3000], [0, 100, 300], [null, { sum: 5000, sumOfSquares: 400_000 }, { sum: 15_000, sumOfSquares: 1_200_000 }]),
    series('A', 'B', [1, 800, 2400], [0, 100, 300]),
    series('B', null, [1, 1000, 3000], [1, 140, 420], [null, { sum: 5500, sumOfSquares: 450_000 }, { sum: 17_000, sumOfSquares: 1_400_000 }]),
    series('B', 'B', [1, 800, 2400], [1, 80, 240]),
  ],
};

describe('uplift over days', () => {
  it('EDT-24 each day is compare() on the cumulative figures so far, by the chosen method; a day that cannot be compared has no numbers', () => {
    const [b] = upliftSeries(experiment(false), DAILY, { metric: 'conversion', method: 'sequential' });
    expect(b.variationId).toBe('B');
    expect(b.points.map((point) => point.day)).toEqual([DAY0, DAY0 + 1, DAY0 + 2]);
    // One visitor per arm: no variance, nothing to draw.
    expect(b.points[0]).toEqual({ day: DAY0, visitors: [1, 1] });
    const day3 = compare({ n: 3000, sum: 300, sumSquares: 300 }, { n: 3000, sum: 420, sumSquares: 420 }, { method: 'sequential', difference: 'relative', alpha: 0.05 });
    expect(b.points[2]).toEqual({ day: DAY0 + 2, visitors: [3000, 3000], expected: day3.expected, ci: day3.ci });
    expect(b.points[2].expected).toBeCloseTo(0.4, 10);
    // The fixed-horizon interval of the same day is narrower than the always-valid one.
    const [fixed] = upliftSeries(experiment(false), DAILY, { metric: 'conversion', method: 'frequentist' });
    expect(fixed.points[2].ci![1] - fixed.points[2].ci![0]).toBeLessThan(b.points[2].ci![1] - b.points[2].ci![0]);
  });

  it('EDT-24 ruling 24: with exposures both arms are the visitors exposed on the variation\'s basis; revenue per visitor from the sums', () => {
    const [exposed] = upliftSeries(experiment(true), DAILY, { metric: 'conversion', method: 'sequential' });
    expect(exposed.points[2].visitors).toEqual([2400, 2400]);
    expect(exposed.points[2].expected).toBeCloseTo(-0.2, 10);
    const [revenue] = upliftSeries(experiment(false), DAILY, { metric: 'revenue', method: 'frequentist' });
    const expected = compare({ n: 3000, sum: 15_000, sumSquares: 1_200_000 }, { n: 3000, sum: 17_000, sumSquares: 1_400_000 }, { method: 'frequentist', difference: 'relative', alpha: 0.05 });
    expect(revenue.points[2]).toMatchObject({ expected: expected.expected, ci: expected.ci });
    // Day 1: no revenue yet on either side: nothing to compare.
    expect(revenue.points[0].expected).toBeUndefined();
  });

  it('EDT-24 the chart\'s text says the last day\'s uplift and since when its interval has kept its side of zero', () => {
    // Always valid: on day 2 the interval still holds zero, on day 3 it lies above.
    const [b] = upliftSeries(experiment(false), DAILY, { metric: 'conversion', method: 'sequential' });
    expect(b.points[1].ci![0]).toBeLessThan(0);
    const last = (b.points[2].ci ?? []).map((bound) => `+${(bound * 100).toFixed(1)}%`).join(' to ');
    expect(chartSummary(b)).toBe(`Variation B against the control on ${dayText(DAY0 + 2)}: +40.0% (${last}), from 3,000 and 3,000 visitors. The interval lies above zero. Before ${dayText(DAY0 + 1)} there were too few visitors or conversions to compare.`);
    // Fixed horizon: already above zero on day 2, so "since" that day.
    const [fixed] = upliftSeries(experiment(false), DAILY, { metric: 'conversion', method: 'frequentist' });
    expect(fixed.points[1].ci![0]).toBeGreaterThan(0);
    expect(chartSummary(fixed)).toMatch(new RegExp(`The interval lies above zero since ${dayText(DAY0 + 1)}\\. Before ${dayText(DAY0 + 1)} there were too few`));
    expect(chartSummary({ variationId: 'B', name: 'Variation B', points: [{ day: DAY0, visitors: [1, 1] }] })).toBe('Variation B: not enough visitors on any day yet to compare with the control.');
    expect(upliftSeries(experiment(false), { firstDay: null, days: 0, series: [] }, { metric: 'conversion', method: 'sequential' })).toEqual([]);
  });
});
