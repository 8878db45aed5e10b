/**
 * The `decisions` apiModule plugin (runtime-spec §4 Campaign decision, DEC, CMAB; rulings 1-5): the
 * global holdback, layer decisions through the decider plugins (by layer policy), force parameters,
 * sticky bucketing, the contextual bandit, layer states, layerDecided, the actions of decided variations,
 * the redirect relay cookie and the `bucketVisitor` push call. It also registers the public `state`
 * module. See ./README.md.
 */
import { definePlugin, MODULES, type DecisionsModule, type PluginContext, type PluginOf } from '../../../core';
import { STORAGE_KEYS } from '../../../core/kinds/visitor';
import type { LayerState } from '../../../core/project/types';
import { BUCKET_VISITOR_PARAMS, createBucketVisitor } from './bucket-visitor';
import { createCmab, type CmabOptions } from './cmab';
import { createDecideLayer, type Decided, type DecisionModules } from './decide';
import { createGlobalHoldback } from './holdback';
import { MSG_NAMESPACE_NOT_SET, msgNotFound } from './messages';
import { buildPayload, referrerOf } from './payload';
import { createRelay } from './relay';
import { createState } from './state';
import { findLayer, layerRunsOn, uuid } from './util';

/** Options of the decisions plugin. */
export type DecisionsOptions = CmabOptions;

/** Creates the decisions module of one kernel (called from the plugin's setup). */
export const createDecisions = (ctx: PluginContext, options: DecisionsOptions = {}): DecisionsModule & { reset(): void } => {
  const decided = new Map<string, Decided>();
  const holdback = createGlobalHoldback(ctx);
  const relay = createRelay(ctx);
  const idPrefix = uuid(ctx.win).slice(0, 8);
  let eventCount = 0;
  let activations = 0;
  let namespaceWarned = false;
  let modules: DecisionModules | undefined;
  const modulesNow = (): DecisionModules =>
    (modules ??= {
      visitor: ctx.get(MODULES.visitor),
      controls: ctx.get(MODULES.controls),
      audiences: ctx.get(MODULES.audiences),
      changes: ctx.get(MODULES.changes),
      pages: ctx.get(MODULES.pages),
    });

  const activationId = () => {
    const pages = modulesNow().pages;
    const current = pages && pages.activation();
    return (current && current.id) || ctx.data.activationId || `${idPrefix}-a${activations}`;
  };
  // Layer states persist by layer id under the project namespace (DEC-5, DEC-35).
  const persist = (state: LayerState) => {
    const local = ctx.plugin('storage', 'local');
    if (!local) return;
    if (!state.namespace) {
      if (!namespaceWarned) ctx.log.warn(MSG_NAMESPACE_NOT_SET);
      namespaceWarned = true;
      return;
    }
    const stored = local.read(STORAGE_KEYS.layerStates);
    const all = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, LayerState>) : {};
    all[state.layerId] = state;
    local.write(STORAGE_KEYS.layerStates, all);
  };
  const decideLayer = createDecideLayer({
    ctx,
    holdback,
    cmab: createCmab(ctx, options),
    activationId,
    keep: (entry) => {
      decided.set(entry.state.layerId, entry);
      persist(entry.state);
    },
    nextEventId: () => `${idPrefix}-${++eventCount}`,
    modules: modulesNow,
  });
  const payloadOf = (layerId: string, referrer?: string | null) => {
    const entry = decided.get(layerId);
    return entry ? buildPayload(ctx, entry, referrer === undefined ? referrerOf(ctx) : referrer) : null;
  };

  const module: DecisionsModule & { reset(): void } = {
    trackRedirectDecision: relay.track,
    decideGlobalHoldback: holdback.decide,
    isGlobalHoldback: () => holdback.get(activationId()),
    decideLayer: (layerId, pageId) => {
      const layer = findLayer(ctx.data, layerId);
      if (!layer) return void ctx.log.error(msgNotFound('layer', layerId));
      try {
        return decideLayer(layer, pageId);
      } catch (error) {
        ctx.report('PluginError', error, { layerId });
      }
    },
    decidePage: (pageId) => {
      modules = undefined;
      const work: Promise<unknown>[] = [];
      const states: Array<LayerState | Promise<LayerState> | undefined> = [];
      for (const layer of ctx.data.layers || []) {
        if (!layerRunsOn(layer, pageId)) continue;
        states.push(ctx.attempt('PluginError', () => decideLayer(layer, pageId, (applied) => work.push(applied)), { layerId: layer.id }));
      }
      const done = Promise.all(states.map((state) => Promise.resolve(state).catch((error) => void ctx.report('PluginError', error))))
        .then((all) => Promise.all(work).then(() => all.filter((state): state is LayerState => !!state)))
        .catch(() => [] as LayerState[]);
      ctx.defer(done);
      return done;
    },
    relayRedirect: (layerId) => relay.write(payloadOf(layerId, referrerOf(ctx))),
    redirectInfo: relay.info,
    analyticsPayload: (layerId) => payloadOf(layerId),
    layerStates: () => {
      const out: Record<string, LayerState> = {};
      decided.forEach((entry, id) => (out[id] = entry.state));
      return out;
    },
    reset: () => {
      modules = undefined;
      activations++;
      holdback.reset();
    },
  };

  ctx.registerModule(
    MODULES.state,
    createState(ctx, {
      decided: (layerId) => decided.get(layerId),
      payload: (options) => (options ? payloadOf(options.campaignId) : null),
      redirect: () => {
        const info = relay.info();
        return info && { layerId: info.layerId, experimentId: info.experimentId, variationId: info.variationId, referrer: info.referrer };
      },
    }),
  );
  ctx.defineCall('bucketVisitor', createBucketVisitor(ctx), BUCKET_VISITOR_PARAMS);
  // DEC-13: every activation decides the global holdback afresh.
  ctx.hook('preActivate', module.reset);
  return module;
};

/** The decisions plugin; options: `predictionHost` (default the page's origin), `predictionTimeout` (ms, default 1000). */
export default function decisions(options: DecisionsOptions = {}): PluginOf<'apiModule'> {
  let module: DecisionsModule | undefined;
  return definePlugin({
    type: 'apiModule',
    name: MODULES.decisions,
    setup(ctx) {
      module = createDecisions(ctx, options);
    },
    create: () => module,
  });
}
