/**
 * The experiment inspector's sample-size estimate (issue 38): visitors to detect an uplift with 80%
 * power by the project's method, the days at the current pace, and the baseline it starts from.
 */
import { describe, expect, it } from 'vitest';
import { BASELINE_VISITORS, baselineRate, controlFigures, DEFAULT_BASELINE_RATE, planSample, recentTraffic } from '../../../desktop/renderer/src/results/sample-plan';
import type { DailyResults, ExperimentResult, ExposedResult } from '../../../editor-model/api-contract';

/** A control A and a variation B; with `exposed`, A's visitors exposed on B's basis and B's on its own (ruling 24). */
const experiment = (exposed: boolean): ExperimentResult => ({
  experimentId: 'E', name: 'Hero', layerId: 'L', state: 'live', dailyVisitors: 1,
  srm: { chiSquare: 0, degreesOfFreedom: 1, pValue: 1, mismatch: false },
  variations: ['A', 'B'].map((variationId) => ({
    variationId, name: variationId, share: 50, visitors: 1000, decisions: 1000, conversions: 100, byEvent: {}, statistics: {},
    exposed: (exposed ? { B: { visitors: 600, conversions: 90, byEvent: {}, statistics: {} } } : {}) as Record<string, ExposedResult>,
  })),
});
const series = (variationId: string, basisId: string | null, visitors: number[]): DailyResults['series'][number] =>
  ({ variationId, basisId, visitors, conversions: visitors.map(() => 0), revenue: visitors.map(() => null), value: visitors.map(() => null) });
/** Ten days from day 100: 100 decided visitors a day per arm, 60 of them exposed on B's basis. */
const TEN_DAYS: DailyResults = {
  firstDay: 100,
  days: 10,
  series: [
    series('A', null, Array.from({ length: 10 }, (_, i) => 100 * (i + 1))),
    series('A', 'B', Array.from({ length: 10 }, (_, i) => 60 * (i + 1))),
    series('B', null, Array.from({ length: 10 }, (_, i) => 100 * (i + 1))),
    series('B', 'B', Array.from({ length: 10 }, (_, i) => 60 * (i + 1))),
  ],
};

describe('sample size before launch', () => {
  it('EDT-24 a 5% rate and a +5% uplift need about 122,000 visitors per variation at a fixed horizon', () => {
    // Fleiss's formula without continuity correction, evaluated apart with Python's statistics.NormalDist
    // (z 1.959964 and 0.841621): (1.959964·√(2·0.05125·0.94875) + 0.841621·√(0.0475 + 0.0497438))² / 0.0025²
    // = 122,123.47, so 122,124 visitors per variation.
    const plan = planSample({ rate: 0.05, uplift: 0.05, method: 'frequentist', variations: 2, dailyVisitors: null });
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.perVariation).toBe(122_124);
    expect(plan.total).toBe(plan.perVariation * 2);
    expect(plan.days).toBeNull();
  });

  it('EDT-24 the sequential method, read every day, needs more; the days follow from the pace', () => {
    const fixed = planSample({ rate: 0.2, uplift: 0.1, method: 'frequentist', variations: 3, dailyVisitors: 1500 });
    const sequential = planSample({ rate: 0.2, uplift: 0.1, method: 'sequential', variations: 3, dailyVisitors: 1500 });
    if ('error' in fixed || 'error' in sequential) throw new Error('no plan');
    expect(sequential.perVariation).toBeGreaterThan(fixed.perVariation);
    expect(sequential.total).toBe(sequential.perVariation * 3);
    expect(sequential.days).toBe(Math.ceil(sequential.total / 1500));
  });

  it('EDT-24 an uplift that leaves the rate past 100% has no plan, with the reason', () => {
    const plan = planSample({ rate: 0.6, uplift: 1, method: 'sequential', variations: 2, dailyVisitors: 10 });
    expect('error' in plan && plan.error).toMatch(/outside 0 to 1/);
  });

  it('EDT-24 starts from the control\'s own rate once it has enough visitors, else from 5%', () => {
    expect(baselineRate(undefined)).toEqual({ rate: DEFAULT_BASELINE_RATE, measured: false });
    expect(baselineRate({ visitors: BASELINE_VISITORS - 1, conversions: 10 })).toEqual({ rate: DEFAULT_BASELINE_RATE, measured: false });
    expect(baselineRate({ visitors: 400, conversions: 0 })).toEqual({ rate: DEFAULT_BASELINE_RATE, measured: false });
    expect(baselineRate({ visitors: 400, conversions: 36 })).toEqual({ rate: 0.09, measured: true });
  });

  it('EDT-24 ruling 24: the days follow the visitors entering the comparisons over the last 7 days, exposed ones where recorded', () => {
    // Exposed on B's basis: 60 a day per arm, so 120 a day; decided: 200 a day.
    expect(recentTraffic(experiment(true), TEN_DAYS, 109)).toEqual({ perDay: 120, days: 7, counted: 'exposed' });
    expect(recentTraffic(experiment(false), TEN_DAYS, 109)).toEqual({ perDay: 200, days: 7, counted: 'decided' });
    // Two days after the last visitor: 5 of the 7 days had traffic.
    expect(recentTraffic(experiment(true), TEN_DAYS, 111)).toEqual({ perDay: (5 * 120) / 7, days: 7, counted: 'exposed' });
    // A young experiment is measured over the days it has run.
    expect(recentTraffic(experiment(true), { ...TEN_DAYS, days: 3, series: TEN_DAYS.series.map((entry) => ({ ...entry, visitors: entry.visitors.slice(0, 3) })) }, 102)).toEqual({ perDay: 120, days: 3, counted: 'exposed' });
    // Nobody in the last 7 days, or nobody ever: no traffic, so no days.
    expect(recentTraffic(experiment(true), TEN_DAYS, 117)).toBeNull();
    expect(recentTraffic(experiment(true), { firstDay: null, days: 0, series: [] }, 117)).toBeNull();
  });

  it('EDT-24 ruling 24: the measured rate is the control\'s exposed visitors\' where exposures are recorded', () => {
    expect(baselineRate(controlFigures(experiment(true)))).toEqual({ rate: 0.15, measured: true });
    expect(baselineRate(controlFigures(experiment(false)))).toEqual({ rate: 0.1, measured: true });
    expect(controlFigures(null)).toBeUndefined();
  });
});
