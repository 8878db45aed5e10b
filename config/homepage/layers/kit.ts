/**
 * Builders of the homepage's layers and experiments in the shape of homepage-spec §3 (HPC-10..22):
 * every layer with holdback 0 and concluded false, every experiment manual, not deployed, not
 * concluded, its audiences an and-list, its variations named Original, Variation #1, ...
 */
import type { Action, Change, DecisionMetadata, Experiment, Layer, LayerPolicy, Variation } from '../../../core/project/types';

/** The commit the project data was published from (HPC-10; the spec gives none: this repository's own). */
export const COMMIT_ID = 'hp-rev-323';

/** An action: the changes of a variation on one view (HPC-22). */
export const action = (viewId: string, changes: Change[]): Action => ({ viewId, changes });

/** Variations named Original, Variation #1, #2, ... in order (HPC-21), each with its actions. */
export const variations = (ids: string[], actions: Action[][]): Variation[] =>
  ids.map((id, index) => ({ id, name: index === 0 ? 'Original' : `Variation #${index}`, actions: actions[index] ?? [] }));

/** Options of {@link experiment}. */
export interface ExperimentSpec {
  id: string;
  name: string;
  layerId: string;
  /** Audience ids, all required (an and-list, HPC-17); empty: everyone. */
  audiences: string[];
  audienceName: string;
  variations: Variation[];
  /** End of each variation's range (over 10000); default: equal ranges. */
  endOfRanges?: number[];
}

/** An experiment with the homepage fields (HPC-16, HPC-19, HPC-20). */
export const experiment = (spec: ExperimentSpec): Experiment => {
  const count = spec.variations.length;
  const ends = spec.endOfRanges ?? spec.variations.map((_, index) => Math.round(((index + 1) * 10000) / count));
  return {
    id: spec.id,
    name: spec.name,
    audienceIds: spec.audiences.length ? ['and', ...spec.audiences] : [],
    audienceName: spec.audienceName,
    variations: spec.variations,
    weightDistributions: spec.variations.map((variation, index) => ({ entityId: variation.id, endOfRange: ends[index] })),
    bucketingStrategy: 'impression',
    experimentMetadata: { allocationPolicy: 'manual', layerId: spec.layerId, cmabAttributes: { customAttributes: [], standardAttributes: [] } },
    deployed: false,
    concluded: false,
  };
};

/** Options of {@link layer}. */
export interface LayerSpec {
  id: string;
  name: string;
  policy: LayerPolicy;
  viewIds: string[];
  experiments: Experiment[];
  decisionMetadata?: DecisionMetadata;
}

/** A layer with the homepage fields (HPC-10..15); a single-experiment layer's priorities list its one experiment. */
export const layer = (spec: LayerSpec): Layer => ({
  id: spec.id,
  name: spec.name,
  commitId: COMMIT_ID,
  groupId: null,
  holdback: 0,
  activation: { type: 'immediate' },
  integrationSettings: {},
  experiments: spec.experiments,
  policy: spec.policy,
  viewIds: spec.viewIds,
  decisionMetadata: spec.decisionMetadata ?? {
    experimentPriorities: [spec.experiments.map((item) => ({ entityId: item.id, endOfRange: null }))],
    experimentWeights: {},
    offerConsistency: false,
  },
  concluded: false,
});
