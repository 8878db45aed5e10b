/**
 * Seeded A/A simulations that calibrate stats: visitors arrive one by one, each assigned to the
 * control or the variation with probability 1/2 and converting with the same probability in both, and
 * the results are read after every `peekEvery` visitors. Measures the coverage of the frequentist 95%
 * interval at fixed sample sizes, and the false-positive rate of reading the sequential and the
 * frequentist results at every peek. `npx tsx tests/support/ab-simulation.ts` prints the figures the
 * README quotes (the same seed and sizes as the test).
 */
import { pathToFileURL } from 'node:url';
import { compare, type CompareOptions, type SufficientStats } from '../../stats';
import { seeded } from './seeded';

/** A simulation's design. */
export interface AaDesign {
  seed: number;
  runs: number;
  conversionRate: number;
  peekEvery: number;
  /** The last peek, in visitors (both variations). */
  horizon: number;
  /** Visitor counts (multiples of `peekEvery`) at which coverage is measured and the peeking rates are cut. */
  checkpoints: readonly number[];
  /** compare()'s floor on conversions; its default when absent. */
  minimumConversions?: number;
}

/** What one simulation measured, per checkpoint. */
export interface AaFigures {
  checkpoint: number;
  /** Share of runs with numbers at the checkpoint (enough conversions) whose frequentist interval held 0 (relative and absolute difference). */
  coverageRelative: number;
  coverageAbsolute: number;
  /** Share of runs with numbers at the checkpoint. */
  withNumbers: number;
  /** Share of runs declared different at some peek up to the checkpoint. */
  sequentialPeekingFalsePositives: number;
  frequentistPeekingFalsePositives: number;
}

const proportion = (n: number, conversions: number): SufficientStats => ({ n, sum: conversions, sumSquares: conversions });
const excludesZero = (result: ReturnType<typeof compare>) => result.ci !== undefined && (result.ci[0] > 0 || result.ci[1] < 0);

/** Runs the design; every run uses the same stream of the one seeded generator, so the figures repeat exactly. */
export function simulateAa(design: AaDesign): AaFigures[] {
  const random = seeded(design.seed);
  const floor = { minimumConversions: design.minimumConversions };
  const sequentialOptions: CompareOptions = { method: 'sequential', difference: 'relative', ...floor };
  const frequentistOptions: CompareOptions = { method: 'frequentist', difference: 'relative', ...floor };
  const absoluteOptions: CompareOptions = { method: 'frequentist', difference: 'absolute', ...floor };
  const tallies = design.checkpoints.map(() => ({ coverageRelative: 0, coverageAbsolute: 0, withNumbers: 0, sequential: 0, frequentist: 0 }));
  for (let run = 0; run < design.runs; run += 1) {
    const visitors = [0, 0];
    const conversions = [0, 0];
    let sequentialFired = false;
    let frequentistFired = false;
    for (let seen = design.peekEvery; seen <= design.horizon; seen += design.peekEvery) {
      for (let i = 0; i < design.peekEvery; i += 1) {
        const arm = random.next() < 0.5 ? 0 : 1;
        visitors[arm] += 1;
        if (random.next() < design.conversionRate) conversions[arm] += 1;
      }
      const control = proportion(visitors[0], conversions[0]);
      const variant = proportion(visitors[1], conversions[1]);
      // A peek without numbers (too few conversions yet) declares nothing, as the Results tab would.
      sequentialFired ||= excludesZero(compare(control, variant, sequentialOptions));
      const frequentist = compare(control, variant, frequentistOptions);
      frequentistFired ||= excludesZero(frequentist);
      const index = design.checkpoints.indexOf(seen);
      if (index < 0) continue;
      const tally = tallies[index];
      if (frequentist.ci) tally.withNumbers += 1;
      if (frequentist.ci && !excludesZero(frequentist)) tally.coverageRelative += 1;
      const absolute = compare(control, variant, absoluteOptions);
      if (absolute.ci && !excludesZero(absolute)) tally.coverageAbsolute += 1;
      if (sequentialFired) tally.sequential += 1;
      if (frequentistFired) tally.frequentist += 1;
    }
  }
  return design.checkpoints.map((checkpoint, index) => ({
    checkpoint,
    coverageRelative: tallies[index].coverageRelative / tallies[index].withNumbers,
    coverageAbsolute: tallies[index].coverageAbsolute / tallies[index].withNumbers,
    withNumbers: tallies[index].withNumbers / design.runs,
    sequentialPeekingFalsePositives: tallies[index].sequential / design.runs,
    frequentistPeekingFalsePositives: tallies[index].frequentist / design.runs,
  }));
}

/** The design the test and the README use: 2,000 A/A tests at a 5% conversion rate, read every 100 visitors up to 10,000. */
export const CALIBRATION: AaDesign = {
  seed: 20261201,
  runs: 2000,
  conversionRate: 0.05,
  peekEvery: 100,
  horizon: 10_000,
  checkpoints: [2000, 5000, 10_000],
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  for (const [label, design] of [
    ['default floor', CALIBRATION],
    ['no floor', { ...CALIBRATION, minimumConversions: 0 }],
  ] as const) {
    console.log(label);
    for (const row of simulateAa(design)) {
      console.log(
        `  ${row.checkpoint} visitors: ${percent(row.withNumbers)} with numbers, coverage ${percent(row.coverageRelative)} relative, ${percent(row.coverageAbsolute)} absolute; ` +
          `false positives when read every 100 visitors: sequential ${percent(row.sequentialPeekingFalsePositives)}, fixed-horizon ${percent(row.frequentistPeekingFalsePositives)}`,
      );
    }
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
