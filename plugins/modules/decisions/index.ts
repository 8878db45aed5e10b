/**
 * The `decisions` apiModule plugin (runtime-spec §4 Campaign decision, DEC, CMAB; rulings 1-5): the
 * global holdback, layer decisions through the decider plugins (by layer policy), force parameters,
 * sticky bucketing, the contextual bandit, layer states, layerDecided, the actions of decided variations,
 * the redirect relay cookie and the `bucketVisitor` push call. It also registers the public `state`
 * module. See ./README.md.
 */
import { definePlugin, MODULES, type DeciderKind, type DecisionsModule, type PluginContext, type PluginOf, type StorageKind } from '../../../core';
import { STORAGE_KEYS } from '../../../core/kinds/visitor';
import type { LayerState } from '../../../core/project/types';
import { BUCKET_VISITOR_PARAMS, createBucketVisitor } from './bucket-visitor';
import { createCmab, withCmabPart, type CmabOptions } from './cmab';
import { createDecideLayer, type Decided, type DecisionModules } from './decide';
import { createGlobalHoldback } from './holdback';
import { createLayerIndex, createPageIndex } from './layer-info';
import { MSG_NAMESPACE_NOT_SET, msgNotFound } from './messages';
import { buildPayload } from './payload';
import { createRelay } from './relay';
import { createState } from './state';
import { isThenable } from '../../_shared/checks';
import { policyRule } from './validate';
import { settle, settleAll } from '../../../core/sequence';

/** Options of the decisions plugin. */
export type DecisionsOptions = CmabOptions;

/** Creates the decisions module of one kernel (called from the plugin's setup). */
export const createDecisions = (ctx: PluginContext, options: DecisionsOptions = {}): DecisionsModule & { reset(): void } => {
  const decided = new Map<string, Decided>();
  const layerById = createLayerIndex();
  const layersOn = createPageIndex();
  const holdback = createGlobalHoldback(ctx);
  const relay = createRelay(ctx);
  // Decision event ids only need to differ between page loads (the tracker gives a tracked decision its
  // own uuid): eight random base-36 characters, as for activation ids, with no uuid made at start-up.
  const idPrefix = Math.random().toString(36).slice(2, 10);
  // Event ids are `${idPrefix}-${n}`: the prefix with its dash is joined once, so an id is one concatenation.
  const eventPrefix = idPrefix + '-';
  let eventCount = 0;
  let activations = 0;
  let namespaceWarned = false;
  let modules: DecisionModules | undefined;
  // Per activation (reset with the modules): deciders by policy and the local storage plugin.
  const deciders = new Map<string, DeciderKind>();
  // The last policy asked and its decider: most projects use one policy, so a string compare beats the map.
  let lastPolicy: string | undefined;
  let lastDecider: DeciderKind | undefined;
  let local: StorageKind | null | undefined;
  const modulesNow = (): DecisionModules => {
    if (modules) return modules;
    deciders.clear();
    lastPolicy = lastDecider = undefined;
    local = undefined;
    return (modules = {
      visitor: ctx.get(MODULES.visitor),
      controls: ctx.get(MODULES.controls),
      audiences: ctx.get(MODULES.audiences),
      changes: ctx.get(MODULES.changes),
      pages: ctx.get(MODULES.pages),
    });
  };
  const deciderOf = (policy: string): DeciderKind | undefined => {
    modulesNow();
    if (policy === lastPolicy) return lastDecider;
    let found = deciders.get(policy);
    if (!found && (found = ctx.plugin('decider', policy))) deciders.set(policy, found);
    // Misses are not remembered: a decider registered later is found.
    if (found) {
      lastPolicy = policy;
      lastDecider = found;
    }
    return found;
  };

  // Without a pages module the activation id is made once per activation, not once per decision.
  let ownId = '';
  let ownIdOf = -1;
  const activationId = () => {
    const pages = modulesNow().pages;
    const current = pages?.activation()?.id;
    if (current) return current;
    if (ctx.data.activationId) return ctx.data.activationId;
    if (ownIdOf !== activations) ownId = `${idPrefix}-a${(ownIdOf = activations)}`;
    return ownId;
  };
  // Layer states persist by layer id under the project namespace (DEC-5, DEC-35). Within decidePage the
  // states are collected and written once at its end (one read and one write of the stored record).
  let unsaved: LayerState[] | undefined;
  let pageNow: number | undefined;
  const forgetNow = () => void (pageNow = undefined);
  /** The local storage plugin, looked up once per activation; null without one. */
  const localStore = () => (local === undefined ? (local = ctx.plugin('storage', 'local') || null) : local);
  const save = (states: readonly LayerState[]) => {
    const store = localStore();
    if (!store) return;
    let all: Record<string, LayerState> | undefined;
    for (let i = 0; i < states.length; i++) {
      const state = states[i];
      if (!state.namespace) {
        if (!namespaceWarned) ctx.log.warn(MSG_NAMESPACE_NOT_SET);
        namespaceWarned = true;
        continue;
      }
      if (!all) {
        const stored = store.read(STORAGE_KEYS.layerStates);
        all = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, LayerState>) : {};
      }
      all[state.layerId] = state;
    }
    if (all) store.write(STORAGE_KEYS.layerStates, all);
  };
  const decideLayer = createDecideLayer({
    ctx,
    holdback,
    cmab: createCmab(ctx, options),
    activationId,
    keep: (entry) => {
      decided.set(entry.layerState.layerId, entry);
      // Without a local storage plugin there is nothing to persist: no batch to collect.
      if (!localStore()) return;
      if (unsaved) unsaved.push(entry.layerState);
      else save([entry.layerState]);
    },
    nextEventId: () => eventPrefix + ++eventCount,
    // One clock read serves every decision of the same synchronous run (a decidePage, or a page's
    // decideLayer calls in a row): it is forgotten at the next microtask.
    now: () => (pageNow ??= (queueMicrotask(forgetNow), ctx.clock.now())),
    modules: modulesNow,
    decider: deciderOf,
  });
  /** The analytics payload of a decided layer (with the document's referrer), or null. */
  const payloadOf = (layerId: string) => {
    const entry = decided.get(layerId);
    return entry ? buildPayload(ctx, entry) : null;
  };

  const module: DecisionsModule & { reset(): void } = {
    trackRedirectDecision: relay.track,
    decideGlobalHoldback: holdback.decide,
    isGlobalHoldback: () => holdback.get(activationId()),
    decideLayer: (layerId, pageId) => {
      const found = layerById(ctx.data, layerId);
      if (!found) return void ctx.log.error(msgNotFound('layer', layerId));
      try {
        return decideLayer(found.layer, pageId, undefined, found.info);
      } catch (error) {
        ctx.report('PluginError', error, { layerId });
      }
    },
    decidePage: (pageId) => {
      modules = undefined;
      let work: Promise<unknown>[] | undefined;
      const states: Array<LayerState | Promise<LayerState> | undefined> = [];
      const collect = (applied: Promise<unknown>) => void (work ??= []).push(applied);
      // A decidePage inside another (from a listener) adds to the outer batch; the outermost writes it
      // and reads the clock once for all the layers it decides synchronously.
      const outermost = !unsaved;
      if (outermost) {
        unsaved = [];
        pageNow = undefined;
      }
      let pending = false;
      try {
        const layers = layersOn(ctx.data, pageId);
        for (let i = 0; i < layers.length; i++) {
          const { layer, info } = layers[i];
          // What ctx.attempt does, without a closure per layer.
          let state: LayerState | Promise<LayerState> | undefined;
          try {
            state = decideLayer(layer, pageId, collect, info);
          } catch (error) {
            ctx.report('PluginError', error, { layerId: layer.id });
          }
          if (isThenable(state)) pending = true;
          states.push(state);
        }
      } finally {
        const batch = unsaved!;
        if (outermost) unsaved = pageNow = undefined;
        if (outermost && batch.length) ctx.attempt('PluginError', () => save(batch));
      }
      // Nothing to wait for (the usual case): one settled promise, nothing deferred.
      // (A fresh array even when nothing is missing: handing out the one grown by push measured slower, the
      // long-lived results of its allocation site get it pretenured.)
      if (!pending && !work) return Promise.resolve(states.filter((state): state is LayerState => !!state));
      // Awaited, never the page's `then` (core/sequence.ts).
      const done = (async () => {
        try {
          const all = await settleAll(states.map((state) => settle(state, (decided) => decided, (error) => void ctx.report('PluginError', error))));
          await settleAll(work || []);
          return all.filter((state): state is LayerState => !!state);
        } catch {
          return [] as LayerState[];
        }
      })();
      ctx.defer(done);
      return done;
    },
    relayRedirect: (layerId) => relay.write(payloadOf(layerId)),
    redirectInfo: relay.info,
    analyticsPayload: payloadOf,
    layerStates: () => {
      const out: Record<string, LayerState> = {};
      decided.forEach((entry, id) => (out[id] = entry.layerState));
      return out;
    },
    reset: () => {
      modules = undefined;
      activations++;
      holdback.reset();
    },
  };

  ctx.registerModule(MODULES.state, createState(ctx, decided, payloadOf, relay.info));
  ctx.defineCall('bucketVisitor', createBucketVisitor(ctx), BUCKET_VISITOR_PARAMS);
  // DEC-13: every activation decides the global holdback afresh.
  ctx.hook('preActivate', module.reset);
  return module;
};

/** The decisions plugin; options: `predictionHost` (default the page's origin), `predictionTimeout` (ms, default 1000). */
export default function decisions(options: DecisionsOptions = {}): PluginOf<'apiModule'> {
  let module: DecisionsModule | undefined;
  let context: PluginContext | undefined;
  return withCmabPart(
    definePlugin({
      type: 'apiModule',
      name: MODULES.decisions,
      setup(ctx) {
        module = createDecisions((context = ctx), options);
      },
      validate: policyRule,
      create: () => module,
    }),
    () => context,
  );
}
