/** The catalogue texts the decisions plugin uses (runtime-spec §8, rulings 13). Exact. */
export const MSG_EXPERIMENT_REQUIRED = 'An experimentId is required.';
export const MSG_VARIATION_REQUIRED = 'One of a variationId or a variationIndex is required.';
export const MSG_BUCKETING_ID_NOT_SET = 'bucketingId not set';
export const MSG_VISITOR_BUCKETING_ID_NOT_SET = 'Visitor bucketingId not set';
export const MSG_NAMESPACE_NOT_SET = 'Namespace is not set';
export const MSG_GLOBAL_HOLDBACK_SET = 'Attempted to change already set global holdback!';
export const MSG_NO_DECIDER = 'No deciders found for policy';
/** ERR-31 with the policy named, in the form of rulings 13 (`Unknown page "<name>"`): the log line and the build rule. */
export const msgNoDecider = (policy: unknown) => `${MSG_NO_DECIDER} "${policy}"`;
export const MSG_VARIATION_GONE = 'Unable to find selected variation';
/** ERR-30: a decider chose an experiment the layer does not have. */
export const MSG_EXPERIMENT_GONE = 'Unable to find selected experiment.';
export const msgNotFound = (what: 'layer' | 'experiment' | 'variation', id: unknown) => `Could not find ${what} "${id}"`;
/** ERR-60: the spec gives no text. */
export const msgIdsDoNotFit = (maxLength: number) => `Not all ids fit into the analytics string of at most ${maxLength} characters`;
/** ERR-63: a relay cookie segment that cannot be read; the spec gives no text. */
export const msgBadSegment = (segment: string) => `Skipped bad redirect relay cookie segment "${segment}"`;
/** DEC-44: the spec gives no text. */
export const msgRelayRejected = (field: string) => `Rejected redirect relay cookie: no ${field}`;

/** Decision reasons (the spec names only 'force'). */
export const REASONS = {
  force: 'force',
  globalHoldback: 'global_holdback',
  layerHoldback: 'layer_holdback',
  bucketed: 'bucketed',
  sticky: 'sticky',
  cmab: 'cmab',
  notBucketed: 'not_bucketed',
} as const;
