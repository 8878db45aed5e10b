/**
 * Traffic allocation as people edit it (percentages) and as the runtime stores it (EDT-8):
 * `weightDistributions`, a list of `{ entityId, endOfRange }` with ends over 10000, non-decreasing
 * (ruling 2: a variation wins when the bucket is below its end).
 */

/** One range of an experiment's traffic. */
export interface Range {
  entityId: string;
  endOfRange: number;
}

/** Bucketing points (basis points of 10000). */
export const POINTS = 10000;

/** Percent of traffic per variation id, from stored ranges (missing variations get 0). */
export function percentsFromRanges(ranges: readonly Range[] | undefined, variationIds: readonly string[]): number[] {
  const share = new Map<string, number>();
  let previous = 0;
  for (const range of ranges ?? []) {
    share.set(range.entityId, (share.get(range.entityId) ?? 0) + Math.max(0, range.endOfRange - previous));
    previous = Math.max(previous, range.endOfRange);
  }
  return variationIds.map((id) => (share.get(id) ?? 0) / 100);
}

/**
 * Stored ranges from percentages, in variation order: each end is the running total in basis
 * points, rounded to whole points. Percentages may sum to less than 100 (the rest is unallocated
 * traffic); more than 100 is capped at 10000.
 */
export function rangesFromPercents(variationIds: readonly string[], percents: readonly number[]): Range[] {
  let total = 0;
  return variationIds.map((entityId, index) => {
    total = Math.min(POINTS, total + Math.max(0, Math.round((percents[index] ?? 0) * 100)));
    return { entityId, endOfRange: total };
  });
}

/** Even ranges over every variation (the last one absorbs rounding, so the ends reach 10000). */
export function evenRanges(variationIds: readonly string[]): Range[] {
  if (!variationIds.length) return [];
  const step = Math.floor(POINTS / variationIds.length);
  return variationIds.map((entityId, index) => ({ entityId, endOfRange: index === variationIds.length - 1 ? POINTS : step * (index + 1) }));
}
