/**
 * sampleSize(): the visitors per variation that detect an uplift with 80% power at alpha. For a mean,
 * against the exact power of the two-sample t-test (noncentral t, as G*Power computes it; the smallest n
 * found with SciPy 1.17.1 `scipy.stats.nct`). For a proportion, against the formula worked by hand and
 * against seeded simulations of the tests themselves (the fixed-horizon and the sequential one).
 */
import { describe, expect, it } from 'vitest';
import { baselineOf, compare, type CompareOptions, type SampleSize, sampleSize } from '../../../stats';
import { seeded } from '../../support/seeded';

const size = (result: ReturnType<typeof sampleSize>): SampleSize => {
  expect('error' in result ? result.error : undefined).toBeUndefined();
  return result as SampleSize;
};

/** Share of `runs` simulated A/B tests at `n` visitors per variation whose interval leaves out 0. */
function simulatedPower(n: number, rates: [number, number], options: CompareOptions, runs: number, seed: number): number {
  const random = seeded(seed);
  const draw = (rate: number) => {
    let conversions = 0;
    for (let i = 0; i < n; i += 1) if (random.next() < rate) conversions += 1;
    return { n, sum: conversions, sumSquares: conversions };
  };
  let detected = 0;
  for (let run = 0; run < runs; run += 1) {
    const result = compare(draw(rates[0]), draw(rates[1]), options);
    if (result.ci && (result.ci[0] > 0 || result.ci[1] < 0)) detected += 1;
  }
  return detected / runs;
}

describe('sampleSize for a mean', () => {
  it("gives the exact t-test sample sizes for Cohen's d = 0.2, 0.5, 0.8 and 1 (394, 64, 26, 17 per group)", () => {
    const cases: Array<[number, number]> = [
      [0.2, 394],
      [0.5, 64],
      [0.8, 26],
      [1, 17],
    ];
    // A relative uplift u on a mean of 1 with standard deviation 1 is a standardised effect d = u.
    for (const [d, n] of cases) expect(size(sampleSize({ baseline: { mean: 1, standardDeviation: 1 }, uplift: d }))).toEqual({ perVariation: n, total: 2 * n });
  });

  it('reads a revenue baseline from sufficient statistics and gives days at the daily traffic', () => {
    const baseline = baselineOf({ n: 1000, sum: 25_000, sumSquares: 1000 * 625 + 999 * 400 });
    expect(baseline).toEqual({ mean: 25, standardDeviation: expect.closeTo(20, 10) });
    // d = 0.1 * 25 / 20 = 0.125: n = 2 (1.96 + 0.84)^2 / d^2, about 1,006.
    const result = size(sampleSize({ baseline, uplift: 0.1, dailyVisitors: 300, variations: 3 }));
    expect(result.perVariation).toBeGreaterThan(1000);
    expect(result.perVariation).toBeLessThan(1010);
    expect(result.total).toBe(result.perVariation * 3);
    expect(result.days).toBe(Math.ceil(result.total / 300));
  });
});

describe('sampleSize for a proportion', () => {
  it('10% to 15% needs 686 per variation: (1.95996·√(2·0.125·0.875) + 0.84162·√(0.09 + 0.1275))² / 0.05² = 685.6', () => {
    expect(size(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.5 }))).toEqual({ perVariation: 686, total: 1372 });
    expect(baselineOf({ n: 2000, sum: 200, sumSquares: 200 })).toEqual({ rate: 0.1 });
  });

  it('seed 3801: 2,000 simulated tests at the computed size detect the uplift about 80% of the time, fixed-horizon and sequential', () => {
    const fixed = size(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.5 })).perVariation;
    const planned = size(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.5, method: 'sequential' }));
    const sequential = planned.perVariation;
    expect(sequential).toBeGreaterThan(fixed);
    // Without a tuning the sequence is planned as tuned to its own total, and the results are read so.
    expect(planned.tuning).toBe(2 * sequential);
    const options = (method: CompareOptions['method']): CompareOptions => ({ method, difference: 'absolute', tuning: planned.tuning });
    // 2,000 runs: a standard error of 0.9 points on the power.
    const fixedPower = simulatedPower(fixed, [0.1, 0.15], options('frequentist'), 2000, 3801);
    const sequentialPower = simulatedPower(sequential, [0.1, 0.15], options('sequential'), 2000, 3802);
    expect(Math.abs(fixedPower - 0.8)).toBeLessThan(0.03);
    expect(Math.abs(sequentialPower - 0.8)).toBeLessThan(0.03);
    // And one visitor in ten fewer is not enough for the sequential method.
    expect(simulatedPower(Math.round(sequential * 0.9), [0.1, 0.15], options('sequential'), 2000, 3803)).toBeLessThan(sequentialPower);
  }, 60_000);

  it('a sequence tuned to the experiment needs fewer visitors than one tuned far from it', () => {
    const tuned = size(sampleSize({ baseline: { rate: 0.05 }, uplift: 0.05, method: 'sequential' }));
    const untuned = size(sampleSize({ baseline: { rate: 0.05 }, uplift: 0.05, method: 'sequential', tuning: 5000 }));
    expect(untuned.tuning).toBe(5000);
    expect(tuned.perVariation).toBeLessThan(untuned.perVariation);
    expect(tuned.perVariation).toBeGreaterThan(size(sampleSize({ baseline: { rate: 0.05 }, uplift: 0.05 })).perVariation);
  });

  it('refuses questions without an answer, each with its reason', () => {
    expect(sampleSize({ baseline: { rate: 0 }, uplift: 0.05 })).toEqual({ error: expect.stringContaining('between 0 and 1') });
    expect(sampleSize({ baseline: { rate: 0.8 }, uplift: 0.5 })).toEqual({ error: expect.stringContaining('choose a smaller uplift') });
    expect(sampleSize({ baseline: { rate: 0.1 }, uplift: 0 })).toEqual({ error: expect.stringContaining('non-zero uplift') });
    expect(sampleSize({ baseline: { mean: 0, standardDeviation: 3 }, uplift: 0.1 })).toEqual({ error: expect.stringContaining('mean of 0') });
    expect(sampleSize({ baseline: { mean: 4, standardDeviation: 0 }, uplift: 0.1 })).toEqual({ error: expect.stringContaining('standard deviation') });
    expect(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.1, power: 1 })).toEqual({ error: expect.stringContaining('between 0 and 1') });
    expect(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.1, variations: 1 })).toEqual({ error: expect.stringContaining('at least 2 variations') });
    expect(sampleSize({ baseline: { rate: 0.1 }, uplift: 0.1, method: 'sequential', tuning: -1 })).toEqual({ error: expect.stringContaining('tuning') });
  });

  it('a smaller uplift, a lower rate or a stricter alpha needs more visitors', () => {
    const n = (rate: number, uplift: number, alpha = 0.05) => size(sampleSize({ baseline: { rate }, uplift, alpha })).perVariation;
    expect(n(0.05, 0.05)).toBeGreaterThan(n(0.05, 0.1));
    expect(n(0.02, 0.1)).toBeGreaterThan(n(0.05, 0.1));
    expect(n(0.05, 0.1, 0.01)).toBeGreaterThan(n(0.05, 0.1));
  });
});
