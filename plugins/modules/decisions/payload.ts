/** The analytics decision payload of a decided layer (runtime-spec §3, DEC-41). */
import { MODULES, type AnalyticsDecisionPayload, type PluginContext, type VisitorModule } from '../../../core';
import type { Decided } from './decide';
import { findDecided } from './util';

/** Builds the payload of a decided layer, with the current document's referrer. */
export const buildPayload = (ctx: PluginContext, decided: Decided): AnalyticsDecisionPayload => {
  const data = ctx.data;
  const state = decided.layerState;
  const { decision, decisionTicket } = state;
  const [layer, experiment, variation] = findDecided(data, state.layerId, decision.experimentId, decision.variationId);
  const visitor = ctx.get<VisitorModule>(MODULES.visitor);
  let referrer: string | null = null;
  try {
    referrer = ctx.win?.document.referrer || null;
  } catch {
    // A document the page made unreadable: no referrer.
  }
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
    integrationSettings:
      layer && (layer.integrationSettings || experiment?.integrationSettings) ? { ...layer.integrationSettings, ...experiment?.integrationSettings } : null,
    isLayerHoldback: decision.isLayerHoldback,
  };
};
