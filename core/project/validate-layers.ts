/** Structural checks of layers, experiments, variations and actions (CFG-5..24). */
import { ALLOCATION_POLICIES, BUCKETING_POINTS, BUCKETING_STRATEGIES, CAMPAIGN_ACTIVATION_TYPES } from './types';
import { checkChanges } from './validate-changes';
import {
  type Checker,
  type Obj,
  type Scope,
  checkFlag,
  checkId,
  checkOneOf,
  checkPoints,
  child,
  eachObject,
  isNumber,
  isObject,
  isText,
  label,
  optionalList,
  show,
  walkExpression,
} from './validate-kit';

// Experiment and variation ids are looked up project-wide (force parameters, bucketVisitor), so they must be unique project-wide.
interface Seen {
  layer: Map<string, string>;
  experiment: Map<string, string>;
  variation: Map<string, string>;
}

/** Checks every layer of the project and everything it holds. */
export function checkLayers(c: Checker, scope: Scope, layers: unknown[]): void {
  const seen: Seen = { layer: new Map(), experiment: new Map(), variation: new Map() };
  eachObject(c, scope, layers, (layer, index, path) => {
    const at: Scope = { entity: label('layer', layer, index), path };
    const short = label('layer', layer, index, undefined, false);
    checkId(c, at, layer, 'layer', seen.layer);
    if (!isText(layer.policy)) {
      c.report(child(at, 'policy'), `policy must be a non-empty string such as single_experiment, multivariate or equal_priority, got ${show(layer.policy)}`);
    }
    checkPoints(c, at, layer, 'holdback');
    checkFlag(c, at, layer, 'concluded');
    checkOneOf(c, at, layer, 'integrationStringVersion', [1, 2]);
    checkOneOf(c, at, layer, 'allocationPolicy', ALLOCATION_POLICIES);
    if (layer.groupId != null && !isText(layer.groupId)) c.report(child(at, 'groupId'), `groupId must be a string or null, got ${show(layer.groupId)}`);
    for (const key of ['pageIds', 'viewIds']) checkPageRefs(c, at, optionalList(c, at, layer, key), key);
    checkActivation(c, at, layer.activation);
    const changes = optionalList(c, at, layer, 'changes');
    if (changes) checkChanges(c, child(at, 'changes'), changes, short);

    const experiments = layer.experiments;
    if (!Array.isArray(experiments) || experiments.length === 0) {
      c.report(child(at, 'experiments'), `No experiments in layer. A layer needs a list of at least one experiment, got ${show(experiments)}`);
    }
    const list = Array.isArray(experiments) ? experiments : [];
    eachObject(c, child(at, 'experiments'), list, (experiment, i, experimentPath) =>
      checkExperiment(c, { entity: label('experiment', experiment, i, short), path: experimentPath }, experiment, i, layer, seen),
    );
    const experimentIds = new Set(list.flatMap((e) => (isObject(e) && isText(e.id) ? [e.id] : [])));
    checkDecisionMetadata(c, at, layer, experimentIds);
  });
}

function checkPageRefs(c: Checker, scope: Scope, ids: unknown[] | undefined, key: string): void {
  ids?.forEach((id, i) => {
    if (typeof id !== 'string' || !c.pageIds.has(id)) c.report(child(child(scope, key), i), `${key} names no page of the project: ${show(id)}`);
  });
}

function checkActivation(c: Checker, scope: Scope, activation: unknown): void {
  if (activation == null) return;
  const at = child(scope, 'activation');
  if (!isObject(activation)) return c.report(at, `activation must be an object, got ${show(activation)}`);
  checkOneOf(c, at, activation, 'type', CAMPAIGN_ACTIVATION_TYPES);
  if (activation.timeout != null && !(isNumber(activation.timeout) && activation.timeout >= 0)) {
    c.report(child(at, 'timeout'), `timeout must be a number of milliseconds, 0 or more, got ${show(activation.timeout)}`);
  }
}

function checkExperiment(c: Checker, at: Scope, experiment: Obj, index: number, layer: Obj, seen: Seen): void {
  const short = label('experiment', experiment, index, undefined, false);
  checkId(c, at, experiment, 'experiment', seen.experiment);
  checkOneOf(c, at, experiment, 'bucketingStrategy', BUCKETING_STRATEGIES);
  checkOneOf(c, at, experiment, 'allocationPolicy', ALLOCATION_POLICIES);
  checkFlag(c, at, experiment, 'deployed');
  checkFlag(c, at, experiment, 'concluded');
  checkMetadata(c, at, experiment.experimentMetadata, layer);
  if (experiment.audienceIds != null) {
    walkExpression(c, child(at, 'audienceIds'), experiment.audienceIds, (id, leaf) => {
      if (typeof id !== 'string' || !c.audienceIds.has(id)) c.report(leaf, `audienceIds names no audience of the project: ${show(id)}`);
    });
  }
  const changes = optionalList(c, at, experiment, 'changes');
  if (changes) checkChanges(c, child(at, 'changes'), changes, short);

  const variations = experiment.variations;
  if (!Array.isArray(variations) || variations.length === 0) {
    return c.report(child(at, 'variations'), `No variations in selected experiment. An experiment needs a list of at least one variation, got ${show(variations)}`);
  }
  eachObject(c, child(at, 'variations'), variations, (variation, i, path) => {
    const scope: Scope = { entity: label('variation', variation, i, short), path };
    const owner = label('variation', variation, i, undefined, false);
    checkId(c, scope, variation, 'variation', seen.variation);
    const actions = optionalList(c, scope, variation, 'actions');
    if (actions) eachObject(c, child(scope, 'actions'), actions, (action, j, actionPath) => checkAction(c, { entity: label('action', action, j, owner), path: actionPath }, action, layer));
  });
  const variationIds = new Set(variations.flatMap((v) => (isObject(v) && isText(v.id) ? [v.id] : [])));
  checkWeightDistributions(c, child(at, 'weightDistributions'), experiment.weightDistributions, variations.length, variationIds);
}

function checkMetadata(c: Checker, scope: Scope, metadata: unknown, layer: Obj): void {
  if (metadata == null) return;
  const at = child(scope, 'experimentMetadata');
  if (!isObject(metadata)) return c.report(at, `experimentMetadata must be an object, got ${show(metadata)}`);
  checkOneOf(c, at, metadata, 'allocationPolicy', ALLOCATION_POLICIES);
  if (metadata.layerId != null && metadata.layerId !== layer.id) {
    c.report(child(at, 'layerId'), `layerId ${show(metadata.layerId)} does not match the experiment's layer ${show(layer.id)}`);
  }
}

function checkAction(c: Checker, at: Scope, action: Obj, layer: Obj): void {
  if (action.layerId != null && action.layerId !== layer.id) {
    c.report(child(at, 'layerId'), `layerId ${show(action.layerId)} does not match the action's layer ${show(layer.id)}`);
  }
  if (action.pageId == null && action.viewId == null) c.report(at, 'An action needs a pageId or viewId naming the page its changes apply to');
  for (const key of ['pageId', 'viewId']) {
    const id = action[key];
    if (id != null && (typeof id !== 'string' || !c.pageIds.has(id))) c.report(child(at, key), `${key} names no page of the project: ${show(id)}`);
  }
  for (const key of ['changes', 'changeSet']) {
    const changes = optionalList(c, at, action, key);
    if (changes) checkChanges(c, child(at, key), changes, at.entity);
  }
}

/** CFG-20 and rulings 2, 21: ranges name the experiment's variations (or none: unallocated) and end at non-decreasing points up to 10000. */
function checkWeightDistributions(c: Checker, at: Scope, ranges: unknown, variationCount: number, variationIds: Set<string>): void {
  if (ranges == null || (Array.isArray(ranges) && ranges.length === 0)) {
    if (variationCount > 1) c.report(at, `weightDistributions are required: the experiment has ${variationCount} variations`);
    return;
  }
  if (!Array.isArray(ranges)) return c.report(at, `weightDistributions must be a list of { entityId, endOfRange }, got ${show(ranges)}`);
  let previous = 0;
  eachObject(c, at, ranges, (range, i, path) => {
    const scope: Scope = { entity: at.entity, path };
    // Ruling 21: a range naming no variation (Optimizely datafiles write "") is unallocated traffic: visitors
    // in it get no variation. Only a non-string is an error; an unknown id is flagged in case it is a typo.
    if (typeof range.entityId !== 'string') {
      c.report(child(scope, 'entityId'), `entityId must be a variation id, or "" for unallocated traffic, got ${show(range.entityId)}`);
    } else if (range.entityId && !variationIds.has(range.entityId)) {
      c.report(child(scope, 'entityId'), `entityId ${show(range.entityId)} names no variation of this experiment: its range is unallocated traffic`, 'warning');
    }
    const end = range.endOfRange;
    if (!(isNumber(end) && end >= 0 && end <= BUCKETING_POINTS)) {
      return c.report(child(scope, 'endOfRange'), `endOfRange must be a number from 0 to ${BUCKETING_POINTS}, got ${show(end)}`);
    }
    // Equal ends are allowed: with exclusive ends (ruling 2) they give a paused variation an empty range.
    if (end < previous) c.report(child(scope, 'endOfRange'), `endOfRange ${end} is below the previous end ${previous}: ranges must not decrease`);
    previous = Math.max(previous, end);
  });
}

/**
 * CFG-22..24 and ruling 4: per priority group, experimentWeights sum to at most 10000 and
 * cover all or none of the group's experiments; invalid weights are ignored with a warning.
 */
function checkDecisionMetadata(c: Checker, scope: Scope, layer: Obj, experimentIds: Set<string>): void {
  const metadata = layer.decisionMetadata;
  const at = child(scope, 'decisionMetadata');
  const priorities = isObject(metadata) ? metadata.experimentPriorities : undefined;
  if (layer.policy === 'equal_priority' && !(Array.isArray(priorities) && priorities.length > 0)) {
    c.report(child(at, 'experimentPriorities'), 'No decisionMetadata.experimentPriorities on layer. An equal_priority layer needs a list of priority groups of experiment ids');
  }
  if (metadata == null) return;
  if (!isObject(metadata)) return c.report(at, `decisionMetadata must be an object, got ${show(metadata)}`);
  let weights = metadata.experimentWeights;
  const weightsAt = child(at, 'experimentWeights');
  if (weights != null && !isObject(weights)) {
    c.report(weightsAt, `experimentWeights must be an object mapping experiment ids to weights, got ${show(weights)}`);
    weights = undefined;
  }
  const table = (weights ?? {}) as Obj;
  const groups = optionalList(c, at, metadata, 'experimentPriorities');
  if (!groups) return;
  const grouped = new Set<string>();
  groups.forEach((group, g) => {
    const groupAt = child(child(at, 'experimentPriorities'), g);
    if (!Array.isArray(group)) return c.report(groupAt, `A priority group must be a list of experiment ids, got ${show(group)}`);
    const weighted: string[] = [];
    const unweighted: string[] = [];
    let sum = 0;
    group.forEach((item, i) => {
      const id = isObject(item) ? item.entityId : item;
      if (typeof id !== 'string' || !experimentIds.has(id)) {
        return c.report(child(groupAt, i), `A priority group entry must name an experiment of this layer, got ${show(item)}`);
      }
      grouped.add(id);
      const weight = Object.prototype.hasOwnProperty.call(table, id) ? table[id] : undefined;
      if (weight == null) return void unweighted.push(id);
      if (!(isNumber(weight) && Number.isInteger(weight) && weight >= 0)) {
        c.report(child(weightsAt, id), `Invalid weight ${show(weight)} for experiment "${id}" is ignored: a weight is a whole number of basis points, 0 or more`, 'warning');
        return void unweighted.push(id);
      }
      weighted.push(id);
      sum += weight;
    });
    if (weighted.length > 0 && unweighted.length > 0) {
      c.report(groupAt, `Within a priority group all or none of the experiments must have weights: ${weighted.length} of ${weighted.length + unweighted.length} have one (no valid weight: ${unweighted.map((id) => `"${id}"`).join(', ')})`);
    }
    if (sum > BUCKETING_POINTS) c.report(groupAt, `Weights of priority group ${g} sum to ${sum}; they must sum to at most ${BUCKETING_POINTS}`);
  });
  for (const id of Object.keys(table)) {
    if (!grouped.has(id)) c.report(child(weightsAt, id), `experimentWeights names "${id}", which is in no priority group of this layer; the weight is ignored`, 'warning');
  }
}
