/**
 * The public `state` module (runtime-spec §7 state getters, DEC-36..40): campaign (layer) states,
 * experiment states, page states (from the pages module), the variation map, active experiment ids,
 * redirect info, the decision string and object, and the analytics decision payload.
 *
 * A campaign is active when it was decided in this page load for a page that is still active (every
 * decided campaign when there is no pages module). An experiment is active when its campaign is and
 * the visitor is in its cohort (DEC-18, DEC-19); getActiveExperimentIds lists those outside the holdback.
 */
import { MODULES, type AnalyticsDecisionPayload, type PagesModule, type PluginContext, type StateModule, type VisitorModule } from '../../../core';
import type { Layer } from '../../../core/project/types';
import { decisionLabels, type StringOptions } from './analytics';
import type { Decided } from './decide';
import { findDecided, findVariation, layerExperiment } from './util';

const named = (entity: { id: string; name?: string } | undefined) => (entity ? { id: entity.id, name: entity.name ?? null } : null);
const filtered = <T extends { isActive: boolean }>(all: Record<string, T>, options?: { isActive?: boolean }) => {
  if (!options || typeof options.isActive !== 'boolean') return all;
  const out: Record<string, T> = {};
  for (const id of Object.keys(all)) if (all[id].isActive === options.isActive) out[id] = all[id];
  return out;
};

/**
 * Creates the state module of one kernel over what the decisions plugin keeps: the layers `decided` in
 * this page load (by layer id), the analytics payload of a decided layer (`payloadOf`, null when not
 * decided) and the decision relayed by the page that redirected here (`relayed`, null when none).
 */
export const createState = (
  ctx: PluginContext,
  decided: ReadonlyMap<string, Decided>,
  payloadOf: (layerId: string) => AnalyticsDecisionPayload | null,
  relayed: () => AnalyticsDecisionPayload | null,
): StateModule => {
  const campaign = (layer: Layer) => {
    const entry = decided.get(layer.id);
    const decision = entry?.layerState.decision;
    const experiment = decision && layerExperiment(layer, decision.experimentId);
    const experimentNamed = named(experiment);
    const pages = ctx.get<PagesModule>(MODULES.pages);
    return {
      id: layer.id,
      campaignName: layer.name ?? null,
      isActive: !!entry && (!pages || !entry.layerState.pageId || pages.activePageIds().includes(entry.layerState.pageId)),
      // Both flags are booleans of every decided layer.
      isInCampaignHoldback: !!decision?.isLayerHoldback,
      inCohort: !!entry?.inCohort,
      experiment: experimentNamed && { ...experimentNamed, campaignName: experiment!.campaignName ?? layer.name ?? null },
      allExperiments: (layer.experiments || []).map(named),
      variation: named(findVariation(experiment, decision?.variationId)),
      reason: decision?.reason ?? null,
      error: decision?.error ?? null,
      visitorRedirected: relayed()?.layerId === layer.id,
      audiences: entry
        ? entry.layerState.decisionTicket.audienceIds.map((id) => ({ id, name: ctx.data.audiences.find((audience) => audience.id === id)?.name ?? null }))
        : [],
    };
  };
  const experiments = () => {
    const out: Record<string, Record<string, unknown> & { isActive: boolean }> = {};
    for (const layer of ctx.data.layers || []) {
      const state = campaign(layer);
      for (const experiment of layer.experiments || []) {
        const mine = state.experiment?.id === experiment.id;
        out[experiment.id] = {
          id: experiment.id,
          experimentName: experiment.name ?? null,
          campaignId: layer.id,
          isActive: mine && state.isActive && state.inCohort,
          isInExperimentHoldback: mine && state.isInCampaignHoldback,
          variation: mine ? state.variation : null,
          reason: mine ? state.reason : null,
          visitorRedirected: mine && state.visitorRedirected,
          audiences: mine ? state.audiences : [],
        };
      }
    }
    return out;
  };
  /** The decision's labels and suffix, undefined when the campaign is not decided or its ids do not fit. */
  const labels = (options: { campaignId: string } & StringOptions) => {
    const entry = options && decided.get(options.campaignId);
    if (!entry) return;
    const { decision } = entry.layerState;
    const [layer, experiment, variation] = findDecided(ctx.data, options.campaignId, decision.experimentId, decision.variationId);
    return (
      layer &&
      decisionLabels(
        [
          [layer.name ?? '', layer.id],
          [experiment?.name ?? '', decision.experimentId ?? ''],
          [variation?.name ?? '', decision.variationId ?? ''],
        ],
        decision.isLayerHoldback,
        layer.integrationStringVersion !== 2,
        options,
        ctx.log,
      )
    );
  };

  return {
    getCampaignStates: (options) => {
      const out: Record<string, ReturnType<typeof campaign>> = {};
      for (const layer of ctx.data.layers || []) out[layer.id] = campaign(layer);
      return filtered(out, options);
    },
    getExperimentStates: (options) => filtered(experiments(), options),
    getPageStates: (options) => {
      const states = ctx.get<PagesModule>(MODULES.pages)?.states() || {};
      const out: Record<string, { isActive: boolean }> = {};
      for (const id of Object.keys(states)) out[id] = { ...states[id], isActive: states[id].status === 'active' };
      return filtered(out, options);
    },
    getVariationMap: () => {
      const out: Record<string, { id: string; name: string | null; index: number }> = {};
      const stored = ctx.get<VisitorModule>(MODULES.visitor)?.variationMap() || {};
      const add = (layerId: string, experimentId: string | null, variationId: string | null) => {
        const [, experiment, variation] = findDecided(ctx.data, layerId, experimentId, variationId);
        // A variation is only found in its experiment.
        if (variation) out[experiment!.id] = { ...named(variation)!, index: experiment!.variations.indexOf(variation) };
      };
      for (const layerId of Object.keys(stored)) for (const experimentId of Object.keys(stored[layerId])) add(layerId, experimentId, stored[layerId][experimentId]);
      for (const layer of ctx.data.layers || []) {
        const entry = decided.get(layer.id);
        if (entry?.inCohort) add(layer.id, entry.layerState.decision.experimentId, entry.layerState.decision.variationId);
      }
      return out;
    },
    getActiveExperimentIds: () => {
      const all = experiments();
      return Object.keys(all).filter((id) => all[id].isActive && !all[id].isInExperimentHoldback);
    },
    getRedirectInfo: () => {
      const info = relayed();
      return info && { layerId: info.layerId, experimentId: info.experimentId, variationId: info.variationId, referrer: info.referrer };
    },
    getDecisionString: (options) => labels(options)?.join(':') ?? null,
    getDecisionObject: (options) => {
      const found = labels(options);
      return found ? { campaign: found[0], experiment: found[1], variation: found[2], holdback: found[3] === 'holdback' } : null;
    },
    getDecisionPayload: (options) => (options ? payloadOf(options.campaignId) : null),
  };
};
