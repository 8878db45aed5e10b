/**
 * Sample-ratio mismatch (EDT-24): Pearson's chi-square test of the visitors per variation against
 * the split the experiment's traffic allocation asks for. A p-value under {@link SRM_THRESHOLD}
 * means the split is very unlikely to be chance: bucketing or tracking is broken somewhere.
 */

/** The p-value under which the editor warns. */
export const SRM_THRESHOLD = 0.001;

/** ln Γ(x), Lanczos approximation (|error| < 2e-10 for x > 0). */
function logGamma(x: number): number {
  const c = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const coefficient of c) series += coefficient / ++y;
  return -tmp + Math.log((2.5066282746310005 * series) / x);
}

/** The regularised upper incomplete gamma function Q(a, x) (Numerical Recipes' gammq). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 500; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-14) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

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
  const pValue = upperGamma(degreesOfFreedom / 2, chiSquare / 2);
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
