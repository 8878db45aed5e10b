/**
 * One layer decision (runtime-spec §4 Campaign decision, DEC-6..29): force variation, then global
 * holdback, layer holdback, audiences and the decider by policy (DEC-10), then sticky bucketing and the
 * contextual bandit; the decision ticket, the decision and the layer state; layerDecided; the actions.
 * Synchronous as long as nothing has to wait (audience fields pending, a bandit prediction).
 */
import {
  MODULES,
  type AudiencesModule,
  type ChangesModule,
  type ControlsModule,
  type DecisionResult,
  type LayerDecidedData,
  type PagesModule,
  type PluginContext,
  type VisitorModule,
} from '../../../core';
import type { Action, AudienceIdExpression, DecisionTicket, Experiment, Layer, LayerDecision, LayerState } from '../../../core/project/types';
import type { CmabChooser } from './cmab';
import { bucketOf, heldBack, type createGlobalHoldback } from './holdback';
import { MSG_NO_DECIDER, MSG_VARIATION_GONE, MSG_VISITOR_BUCKETING_ID_NOT_SET, REASONS } from './messages';
import { andThen, findVariation, isCmab, layerExperiment } from './util';

/** What the plugin keeps of each decided layer. */
export interface Decided {
  state: LayerState;
  /** DEC-18, DEC-19. */
  inCohort: boolean;
  pendingRedirect: boolean;
  forced: boolean;
}

/** Everything a layer decision needs besides the layer. */
export interface DecideDeps {
  ctx: PluginContext;
  holdback: ReturnType<typeof createGlobalHoldback>;
  cmab: CmabChooser;
  activationId(): string;
  /** Stores the decided layer (memory and local storage). */
  keep(decided: Decided): void;
  nextEventId(): string;
  /** The modules a decision uses, looked up once per activation (or decidePage) rather than per decision. */
  modules(): DecisionModules;
}

/** The neighbouring modules of a decision; any may be absent. */
export interface DecisionModules {
  visitor?: VisitorModule;
  controls?: ControlsModule;
  audiences?: AudiencesModule;
  changes?: ChangesModule;
  pages?: PagesModule;
}

const DEFAULT_TIMEOUT = 2000;
const SINGLE_EXPERIMENT_POLICIES = ['single_experiment', 'multivariate'];

// The flat list of audience ids of a layer, for the ticket; computed once per layer object.
const audienceIdCache = new WeakMap<Layer, string[]>();
const layerAudienceIds = (layer: Layer): string[] => {
  let ids = audienceIdCache.get(layer);
  if (!ids) {
    const found = new Set<string>();
    const walk = (expression: unknown): void => {
      if (Array.isArray(expression)) expression.forEach(walk);
      else if (typeof expression === 'string' && expression !== 'and' && expression !== 'or' && expression !== 'not') found.add(expression);
    };
    (layer.experiments || []).forEach((experiment) => walk(experiment.audienceIds));
    audienceIdCache.set(layer, (ids = [...found]));
  }
  return ids;
};

const NO_ACTIONS: Action[] = [];
const NO_IDS: string[] = [];

// Per layer: each experiment's only audience id (null: none), or null when some expression is more complex.
const singleCache = new WeakMap<Layer, Array<string | null> | null>();
const singleAudiences = (layer: Layer): Array<string | null> | null => {
  let found = singleCache.get(layer);
  if (found === undefined) {
    found = [];
    for (const experiment of layer.experiments || []) {
      const ids = experiment.audienceIds;
      if (!ids || !ids.length) found.push(null);
      else if (ids.length === 1 && typeof ids[0] === 'string' && ids[0] !== 'and' && ids[0] !== 'or' && ids[0] !== 'not') found.push(ids[0]);
      else {
        found = null;
        break;
      }
    }
    singleCache.set(layer, found);
  }
  return found;
};

const actionsFor = (experiment: Experiment | undefined, variationId: string | null, pageId: string | undefined): Action[] => {
  const variation = findVariation(experiment, variationId);
  return variation && pageId ? (variation.actions || []).filter((action) => (action.pageId ?? action.viewId) === pageId) : [];
};
const redirects = (action: Action) => (action.changes || action.changeSet || []).some((change) => change.type === 'redirect');

type Collect = ((work: Promise<unknown>) => void) | undefined;
const NO_BUCKETING_ID: DecisionResult = { experimentId: null, variationId: null, error: MSG_VISITOR_BUCKETING_ID_NOT_SET };
const NO_DECIDER: DecisionResult = { experimentId: null, variationId: null, error: MSG_NO_DECIDER };

/**
 * Creates the layer decision function of one kernel; `collect` receives the promises of applied actions.
 * The hot path allocates only the records it returns: helpers live here rather than inside the call.
 */
export const createDecideLayer = (deps: DecideDeps) => {
  const { ctx } = deps;

  const finish = (layer: Layer, pageId: string | undefined, ticket: DecisionTicket, result: DecisionResult, isLayerHoldback: boolean, forced: boolean, collect: Collect): LayerState => {
    const data = ctx.data;
    const decision: LayerDecision = {
      layerId: layer.id,
      experimentId: result.experimentId ?? null,
      variationId: result.variationId ?? null,
      isLayerHoldback,
      isLayerConcluded: !!layer.concluded,
      reason: result.reason ?? null,
      error: result.error ?? null,
    };
    if (decision.error && ctx.log.level() > 3) ctx.log.debug('Decisions: layer', layer.id, decision.error);
    const state: LayerState = {
      layerId: layer.id,
      pageId,
      decision,
      decisionTicket: ticket,
      decisionTimestamp: ctx.clock.now(),
      decisionEventId: deps.nextEventId(),
      revision: data.revision,
      namespace: data.namespace,
    };
    const inCohort = !!(decision.experimentId && decision.variationId) && !(isLayerHoldback && SINGLE_EXPERIMENT_POLICIES.indexOf(layer.policy) >= 0);
    // DEC-20..22: no actions in a holdback or without a variation (a forced decision never is held back).
    const actions = decision.variationId && !isLayerHoldback && pageId ? actionsFor(layerExperiment(layer, decision.experimentId), decision.variationId, pageId) : NO_ACTIONS;
    const pendingRedirect = actions.length > 0 && actions.some(redirects);
    deps.cmab.settle(layer, decision.experimentId);
    deps.keep({ state, inCohort, pendingRedirect, forced });
    const detail: LayerDecidedData = { layerState: state, decision, decisionTicket: ticket, pendingRedirect, inCohort };
    ctx.emit({ type: 'lifecycle', name: 'layerDecided', data: detail });
    const changes = actions.length ? deps.modules().changes : undefined;
    if (changes) {
      const meta = { layerId: layer.id, experimentId: decision.experimentId!, variationId: decision.variationId!, pageId: pageId! };
      for (const action of actions) {
        const work = ctx.attempt('ActionError', () => changes.applyAction(action, meta), meta);
        if (work) (collect || ctx.defer)(Promise.resolve(work));
      }
    }
    return state;
  };

  const sticky = (layer: Layer, candidate: Experiment | undefined) => !!candidate && !candidate.deployed && !isCmab(layer, candidate);

  /** After the audiences: the decider, sticky bucketing, the bandit. */
  const choose = (
    layer: Layer,
    pageId: string | undefined,
    ticket: DecisionTicket,
    bucketingId: string,
    visitor: VisitorModule,
    stored: Record<string, string> | undefined,
    isLayerHoldback: boolean,
    forced: boolean,
    collect: Collect,
    qualified: readonly boolean[],
    audienceIds: string[],
  ): LayerState | Promise<LayerState> => {
    ticket.audienceIds = audienceIds;
    const experiments = layer.experiments || [];
    const eligible: Experiment[] = [];
    for (let i = 0; i < experiments.length; i++) if (qualified[i]) eligible.push(experiments[i]);
    const decider = ctx.plugin('decider', layer.policy);
    if (!decider) return finish(layer, pageId, ticket, NO_DECIDER, isLayerHoldback, forced, collect);
    let result: DecisionResult;
    try {
      result = decider.decide({ layer, eligible, bucketingId }) || NO_DECIDER;
    } catch (error) {
      ctx.report('PluginError', error, { layerId: layer.id });
      result = NO_DECIDER;
    }
    if (result.warnings) for (const warning of result.warnings) ctx.log.warn(warning);

    let experiment = layerExperiment(layer, result.experimentId);
    if (!forced && stored) {
      // DEC-14..16: a stored variation overrides the decider, except for deployed and bandit experiments.
      // Under equal_priority the stored experiment itself is kept when the visitor still qualifies for it.
      if (!(experiment && stored[experiment.id]) && layer.policy === 'equal_priority') {
        const kept = eligible.find((candidate) => stored[candidate.id] && sticky(layer, candidate));
        if (kept) experiment = kept;
      }
      const preferred = experiment && sticky(layer, experiment) ? stored[experiment.id] : undefined;
      if (preferred) {
        result = findVariation(experiment, preferred)
          ? { experimentId: experiment!.id, variationId: preferred, reason: REASONS.sticky }
          : { experimentId: experiment!.id, variationId: null, reason: REASONS.notBucketed, error: MSG_VARIATION_GONE };
      }
    }
    if (!forced && result.reason !== REASONS.sticky && result.variationId && sticky(layer, experiment)) {
      visitor.setVariation(layer.id, experiment!.id, result.variationId);
    }
    if (!result.reason) {
      // A fresh record of one shape (no spread): this runs for nearly every decision.
      result = {
        experimentId: result.experimentId,
        variationId: result.variationId,
        reason: forced ? REASONS.force : isLayerHoldback ? REASONS.layerHoldback : result.variationId ? REASONS.bucketed : REASONS.notBucketed,
        error: result.error,
      };
    }
    if (experiment && !forced && !isLayerHoldback && isCmab(layer, experiment)) {
      return andThen(deps.cmab.choose(layer, experiment, bucketingId, result), (chosen) => finish(layer, pageId, ticket, chosen, isLayerHoldback, forced, collect));
    }
    return finish(layer, pageId, ticket, result, isLayerHoldback, forced, collect);
  };

  return (layer: Layer, pageId: string | undefined, collect?: Collect): LayerState | Promise<LayerState> => {
    const data = ctx.data;
    const { visitor, controls, audiences } = deps.modules();
    const bucketingId = visitor && visitor.bucketingId();
    const experiments = layer.experiments || [];
    const stored = bucketingId ? visitor!.variationMap()[layer.id] : undefined;
    const ticket: DecisionTicket = {
      bucketingId: bucketingId || '',
      audienceIds: NO_IDS,
      globalHoldback: data.holdback || 0,
      preferredVariationMap: stored ? { ...stored } : {},
      pageId,
      activationId: deps.activationId(),
    };
    if (!bucketingId) return finish(layer, pageId, ticket, NO_BUCKETING_ID, false, false, collect);

    // DEC-6, DEC-7: a forced variation of this layer decides it outright.
    const forcedVariations = controls ? controls.forcedVariationIds() : undefined;
    if (forcedVariations && forcedVariations.length) {
      for (const experiment of experiments) {
        for (const variation of experiment.variations || []) {
          if (forcedVariations.indexOf(variation.id) >= 0) {
            return finish(layer, pageId, ticket, { experimentId: experiment.id, variationId: variation.id, reason: REASONS.force }, false, true, collect);
          }
        }
      }
    }
    const forcedAudiences = controls ? controls.forcedAudienceIds() : undefined;
    const forced = !!(forcedAudiences && forcedAudiences.length);

    // DEC-10: global holdback, then layer holdback, then audiences, then the decider.
    if (!forced && deps.holdback.get(ticket.activationId!)) {
      return finish(layer, pageId, ticket, { experimentId: null, variationId: null, reason: REASONS.globalHoldback }, false, false, collect);
    }
    const isLayerHoldback = !forced && !!layer.holdback && heldBack(bucketOf(ctx, layer.policy), bucketingId, layer.id + 'holdback', layer.holdback);

    if (!audiences) return choose(layer, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, experiments.map(() => true), NO_IDS);
    const options = {
      timeout: (layer.activation && layer.activation.timeout) ?? DEFAULT_TIMEOUT,
      forcedAudienceIds: forced ? forcedAudiences : undefined,
    };
    let waiting = false;
    const verdicts: Array<boolean | Promise<boolean>> = [];
    for (const experiment of experiments) {
      const verdict = audiences.qualifies(experiment.audienceIds, options);
      if (typeof verdict !== 'boolean') waiting = true;
      verdicts.push(verdict);
    }
    // The ticket's audience ids: read off the verdicts when every experiment names at most one audience
    // (the common case, and no second evaluation); otherwise asked of the audiences module.
    const single = singleAudiences(layer);
    let matching: string[] | Promise<string[]>;
    if (single && !waiting) {
      matching = [];
      for (let i = 0; i < single.length; i++) if (single[i] && verdicts[i] === true && matching.indexOf(single[i]!) < 0) matching.push(single[i]!);
    } else {
      const ids = layerAudienceIds(layer);
      matching = ids.length ? audiences.matching(ids as AudienceIdExpression, options) : NO_IDS;
    }
    if (waiting || !Array.isArray(matching)) {
      return Promise.all([Promise.all(verdicts), matching]).then(([qualified, audienceIds]) =>
        choose(layer, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, qualified, audienceIds),
      );
    }
    return choose(layer, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, verdicts as boolean[], matching);
  };
};
