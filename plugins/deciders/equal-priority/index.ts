/**
 * The `equal_priority` decider (DEC-24, DEC-25, ruling 4). The layer's `decisionMetadata.experimentPriorities`
 * groups are walked in order; the first group holding an audience-eligible experiment decides. Within it
 * the experiment is drawn by weighted ranges over 10000 (`bucketingId + layerId`) among the eligible
 * experiments of the group, in group order, with their `experimentWeights`; a bucket past the last range
 * gives 'Unable to find experiment to bucket user into' (the group's traffic share stays what the weights
 * say, whoever is eligible). A group without weights splits 10000 equally among its eligible experiments.
 * Weights that break the rules (some but not all of the group weighted, a weight that is not a whole
 * number of points, a group summing past 10000) are ignored with a warning (ERR-57) and the group is split
 * equally. Then the variation is drawn in the chosen experiment as everywhere (ruling 3).
 */
import { definePlugin, type DecisionRequest, type DecisionResult } from '../../../core';
import type { Experiment, ExperimentPriorityItem } from '../../../core/project/types';
import { bucket, chooseVariation, DECISION_ERRORS, failure, pickRange, POINTS, rangesOf } from '../_shared';

const idOf = (item: ExperimentPriorityItem): unknown => (item && typeof item === 'object' ? item.entityId : item);
const isWeight = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The weights of a group's candidates, or undefined (with a warning) when the group's weights must be ignored. */
const weightsOf = (group: readonly ExperimentPriorityItem[], index: number, table: Record<string, unknown> | undefined, warnings: string[]) => {
  if (!table) return;
  let weighted = 0;
  let sum = 0;
  for (const item of group) {
    const weight = table[idOf(item) as string];
    if (isWeight(weight)) {
      weighted++;
      sum += weight;
    }
  }
  if (!weighted) return;
  if (weighted < group.length) warnings.push(`Within a priority group all or none of the experiments must have weights: the weights of group ${index} are ignored`);
  else if (sum > POINTS) warnings.push(`Weights of priority group ${index} sum to ${sum}, past ${POINTS}: they are ignored`);
  else return table as Record<string, number>;
};

/** Decides an equal_priority layer (see the file comment). */
export const decideEqualPriority = ({ layer, eligible, bucketingId }: DecisionRequest): DecisionResult => {
  const metadata = layer.decisionMetadata;
  const groups = metadata?.experimentPriorities;
  if (!Array.isArray(groups) || !groups.length) return failure(DECISION_ERRORS.noPriorities);
  if (!layer.experiments || !layer.experiments.length) return failure(DECISION_ERRORS.noExperiments);
  const warnings: string[] = [];
  for (let g = 0; g < groups.length; g++) {
    const group = Array.isArray(groups[g]) ? groups[g] : [];
    const candidates: Experiment[] = [];
    for (const item of group) {
      const id = idOf(item);
      for (const experiment of eligible) if (experiment.id === id) candidates.push(experiment);
    }
    if (!candidates.length) continue;
    const weights = weightsOf(group, g, metadata!.experimentWeights, warnings);
    const share = Math.floor(POINTS / candidates.length);
    const ranges = rangesOf(
      candidates.map((experiment, i) => [
        experiment.id,
        weights ? weights[experiment.id] : i === candidates.length - 1 ? POINTS - share * i : share,
      ]),
    );
    const picked = pickRange(ranges, bucket(bucketingId, layer.id));
    const experiment = candidates.find((candidate) => candidate.id === picked);
    const result = experiment
      ? chooseVariation(experiment, bucketingId)
      : failure(DECISION_ERRORS.noBucket);
    if (warnings.length) result.warnings = warnings;
    return result;
  }
  const none = failure(DECISION_ERRORS.noEligible);
  if (warnings.length) none.warnings = warnings;
  return none;
};

export default definePlugin({ type: 'decider', name: 'equal_priority', decide: decideEqualPriority, bucket });
