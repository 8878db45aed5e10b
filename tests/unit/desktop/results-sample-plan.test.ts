/**
 * The experiment inspector's sample-size estimate (issue 38): visitors to detect an uplift with 80%
 * power by the project's method, the days at the current pace, and the baseline it starts from.
 */
import { describe, expect, it } from 'vitest';
import { BASELINE_VISITORS, baselineRate, DEFAULT_BASELINE_RATE, planSample } from '../../../desktop/renderer/src/results/sample-plan';

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
});
