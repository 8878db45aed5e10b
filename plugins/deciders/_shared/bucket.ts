/**
 * Bucket numbers and weighted ranges (rulings 1-3). Every draw hashes `bucketingId + entityId` with
 * MurmurHash3 x86 32, seed 1, and scales it to 0..9999; a range list picks the first entry whose
 * exclusive `endOfRange` is above the bucket.
 */
import { murmur3Of } from './murmur';

/** Bucketing points (DEC-1). */
export const POINTS = 10000;
/** Seed of every bucketing hash (ruling 1). */
export const SEED = 1;

/**
 * The bucket (0..9999) of a visitor for one draw: `bucketingId` then `entityId`, no separator (ruling 1, 3);
 * hashed as one key without joining the two strings.
 */
export const bucket = (bucketingId: string, entityId: string): number =>
  Math.floor((murmur3Of(bucketingId, entityId, SEED) / 4294967296) * POINTS);

/** A weighted range: the entity wins when the bucket is below `endOfRange` (ruling 2). */
export interface Range {
  entityId: string;
  endOfRange: number;
}

/** The entity of the first range whose exclusive end is above `value`; undefined when none is (traffic not allocated). */
export const pickRange = (ranges: readonly Range[] | null | undefined, value: number): string | undefined => {
  if (!ranges) return;
  for (let i = 0; i < ranges.length; i++) if (ranges[i].endOfRange > value) return ranges[i].entityId;
};

/** Cumulative ranges from weights in basis points, in the order given: weights 2500 x 4 end at 2500..10000. */
export const rangesOf = (weights: ReadonlyArray<readonly [string, number]>): Range[] => {
  let end = 0;
  return weights.map(([entityId, weight]) => ({ entityId, endOfRange: (end += weight) }));
};
