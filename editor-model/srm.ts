/**
 * Sample-ratio mismatch (EDT-24): Pearson's chi-square test of the visitors per variation against
 * the split the experiment's traffic allocation asks for. A p-value under {@link SRM_THRESHOLD}
 * means the split is very unlikely to be chance: bucketing or tracking is broken somewhere. The
 * chi-square distribution is the statistics module's (stats, plain arithmetic: browser-safe).
 */

import { chiSquareSurvival } from '../stats/distributions';

/** The p-value under which the editor warns. */
export const SRM_THRESHOLD = 0.001;

/** Result of {@link sampleRatioTest}. */
export interface SampleRatioResult {
  /** The chi-square statistic. */
  chiSquare: number;
  /** Degrees of freedom (variations with a share, minus one). */
  degreesOfFreedom: number;
  /** The p-value; 1 when there is nothing to test. */
  pValue: number;
  /** Whether the p-value is under {@link SRM_THRESHOLD}. */
  mismatch: boolean;
}

/**
 * Tests observed visitors against expected shares (any positive scale; normalised here).
 * Variations with no expected share are left out; with fewer than two left, or no visitors,
 * there is nothing to test.
 */
export function sampleRatioTest(observed: readonly number[], shares: readonly number[]): SampleRatioResult {
  const pairs = observed.map((count, index) => [count, shares[index] ?? 0] as const).filter(([, share]) => share > 0);
  const total = pairs.reduce((sum, [count]) => sum + count, 0);
  const shareTotal = pairs.reduce((sum, [, share]) => sum + share, 0);
  if (pairs.length < 2 || total === 0) return { chiSquare: 0, degreesOfFreedom: 0, pValue: 1, mismatch: false };
  const chiSquare = pairs.reduce((sum, [count, share]) => {
    const expected = (total * share) / shareTotal;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
  const degreesOfFreedom = pairs.length - 1;
  const pValue = chiSquareSurvival(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_THRESHOLD };
}

/** Shares per variation from weight distributions (`endOfRange` over 10000, ruling 2), in list order. */
export function sharesFromRanges(ranges: ReadonlyArray<{ entityId: string; endOfRange: number }>, variationIds: readonly string[]): number[] {
  let previous = 0;
  const byId = new Map<string, number>();
  for (const range of ranges) {
    byId.set(range.entityId, (byId.get(range.entityId) ?? 0) + Math.max(0, range.endOfRange - previous));
    previous = Math.max(previous, range.endOfRange);
  }
  return variationIds.map((id) => byId.get(id) ?? 0);
}
