/**
 * The public `state` module (runtime-spec §7 state getters, DEC-36..40): campaign (layer) states,
 * experiment states, page states (from the pages module), the variation map, active experiment ids,
 * redirect info, the decision string and object, and the analytics decision payload.
 *
 * A campaign is active when it was decided in this page load for a page that is still active (every
 * decided campaign when there is no pages module). An experiment is active when its campaign is and
 * the visitor is in its cohort (DEC-18, DEC-19); getActiveExperimentIds lists those outside the holdback.
 */
import { MODULES, type PagesModule, type PluginContext, type StateModule, type VisitorModule } from '../../../core';
import type { Layer } from '../../../core/project/types';
import { decisionLabels, type StringOptions } from './analytics';
import type { Decided } from './decide';
import { findLayer, findVariation, layerExperiment } from './util';

/** What the state module reads from the decisions plugin. */
export interface StateSource {
  decided(layerId: string): Decided | undefined;
  payload: StateModule['getDecisionPayload'];
  redirect(): { layerId: string; experimentId: string | null; variationId: string | null; referrer: string | null } | null;
}

const named = (entity: { id: string; name?: string } | undefined) => (entity ? { id: entity.id, name: entity.name ?? null } : null);
const filtered = <T extends { isActive: boolean }>(all: Record<string, T>, options?: { isActive?: boolean }) => {
  if (!options || typeof options.isActive !== 'boolean') return all;
  const out: Record<string, T> = {};
  for (const id of Object.keys(all)) if (all[id].isActive === options.isActive) out[id] = all[id];
  return out;
};

/** Creates the state module of one kernel. */
export const createState = (ctx: PluginContext, source: StateSource): StateModule => {
  const pageActive = (pageId: string | undefined) => {
    const pages = ctx.get<PagesModule>(MODULES.pages);
    return !pages || !pageId || pages.activePageIds().indexOf(pageId) >= 0;
  };
  const audiencesOf = (ids: string[]) =>
    ids.map((id) => ({ id, name: ctx.data.audiences.find((audience) => audience.id === id)?.name ?? null }));
  const campaign = (layer: Layer) => {
    const decided = source.decided(layer.id);
    const decision = decided?.layerState.decision;
    const experiment = decision ? layerExperiment(layer, decision.experimentId) : undefined;
    const redirect = source.redirect();
    return {
      id: layer.id,
      campaignName: layer.name ?? null,
      isActive: !!decided && pageActive(decided.layerState.pageId),
      isInCampaignHoldback: !!decision && decision.isLayerHoldback,
      inCohort: !!decided && decided.inCohort,
      experiment: experiment ? { id: experiment.id, name: experiment.name ?? null, campaignName: experiment.campaignName ?? layer.name ?? null } : null,
      allExperiments: (layer.experiments || []).map(named),
      variation: named(findVariation(experiment, decision?.variationId)),
      reason: decision?.reason ?? null,
      error: decision?.error ?? null,
      visitorRedirected: redirect?.layerId === layer.id,
      audiences: decided ? audiencesOf(decided.layerState.decisionTicket.audienceIds) : [],
    };
  };
  const campaigns = () => {
    const out: Record<string, ReturnType<typeof campaign>> = {};
    for (const layer of ctx.data.layers || []) out[layer.id] = campaign(layer);
    return out;
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
  const labels = (options: { campaignId: string } & StringOptions) => {
    const decided = options && source.decided(options.campaignId);
    const layer = decided && findLayer(ctx.data, options.campaignId);
    if (!decided || !layer) return;
    const { decision } = decided.layerState;
    const experiment = layerExperiment(layer, decision.experimentId);
    const variation = findVariation(experiment, decision.variationId);
    const parts = [
      { name: layer.name ?? '', id: layer.id },
      { name: experiment?.name ?? '', id: decision.experimentId ?? '' },
      { name: variation?.name ?? '', id: decision.variationId ?? '' },
    ];
    return decisionLabels(decision, parts, layer.integrationStringVersion === 2 ? 2 : 1, options, ctx.log);
  };

  return {
    getCampaignStates: (options) => filtered(campaigns(), options),
    getExperimentStates: (options) => filtered(experiments(), options),
    getPageStates: (options) => {
      const pages = ctx.get<PagesModule>(MODULES.pages);
      const out: Record<string, { isActive: boolean }> = {};
      const states = pages ? pages.states() : {};
      for (const id of Object.keys(states)) out[id] = { ...states[id], isActive: states[id].status === 'active' };
      return filtered(out, options);
    },
    getVariationMap: () => {
      const out: Record<string, { id: string; name: string | null; index: number }> = {};
      const stored = ctx.get<VisitorModule>(MODULES.visitor)?.variationMap() || {};
      const add = (layerId: string, experimentId: string | null, variationId: string | null) => {
        const layer = findLayer(ctx.data, layerId);
        const experiment = layer && layerExperiment(layer, experimentId);
        const variation = findVariation(experiment, variationId);
        if (experiment && variation) out[experiment.id] = { id: variation.id, name: variation.name ?? null, index: experiment.variations.indexOf(variation) };
      };
      for (const layerId of Object.keys(stored)) for (const experimentId of Object.keys(stored[layerId])) add(layerId, experimentId, stored[layerId][experimentId]);
      for (const layer of ctx.data.layers || []) {
        const decided = source.decided(layer.id);
        if (decided?.inCohort) add(layer.id, decided.layerState.decision.experimentId, decided.layerState.decision.variationId);
      }
      return out;
    },
    getActiveExperimentIds: () => {
      const all = experiments();
      return Object.keys(all).filter((id) => all[id].isActive && !all[id].isInExperimentHoldback);
    },
    getRedirectInfo: () => source.redirect(),
    getDecisionString: (options) => {
      const found = labels(options);
      return found ? [...found.labels, found.suffix].join(':') : null;
    },
    getDecisionObject: (options) => {
      const found = labels(options);
      if (!found) return null;
      const [campaignLabel, experiment, variation] = found.labels;
      return { campaign: campaignLabel, experiment, variation, holdback: found.suffix === 'holdback' };
    },
    getDecisionPayload: (options) => source.payload(options),
  };
};
