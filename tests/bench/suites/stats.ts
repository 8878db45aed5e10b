/**
 * Statistics speed: compare() calls per second for each method on a proportion and on a CUPED revenue
 * metric (what the Results tab computes per experiment, goal and variation), and sampleSize() for the
 * sequential method (a search over n). Inputs vary a little from call to call so that nothing is
 * computed once and reused. No peer library computes these in JavaScript.
 */
import { type AdjustedStats, compare, type CompareOptions, type Method, sampleSize, type SufficientStats } from '../../../stats';
import type { BenchRow, BenchSuite } from '../table';

const CALLS = 200_000;
const ROUNDS = 5;

/** Calls per second of `fn(i)`, the best of a few rounds after a warm-up. */
const opsPerSecond = (fn: (i: number) => unknown, calls = CALLS): number => {
  for (let i = 0; i < calls / 10; i += 1) fn(i);
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) fn(i);
    best = Math.min(best, performance.now() - start);
  }
  return Math.round(calls / (best / 1000));
};

const proportion = (n: number, conversions: number): SufficientStats => ({ n, sum: conversions, sumSquares: conversions });
const revenue = (n: number, mean: number, pre: number): AdjustedStats => ({
  post: { n, sum: n * mean, sumSquares: n * (mean * mean + 400) },
  pre: { n, sum: n * pre, sumSquares: n * (pre * pre + 380) },
  sumOfProducts: n * (mean * pre + 300),
});

export const statsBench: BenchSuite = {
  name: 'stats',
  title: 'Statistics (varia/stats): calls per second',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    let sink = 0;
    for (const method of ['frequentist', 'sequential', 'bayesian'] as Method[]) {
      const options: CompareOptions = { method, difference: 'relative' };
      const conversions = opsPerSecond((i) => {
        const result = compare(proportion(20_000, 1000), proportion(20_000, 1000 + (i % 97)), options);
        sink += result.expected ?? 0;
      });
      rows.push({ name: `compare, ${method}, proportion`, value: conversions, unit: 'ops/s', lowerIsBetter: false });
      const adjusted = opsPerSecond((i) => {
        const result = compare(revenue(5000, 50, 48), revenue(5000, 50 + (i % 89) / 100, 48), options);
        sink += result.expected ?? 0;
      });
      rows.push({ name: `compare, ${method}, revenue with CUPED`, value: adjusted, unit: 'ops/s', lowerIsBetter: false });
    }
    const sizes = opsPerSecond((i) => {
      const result = sampleSize({ baseline: { rate: 0.05 + (i % 13) / 1000 }, uplift: 0.05, method: 'sequential' });
      sink += 'error' in result ? 0 : result.perVariation;
    }, 2_000);
    rows.push({ name: 'sampleSize, sequential (self-tuned)', value: sizes, unit: 'ops/s', lowerIsBetter: false });
    if (!Number.isFinite(sink)) throw new Error('the statistics returned a non-finite figure');
    return rows;
  },
};
