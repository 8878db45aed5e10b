/** Small helpers of the decisions plugin: lookups in project data, the sync-or-async step, ids. */
import type { Experiment, Layer, ProjectData, Variation } from '../../../core/project/types';
import { isThenable } from '../../_shared/checks';
import { settle } from '../../../core/sequence';

/**
 * (Not named `then`: a module exporting `then` is a thenable and breaks dynamic import.)
 * Runs `fn` on `value` now when it is plain, after it settles when it is a promise: the decision stays
 * synchronous (no promise, no microtask) for as long as nothing had to wait.
 */
export const andThen = <T, R>(value: T | PromiseLike<T>, fn: (value: T) => R): R | Promise<Awaited<R>> =>
  isThenable(value) ? (settle(value, fn) as Promise<Awaited<R>>) : fn(value as T);

/** The entry of a list with this id (plain loop: on the decision path). */
const byId = <T extends { id: string }>(list: readonly T[] | undefined, id: string): T | undefined => {
  if (list) for (let i = 0; i < list.length; i++) if (list[i].id === id) return list[i];
};

/** The layer of the project with this id. */
export const findLayer = (data: ProjectData, id: string): Layer | undefined => byId(data.layers, id);

/** The layer and the experiment with this id, anywhere in the project. */
export const findExperiment = (data: ProjectData, id: string): [Layer, Experiment] | undefined => {
  for (const layer of data.layers || []) {
    const experiment = byId(layer.experiments, id);
    if (experiment) return [layer, experiment];
  }
};

/** The variation of an experiment with this id. */
export const findVariation = (experiment: Experiment | undefined, id: string | null | undefined): Variation | undefined =>
  experiment && id != null ? byId(experiment.variations, id) : undefined;

/** The experiment of a layer with this id. */
export const layerExperiment = (layer: Layer, id: string | null | undefined): Experiment | undefined =>
  id == null ? undefined : byId(layer.experiments, id);

/** The layer with this id, its experiment and that experiment's variation with these ids (each undefined when not found). */
export const findDecided = (
  data: ProjectData,
  layerId: string,
  experimentId: string | null | undefined,
  variationId: string | null | undefined,
): [Layer | undefined, Experiment | undefined, Variation | undefined] => {
  const layer = findLayer(data, layerId);
  const experiment = layer && layerExperiment(layer, experimentId);
  return [layer, experiment, findVariation(experiment, variationId)];
};

/** Whether a layer runs on a page: named in pageIds/viewIds, or an action of one of its variations is for that page. */
export const layerRunsOn = (layer: Layer, pageId: string): boolean =>
  !!layer.pageIds?.includes(pageId) ||
  !!layer.viewIds?.includes(pageId) ||
  (layer.experiments || []).some((experiment) =>
    (experiment.variations || []).some((variation) => (variation.actions || []).some((action) => (action.pageId ?? action.viewId) === pageId)),
  );

/** The allocation policy of an experiment: its own, its metadata's, else its layer's. */
export const allocationPolicy = (layer: Layer, experiment: Experiment): string | undefined =>
  experiment.allocationPolicy || experiment.experimentMetadata?.allocationPolicy || layer.allocationPolicy;

/** Whether an experiment is a contextual bandit (CMAB-1, ruling 5: both spellings). */
export const isCmab = (layer: Layer, experiment: Experiment): boolean => {
  const policy = allocationPolicy(layer, experiment);
  return policy === 'cmab' || policy === 'contextual-multi-arm-bandit';
};

/** A random v4-style uuid: crypto when the window or the runtime has it, else Math.random. */
export const uuid = (win?: { crypto?: Crypto }): string => {
  const crypto = win?.crypto || (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 3) | 8).toString(16);
  });
};
