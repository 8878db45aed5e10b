/** What the decider plugins share: the hash, bucket numbers, weighted ranges and the variation draw. */
export { murmur3, murmur3Of, utf8 } from './murmur';
export { bucket, pickRange, rangesOf, POINTS, SEED, type Range } from './bucket';
export { chooseVariation, decideFirst, DECISION_ERRORS, failure, UNALLOCATED } from './variation';
