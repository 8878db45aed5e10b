/**
 * One layer decision (runtime-spec §4 Campaign decision, DEC-6..29): force variation, then global
 * holdback, layer holdback, audiences and the decider by policy (DEC-10), then sticky bucketing and the
 * contextual bandit; the decision ticket, the decision and the layer state; layerDecided; the actions.
 * Synchronous as long as nothing has to wait (audience fields pending, a bandit prediction).
 */
import {
  type AudiencesModule,
  type ChangesModule,
  type ControlsModule,
  type DeciderKind,
  type DecisionRequest,
  type DecisionResult,
  type LayerDecidedData,
  type PagesModule,
  type PluginContext,
  type VisitorModule,
} from '../../../core';
import type { Action, DecisionTicket, Experiment, Layer, LayerDecision, LayerState } from '../../../core/project/types';
import type { CmabChooser } from './cmab';
import { bucketOf, heldBack, type createGlobalHoldback } from './holdback';
import { MSG_EXPERIMENT_GONE, MSG_NO_DECIDER, MSG_VARIATION_GONE, MSG_VISITOR_BUCKETING_ID_NOT_SET, msgNoDecider, REASONS } from './messages';
import { createExposure } from './exposure';
import { actionsOf, byMask, layerInfo, type LayerInfo } from './layer-info';
import { andThen, findVariation, isCmab, layerExperiment } from './util';
import { settle, settleAll } from '../../../core/sequence';

/**
 * What the plugin keeps of each decided layer: the layerDecided data itself (layer state, decision,
 * ticket, `pendingRedirect`, `inCohort` (DEC-18, DEC-19)), so a decision builds one record for both.
 */
export type Decided = LayerDecidedData;

/** Everything a layer decision needs besides the layer. */
export interface DecideDeps {
  ctx: PluginContext;
  holdback: ReturnType<typeof createGlobalHoldback>;
  cmab: CmabChooser;
  activationId(): string;
  /** Stores the decided layer (memory and local storage). */
  keep(decided: Decided): void;
  nextEventId(): string;
  /** The decision time (one clock read per decision, or per decidePage). */
  now(): number;
  /** The modules a decision uses, looked up once per activation (or decidePage) rather than per decision. */
  modules(): DecisionModules;
  /** The decider plugin of a policy (cached like the modules). */
  decider(policy: string): DeciderKind | undefined;
}

/** The neighbouring modules of a decision; any may be absent. */
export interface DecisionModules {
  visitor?: VisitorModule;
  controls?: ControlsModule;
  audiences?: AudiencesModule;
  changes?: ChangesModule;
  pages?: PagesModule;
}

const SINGLE_EXPERIMENT_POLICIES = ['single_experiment', 'multivariate'];
// One frozen empty list serves as "no audience ids" and "no experiments".
const NO_IDS = Object.freeze([]) as never[];
// The ticket's copy of the stored variations when there are none: shared, so frozen.
const NO_PREFERRED: Record<string, string> = Object.freeze({}) as Record<string, string>;

type Collect = ((work: Promise<unknown>) => void) | undefined;
const none = (error?: string, reason?: string): DecisionResult => ({ experimentId: null, variationId: null, error, reason });
const NO_BUCKETING_ID = none(MSG_VISITOR_BUCKETING_ID_NOT_SET);
const NO_DECIDER = none(MSG_NO_DECIDER);
const GLOBAL_HOLDBACK = none(undefined, REASONS.globalHoldback);

/** The experiments whose (settled) verdict is true, in layer order (a loop: no closure on the decision path). */
const qualifiedOf = (experiments: readonly Experiment[], verdicts: ReadonlyArray<unknown>): Experiment[] => {
  const out: Experiment[] = [];
  for (let i = 0; i < experiments.length; i++) if (verdicts[i]) out.push(experiments[i]);
  return out;
};

/**
 * Creates the layer decision function of one kernel; `collect` receives the promises of applied actions.
 * The synchronous path allocates only what it hands out (ticket, decision, layer state, the kept record,
 * the event): per-layer data comes from ./layer-info.ts, and whatever needs a closure (waiting, the bandit,
 * actions) lives in its own function, so the common path creates no closure context per call.
 */
export const createDecideLayer = (deps: DecideDeps) => {
  const { ctx } = deps;
  const log = ctx.log;
  // One request record, refilled per decision: deciders are synchronous and read it during the call only.
  const request: DecisionRequest = { layer: undefined as unknown as Layer, eligible: NO_IDS, bucketingId: '' };

  /** Applies a decided variation's actions for the page through the changes module (DEC-20..23); answers their promises. */
  const apply = (changes: ChangesModule, actions: readonly Action[], meta: { layerId: string; experimentId: string; variationId: string; pageId: string }, collect: Collect) => {
    const works: Promise<unknown>[] = [];
    for (const action of actions) {
      const work = ctx.attempt('ActionError', () => changes.applyAction(action, meta), meta);
      if (!work) continue;
      const settled = Promise.resolve(work);
      works.push(settled);
      (collect || ctx.defer)(settled);
    }
    return works;
  };
  const expose = createExposure(ctx);

  const finish = (
    layer: Layer,
    info: LayerInfo,
    pageId: string | undefined,
    ticket: DecisionTicket,
    result: DecisionResult,
    reason: string | null,
    isLayerHoldback: boolean,
    collect: Collect,
  ): LayerState => {
    const data = ctx.data;
    const experimentId = result.experimentId ?? null;
    const variationId = result.variationId ?? null;
    const error = result.error ?? null;
    const decision: LayerDecision = {
      layerId: layer.id,
      experimentId,
      variationId,
      isLayerHoldback,
      isLayerConcluded: !!layer.concluded,
      reason,
      error,
    };
    // Unallocated traffic (ruling 21) is no error, but the debug log says why there is no variation. The
    // decision's error stays the catalogue's exact text (ERR-31); the log line names the policy.
    if ((error || (reason === 'unallocated' && !variationId)) && log.level() > 3) {
      log.debug('Decisions: layer', layer.id, result === NO_DECIDER ? msgNoDecider(layer.policy) : error || `unallocated traffic of experiment ${experimentId}`);
    }
    const state: LayerState = {
      layerId: layer.id,
      pageId,
      decision,
      decisionTicket: ticket,
      decisionTimestamp: deps.now(),
      decisionEventId: deps.nextEventId(),
      revision: data.revision,
      namespace: data.namespace,
    };
    const inCohort = !!(experimentId && variationId) && !(isLayerHoldback && SINGLE_EXPERIMENT_POLICIES.indexOf(layer.policy) >= 0);
    // DEC-20..22: no actions in a holdback or without a variation (a forced decision never is held back).
    const found = variationId && !isLayerHoldback && pageId && info.acts ? actionsOf(info, layerExperiment(layer, experimentId), variationId, pageId, layer) : undefined;
    const actions = found && found.actions.length ? found.actions : undefined;
    const pendingRedirect = !!actions && found!.pendingRedirect;
    if (info.bandit) deps.cmab.settle(layer, experimentId);
    const detail: Decided = { layerState: state, decision, decisionTicket: ticket, pendingRedirect, inCohort };
    deps.keep(detail);
    ctx.emit({ type: 'lifecycle', name: 'layerDecided', data: detail });
    const changes = deps.modules().changes;
    const works = actions && changes ? apply(changes, actions, { layerId: layer.id, experimentId: experimentId!, variationId: variationId!, pageId: pageId! }, collect) : [];
    // Ruling 24: exposure, for a decision the tracker records (not a holdback, a concluded layer or a redirect's).
    const experiment = variationId && !isLayerHoldback && pageId && !layer.concluded && !pendingRedirect && layerExperiment(layer, experimentId);
    if (experiment) ctx.attempt('PluginError', () => expose(layer, info, experiment, variationId, pageId, changes, works), { layerId: layer.id });
    return state;
  };

  const sticky = (layer: Layer, candidate: Experiment | undefined) => !!candidate && !candidate.deployed && !isCmab(layer, candidate);

  /** Under equal_priority: the eligible experiment the visitor has a stored variation for, if it is sticky. */
  const keptOf = (layer: Layer, eligible: readonly Experiment[], stored: Record<string, string>): Experiment | undefined => {
    for (let i = 0; i < eligible.length; i++) if (stored[eligible[i].id] && sticky(layer, eligible[i])) return eligible[i];
  };

  /** The contextual bandit's variation (stored, predicted, or `base`), then the rest of the decision. */
  const bandit = (
    layer: Layer,
    info: LayerInfo,
    pageId: string | undefined,
    ticket: DecisionTicket,
    experiment: Experiment,
    bucketingId: string,
    base: DecisionResult,
    isLayerHoldback: boolean,
    collect: Collect,
  ): LayerState | Promise<LayerState> =>
    andThen(deps.cmab.choose(layer, experiment, bucketingId, base), (chosen) =>
      finish(layer, info, pageId, ticket, chosen, chosen.reason ?? null, isLayerHoldback, collect),
    );

  /** After the audiences: the decider, sticky bucketing, the bandit. */
  const choose = (
    layer: Layer,
    info: LayerInfo,
    pageId: string | undefined,
    ticket: DecisionTicket,
    bucketingId: string,
    visitor: VisitorModule,
    stored: Record<string, string> | undefined,
    isLayerHoldback: boolean,
    forced: boolean,
    collect: Collect,
    eligible: readonly Experiment[],
    audienceIds: readonly string[],
  ): LayerState | Promise<LayerState> => {
    ticket.audienceIds = audienceIds as string[];
    const decider = deps.decider(layer.policy);
    if (!decider) return finish(layer, info, pageId, ticket, NO_DECIDER, null, isLayerHoldback, collect);
    let result: DecisionResult;
    try {
      request.layer = layer;
      request.eligible = eligible;
      request.bucketingId = bucketingId;
      result = decider.decide(request) || NO_DECIDER;
    } catch (error) {
      ctx.report('PluginError', error, { layerId: layer.id });
      result = NO_DECIDER;
    }
    if (result.warnings) for (const warning of result.warnings) ctx.log.warn(warning);

    let experiment = layerExperiment(layer, result.experimentId);
    // ERR-30: a decider (a project's own, say) named an experiment the layer does not have.
    if (!experiment && result.experimentId != null) result = { experimentId: null, variationId: null, error: MSG_EXPERIMENT_GONE };
    if (!forced && stored) {
      // DEC-14..16: a stored variation overrides the decider, except for deployed and bandit experiments.
      // Under equal_priority the stored experiment itself is kept when the visitor still qualifies for it.
      if (!(experiment && stored[experiment.id]) && layer.policy === 'equal_priority') {
        const kept = keptOf(layer, eligible, stored);
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
    // The reason goes to finish on its own: no second record for nearly every decision.
    const reason = result.reason || (forced ? REASONS.force : isLayerHoldback ? REASONS.layerHoldback : result.variationId ? REASONS.bucketed : REASONS.notBucketed);
    if (experiment && !forced && !isLayerHoldback && info.bandit && isCmab(layer, experiment)) {
      const base: DecisionResult = { experimentId: result.experimentId, variationId: result.variationId, reason, error: result.error };
      return bandit(layer, info, pageId, ticket, experiment, bucketingId, base, isLayerHoldback, collect);
    }
    return finish(layer, info, pageId, ticket, result, reason, isLayerHoldback, collect);
  };

  /** The slow path: some audience verdict (or the ticket's audience ids) has to be waited for. */
  const later = (
    layer: Layer,
    info: LayerInfo,
    pageId: string | undefined,
    ticket: DecisionTicket,
    bucketingId: string,
    visitor: VisitorModule,
    stored: Record<string, string> | undefined,
    isLayerHoldback: boolean,
    forced: boolean,
    collect: Collect,
    verdicts: ReadonlyArray<boolean | Promise<boolean>>,
    matching: readonly string[] | Promise<string[]>,
  ): Promise<LayerState> =>
    settle(settleAll<unknown>([settleAll(verdicts), matching]), ([qualified, audienceIds]) =>
      choose(layer, info, pageId, ticket, bucketingId, visitor, stored, isLayerHoldback, forced, collect, qualifiedOf(info.experiments, qualified as boolean[]), audienceIds as string[]),
    );

  return (layer: Layer, pageId: string | undefined, collect?: Collect, info: LayerInfo = layerInfo(layer)): LayerState | Promise<LayerState> => {
    const data = ctx.data;
    const modules = deps.modules();
    const visitor = modules.visitor;
    const bucketingId = visitor?.bucketingId();
    const experiments = info.experiments;
    const stored = bucketingId ? visitor!.variationMap()[layer.id] : undefined;
    const ticket: DecisionTicket = {
      bucketingId: bucketingId || '',
      audienceIds: NO_IDS,
      globalHoldback: data.holdback || 0,
      preferredVariationMap: stored ? { ...stored } : NO_PREFERRED,
      pageId,
      activationId: deps.activationId(),
    };
    if (!bucketingId) return finish(layer, info, pageId, ticket, NO_BUCKETING_ID, null, false, collect);

    // DEC-6, DEC-7: a forced variation of this layer decides it outright.
    const controls = modules.controls;
    const forcedVariations = controls?.forcedVariationIds();
    if (forcedVariations?.length) {
      for (const experiment of experiments) {
        for (const variation of experiment.variations || []) {
          if (forcedVariations.indexOf(variation.id) >= 0) {
            return finish(layer, info, pageId, ticket, { experimentId: experiment.id, variationId: variation.id }, REASONS.force, false, collect);
          }
        }
      }
    }
    const forcedAudiences = controls?.forcedAudienceIds();
    const forced = !!forcedAudiences?.length;

    // DEC-10: global holdback, then layer holdback, then audiences, then the decider.
    if (!forced && deps.holdback.get(ticket.activationId!)) {
      return finish(layer, info, pageId, ticket, GLOBAL_HOLDBACK, REASONS.globalHoldback, false, collect);
    }
    const isLayerHoldback = !forced && !!layer.holdback && heldBack(bucketOf(ctx, layer.policy), bucketingId, info.holdbackEntity, layer.holdback);

    const audiences = modules.audiences;
    if (!audiences) return choose(layer, info, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, experiments, NO_IDS);
    const options = forced ? { timeout: info.timeout, forcedAudienceIds: forcedAudiences } : info.options;
    // Qualification as a bit mask while every verdict is plain (the eligible list and the ticket's
    // audience ids then come from the layer's cache); as a list once one has to be waited for.
    let mask = 0;
    let verdicts: Array<boolean | Promise<boolean>> | undefined = info.big ? [] : undefined;
    for (let i = 0; i < experiments.length; i++) {
      const verdict = audiences.qualifies(experiments[i].audienceIds, options);
      if (verdicts) verdicts.push(verdict);
      else if (verdict === true) mask |= 1 << i;
      else if (verdict !== false) {
        verdicts = [];
        for (let j = 0; j < i; j++) verdicts.push(!!(mask & (1 << j)));
        verdicts.push(verdict);
      }
    }
    let waiting = false;
    if (verdicts) for (let i = 0; i < verdicts.length; i++) if (typeof verdicts[i] !== 'boolean') waiting = true;
    // The ticket's audience ids: read off the verdicts when every experiment names at most one audience
    // (the common case, and no second evaluation); otherwise asked of the audiences module.
    const cached = verdicts ? undefined : byMask(info, mask);
    let matching: readonly string[] | Promise<string[]>;
    if (info.single && cached) matching = cached.audienceIds;
    else if (info.single && !waiting) {
      const ids: string[] = [];
      for (let i = 0; i < info.single.length; i++) if (info.single[i] && verdicts![i] === true && ids.indexOf(info.single[i]!) < 0) ids.push(info.single[i]!);
      matching = ids;
    } else matching = info.audienceIds.length ? audiences.matching(info.audienceIds, options) : NO_IDS;
    if (waiting || !Array.isArray(matching)) {
      if (!verdicts) {
        verdicts = [];
        for (let i = 0; i < experiments.length; i++) verdicts.push(!!(mask & (1 << i)));
      }
      return later(layer, info, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, verdicts, matching);
    }
    const eligible = cached ? cached.eligible : qualifiedOf(experiments, verdicts!);
    return choose(layer, info, pageId, ticket, bucketingId, visitor!, stored, isLayerHoldback, forced, collect, eligible, matching as readonly string[]);
  };
};
