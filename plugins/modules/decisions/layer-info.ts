/**
 * What a layer decision needs of a layer that does not depend on the visitor, computed once per layer
 * object (the project's layers are not rebuilt between decisions; a new `data` call brings new objects):
 * the audience options, the ticket's audience ids and the eligible lists by qualification, the actions
 * of each variation for a page, and the layer index by id. This keeps the decision itself to lookups.
 */
import type { QualifyOptions } from '../../../core';
import type { Action, Change, Experiment, Layer, ProjectData, Variation } from '../../../core/project/types';
import { findLayer, findVariation, isCmab, layerRunsOn } from './util';

const DEFAULT_TIMEOUT = 2000;
/** Layers of more experiments use plain arrays instead of bit masks. */
const MASK_BITS = 30;
/** Bounds the per-layer cache of eligible lists (one entry per qualification pattern met). */
const MAX_PATTERNS = 256;

/** The visitor-independent data of one layer. */
export interface LayerInfo {
  experiments: Experiment[];
  /** Audience options when no audience is forced (one object, read-only for the audiences module). */
  options: QualifyOptions;
  timeout: number;
  /** More experiments than a bit mask holds. */
  big: boolean;
  /** Each experiment's only audience id (null: none), or null when some expression is more complex. */
  single: Array<string | null> | null;
  /** Every audience id named in the layer, once each (for `audiences.matching`). */
  audienceIds: string[];
  /** Whether some experiment is a contextual bandit. */
  bandit: boolean;
  /** Whether the layer, an experiment or a variation has any action or change at all (else no lookup per decision). */
  acts: boolean;
  /** The layer holdback's draw entity (ruling 3: layer id + "holdback"). */
  holdbackEntity: string;
  /** The eligible experiments and (with `single`) the ticket's audience ids, by qualification bit mask. */
  byMask: Map<number, Qualified>;
  /** The same for layers of up to SMALL experiments: an array indexed by the mask (faster than the map). */
  small: Array<Qualified | undefined> | undefined;
  /** A variation's actions for a page and whether one redirects, by variation then page id. */
  actions: Map<Variation, Map<string, { actions: Action[]; pendingRedirect: boolean }>>;
}

/** The eligible experiments of one qualification pattern and the ticket's audience ids. */
export interface Qualified {
  eligible: readonly Experiment[];
  audienceIds: readonly string[];
}
const SMALL = 6;

const isOperator = (value: unknown) => value === 'and' || value === 'or' || value === 'not';
const redirects = (action: Action) => (action.changes || action.changeSet || []).some((change) => change.type === 'redirect');

const infos = new WeakMap<Layer, LayerInfo>();

/** The info of a layer, computed on first use. */
export const layerInfo = (layer: Layer): LayerInfo => {
  let info = infos.get(layer);
  if (info) return info;
  const experiments = layer.experiments || [];
  let single: Array<string | null> | null = [];
  const found = new Set<string>();
  const walk = (expression: unknown): void => {
    if (Array.isArray(expression)) expression.forEach(walk);
    else if (typeof expression === 'string' && !isOperator(expression)) found.add(expression);
  };
  for (const experiment of experiments) {
    const ids = experiment.audienceIds;
    walk(ids);
    if (!single) continue;
    if (!ids || !ids.length) single.push(null);
    else if (ids.length === 1 && typeof ids[0] === 'string' && !isOperator(ids[0])) single.push(ids[0]);
    else single = null;
  }
  const timeout = layer.activation?.timeout ?? DEFAULT_TIMEOUT;
  info = {
    experiments,
    options: { timeout, forcedAudienceIds: undefined },
    timeout,
    big: experiments.length > MASK_BITS,
    single,
    audienceIds: [...found],
    bandit: experiments.some((experiment) => isCmab(layer, experiment)),
    acts:
      !!layer.changes?.length ||
      experiments.some((experiment) => experiment.changes?.length || (experiment.variations || []).some((variation) => variation.actions?.length)),
    holdbackEntity: layer.id + 'holdback',
    byMask: new Map(),
    small: experiments.length <= SMALL ? new Array(1 << experiments.length).fill(undefined) : undefined,
    actions: new Map(),
  };
  infos.set(layer, info);
  return info;
};

/**
 * The eligible experiments for a qualification bit mask and, when every experiment names at most one
 * audience, the ticket's audience ids (those of qualified experiments, once each); undefined otherwise.
 * The lists are shared between decisions, so they are frozen.
 */
export const byMask = (info: LayerInfo, mask: number): Qualified => {
  let entry = info.small ? info.small[mask] : info.byMask.get(mask);
  if (entry) return entry;
  const eligible: Experiment[] = [];
  const audienceIds: string[] = [];
  for (let i = 0; i < info.experiments.length; i++) {
    if (!(mask & (1 << i))) continue;
    eligible.push(info.experiments[i]);
    const id = info.single && info.single[i];
    if (id && audienceIds.indexOf(id) < 0) audienceIds.push(id);
  }
  entry = { eligible: Object.freeze(eligible), audienceIds: Object.freeze(audienceIds) };
  if (info.small) info.small[mask] = entry;
  else if (info.byMask.size < MAX_PATTERNS) info.byMask.set(mask, entry);
  return entry;
};

const NONE = { actions: [] as Action[], pendingRedirect: false };

/**
 * The actions of a variation of the layer for a page (DEC-20..22), and whether one of them redirects. The
 * layer's and the experiment's own `changes` (shared by all their variations) come first, as one action each
 * for the page (`<layerId>:layer`, `<experimentId>:experiment`), applied like the variation's actions.
 */
export const actionsOf = (info: LayerInfo, experiment: Experiment | undefined, variationId: string, pageId: string, layer?: Layer): { actions: Action[]; pendingRedirect: boolean } => {
  const variation = findVariation(experiment, variationId);
  if (!variation) return NONE;
  let pages = info.actions.get(variation);
  let entry = pages?.get(pageId);
  if (entry) return entry;
  const actions = (variation.actions || []).filter((action) => (action.pageId ?? action.viewId) === pageId);
  const shared = (owner: { id: string; changes?: Change[] } | undefined, kind: string) =>
    owner && Array.isArray(owner.changes) && owner.changes.length ? [{ id: `${owner.id}:${kind}`, pageId, changes: owner.changes }] : [];
  if ((layer && layer.changes?.length) || experiment?.changes?.length) actions.unshift(...shared(layer, 'layer'), ...shared(experiment, 'experiment'));
  entry = { actions, pendingRedirect: actions.some(redirects) };
  if (!pages) info.actions.set(variation, (pages = new Map()));
  pages.set(pageId, entry);
  return entry;
};

/** A layer found by id, with its info. */
export interface IndexedLayer {
  /** The layer's position in the project's layer list (-1 outside the id index); entries share one shape. */
  at: number;
  layer: Layer;
  info: LayerInfo;
}

/**
 * A change detector for the project's layer list: true when the data, its layer array or the array's
 * length differ from the last call (the indexes below are then rebuilt).
 */
const layersChanged = () => {
  let data: ProjectData | undefined;
  let layers: Layer[] | undefined;
  let length = 0;
  return (current: ProjectData): boolean => {
    const list = current.layers;
    if (current === data && list === layers && (list ? list.length : 0) === length) return false;
    data = current;
    layers = list;
    length = list ? list.length : 0;
    return true;
  };
};

/** Creates the layer lookup by id of one kernel: an index rebuilt when the data or its layer list changes. */
export const createLayerIndex = () => {
  const changed = layersChanged();
  let byId = new Map<string, IndexedLayer>();
  return (current: ProjectData, id: string): IndexedLayer | undefined => {
    const list = current.layers;
    if (changed(current)) {
      byId = new Map();
      for (let i = 0; list && i < list.length; i++) {
        const layer = list[i];
        if (layer && !byId.has(layer.id)) byId.set(layer.id, { at: i, layer, info: layerInfo(layer) });
      }
    }
    const entry = byId.get(id);
    if (entry && list[entry.at] === entry.layer) return entry;
    const layer = findLayer(current, id);
    return layer && { at: -1, layer, info: layerInfo(layer) };
  };
};

/**
 * Creates the page index of one kernel: the layers that run on a page (layerRunsOn) with their info, once
 * per page and data.
 */
export const createPageIndex = () => {
  const changed = layersChanged();
  let byPage = new Map<string, IndexedLayer[]>();
  return (current: ProjectData, pageId: string): IndexedLayer[] => {
    if (changed(current)) byPage = new Map();
    let found = byPage.get(pageId);
    if (!found) {
      found = (current.layers || []).filter((layer) => layerRunsOn(layer, pageId)).map((layer) => ({ at: -1, layer, info: layerInfo(layer) }));
      byPage.set(pageId, found);
    }
    return found;
  };
};
