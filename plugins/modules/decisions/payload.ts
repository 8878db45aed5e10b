/** The analytics decision payload of a decided layer (runtime-spec §3, DEC-41). */
import { MODULES, type AnalyticsDecisionPayload, type PluginContext, type VisitorModule } from '../../../core';
import type { Decided } from './decide';
import { findLayer, findVariation, layerExperiment } from './util';

/** The referrer of the current document, or null. */
export const referrerOf = (ctx: PluginContext): string | null => {
  try {
    return ctx.win?.document.referrer || null;
  } catch {
    return null;
  }
};

/** Builds the payload of a decided layer; `referrer` defaults to the document's. */
export const buildPayload = (ctx: PluginContext, decided: Decided, referrer = referrerOf(ctx)): AnalyticsDecisionPayload => {
  const data = ctx.data;
  const state = decided.layerState;
  const { decision, decisionTicket } = state;
  const layer = findLayer(data, state.layerId);
  const experiment = layer && layerExperiment(layer, decision.experimentId);
  const variation = findVariation(experiment, decision.variationId);
  const visitor = ctx.get<VisitorModule>(MODULES.visitor);
  const settings = layer && (layer.integrationSettings || experiment?.integrationSettings) ? { ...layer.integrationSettings, ...experiment?.integrationSettings } : null;
  return {
    sessionId: visitor ? visitor.session().sessionId : null,
    decisionTicketAudienceIds: decisionTicket.audienceIds.slice(),
    visitorId: visitor?.id() || decisionTicket.bucketingId,
    decisionId: state.decisionEventId ?? null,
    activationId: decisionTicket.activationId ?? null,
    namespace: state.namespace ?? null,
    timestamp: state.decisionTimestamp,
    pageId: state.pageId ?? null,
    variationId: decision.variationId,
    variationName: variation?.name ?? null,
    experimentId: decision.experimentId,
    experimentName: experiment?.name ?? null,
    layerId: state.layerId,
    layerName: layer?.name ?? null,
    layerPolicy: layer?.policy || '',
    accountId: data.accountId,
    projectId: data.projectId,
    revision: state.revision,
    clientName: data.clientName,
    clientVersion: data.clientVersion,
    referrer,
    integrationStringVersion: layer?.integrationStringVersion ?? null,
    integrationSettings: settings,
    isLayerHoldback: decision.isLayerHoldback,
  };
};
