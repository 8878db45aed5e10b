/** The variation draw inside a chosen experiment, shared by every decider (ruling 3: `bucketingId + experimentId`). */
import type { DecisionResult } from '../../../core';
import type { Experiment } from '../../../core/project/types';
import { bucket, pickRange } from './bucket';

/** The decision reason of a visitor in unallocated traffic (ruling 21). */
export const UNALLOCATED = 'unallocated';

/** Decision error texts of the catalogue (ERR-24, ERR-25, ERR-28..35). */
export const DECISION_ERRORS = {
  noVariations: 'No variations in selected experiment',
  noExperiments: 'No experiments in layer.',
  noCandidate: 'Unable to choose candidate',
  noVariation: 'Unable to find selected variation',
  noPriorities: 'No decisionMetadata.experimentPriorities on layer.',
  noEligible: 'No eligible experiment and variation found.',
  noBucket: 'Unable to find experiment to bucket user into',
  audienceFailed: 'Audience conditions failed for experiment',
} as const;

/**
 * Chooses the variation of `experiment` for `bucketingId` by its weighted ranges. An experiment with a
 * single variation and no ranges gives that variation to everyone. A bucket past the last range (traffic
 * not fully allocated) gives no variation with 'Unable to choose candidate'; a range naming no variation of
 * the experiment (empty or unknown entityId) is unallocated traffic: no variation, reason `unallocated`, no error.
 */
/** A result without a variation: `error` for the experiment (null: none chosen). */
export const failure = (error: string, experimentId: string | null = null): DecisionResult => ({ experimentId, variationId: null, error });

export const chooseVariation = (experiment: Experiment, bucketingId: string): DecisionResult => {
  const variations = experiment.variations;
  const experimentId = experiment.id;
  if (!variations || !variations.length) return failure(DECISION_ERRORS.noVariations, experimentId);
  const ranges = experiment.weightDistributions;
  if (!ranges || !ranges.length) {
    return variations.length === 1
      ? { experimentId, variationId: variations[0].id }
      : failure(DECISION_ERRORS.noCandidate, experimentId);
  }
  const picked = pickRange(ranges, bucket(bucketingId, experimentId));
  if (picked === undefined) return failure(DECISION_ERRORS.noCandidate, experimentId);
  for (let i = 0; i < variations.length; i++) if (variations[i].id === picked) return { experimentId, variationId: picked };
  // Ruling 21: a range naming no variation ("" in Optimizely datafiles) is unallocated traffic, not a failure.
  return { experimentId, variationId: null, reason: UNALLOCATED };
};

// The answers without an experiment are the same every time: one frozen record each, not one per call.
const NO_EXPERIMENTS: DecisionResult = Object.freeze(failure(DECISION_ERRORS.noExperiments));
const AUDIENCE_FAILED: DecisionResult = Object.freeze(failure(DECISION_ERRORS.audienceFailed));

/**
 * The single_experiment and multivariate rule (DEC-27): the layer's first experiment only; when the visitor
 * does not qualify for it, no experiment ('Audience conditions failed for experiment').
 */
export const decideFirst = (request: { layer: { experiments?: Experiment[] }; eligible: readonly Experiment[]; bucketingId: string }): DecisionResult => {
  const first = request.layer.experiments && request.layer.experiments[0];
  if (!first) return NO_EXPERIMENTS;
  if (request.eligible.indexOf(first) < 0) return AUDIENCE_FAILED;
  return chooseVariation(first, request.bucketingId);
};
