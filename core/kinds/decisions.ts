/**
 * Decisions: the decider plugin kind and the `decisions` and `state` modules (runtime-spec §3 Layer
 * decision, Decision ticket, Layer state, Analytics decision payload; §4 Campaign decision; §7 state
 * getters; DEC, CMAB, rulings 1-5).
 */
import type { DecisionTicket, Experiment, Layer, LayerDecision, LayerState } from '../project/types';

/** What a decider is asked (after holdbacks and audiences): the layer and its audience-eligible experiments. */
export interface DecisionRequest {
  layer: Layer;
  /** Experiments of the layer the visitor qualifies for, in layer order. */
  eligible: readonly Experiment[];
  bucketingId: string;
}

/** A decider's answer; `error` carries the catalogue's decision error (ERR-28..35) when nothing was chosen. */
export interface DecisionResult {
  experimentId: string | null;
  variationId: string | null;
  reason?: string;
  error?: string;
  /** Warnings about ignored configuration (ERR-57: invalid weights); the decisions module logs them. */
  warnings?: string[];
}

/** Chooses experiment and variation for a layer, registered under the layer policy it serves (DEC-24..28). */
export interface DeciderKind {
  /** Called for each layer decision after holdbacks and audiences; synchronous, never throws. */
  decide(request: DecisionRequest): DecisionResult;
  /**
   * The bucket (0..9999) of `bucketingId + entityId` (rulings 1, 3). The hash lives with the deciders; the
   * decisions module draws the global and layer holdbacks through it, so that no other plugin needs a copy.
   */
  bucket?(bucketingId: string, entityId: string): number;
}

/** Data of the `layerDecided` (and `campaignDecided`) lifecycle events (DEC-49). */
export interface LayerDecidedData {
  layerState: LayerState;
  decision: LayerDecision;
  decisionTicket: DecisionTicket;
  /**
   * True when the decided variation redirects on this page: its decision reaches the tracker through
   * the relay cookie on the next page (DEC-46..48), so the tracker does not track it here.
   */
  pendingRedirect: boolean;
  /** Cohort membership (DEC-18, DEC-19): experiment and variation, and not a layer holdback under single_experiment/multivariate. */
  inCohort: boolean;
}

/** The decision fields a redirect relays and analytics integrations receive (DEC-41). */
export interface AnalyticsDecisionPayload {
  sessionId: string | number | null;
  decisionTicketAudienceIds: string[];
  visitorId: string;
  decisionId: string | null;
  activationId: string | null;
  namespace: string | null;
  timestamp: number;
  pageId: string | null;
  variationId: string | null;
  variationName: string | null;
  experimentId: string | null;
  experimentName: string | null;
  layerId: string;
  layerName: string | null;
  layerPolicy: string;
  accountId: string;
  projectId: string;
  revision: string | number;
  clientName: string;
  clientVersion: string;
  referrer: string | null;
  integrationStringVersion: 1 | 2 | null;
  integrationSettings: Record<string, unknown> | null;
  /** Whether the visitor is in the layer holdback. */
  isLayerHoldback: boolean;
}

/** The `decisions` module (`get('decisions')`), created by the decisions plugin. */
export interface DecisionsModule {
  /** Activation step 4: reads the redirect relay cookie and emits its decision for tracking, once (DEC-46, DEC-48). */
  trackRedirectDecision(): void;
  /** Activation step 7: decides the global holdback for this activation (DEC-11..13). */
  decideGlobalHoldback(activationId: string): void;
  /** Whether the visitor is in the global holdback of the current activation. */
  isGlobalHoldback(): boolean;
  /**
   * Decides every layer that runs on the page, emits layerDecided for each, and applies the decided
   * variations' actions for that page through the `changes` module (DEC-20..23). Resolves when done;
   * never rejects (failures are in each decision's `error` and in error events).
   */
  decidePage(pageId: string): Promise<LayerState[]>;
  /**
   * Decides one layer for a page (a decision ticket, the decision, the layer state, layerDecided, the
   * actions). Returns the layer state synchronously when nothing had to wait (the fast path: audiences
   * known, no bandit call), a promise otherwise; undefined for an unknown layer (`Could not find layer`).
   */
  decideLayer(layerId: string, pageId?: string): LayerState | Promise<LayerState> | undefined;
  /**
   * Writes the redirect relay cookie for a layer decided on this page (called by the redirect applier
   * before it navigates); false when it could not be written, or when an earlier layer already announced
   * the redirect (DEC-47: the first announced layer is kept).
   */
  relayRedirect(layerId: string): boolean;
  /** The relayed decision tracked at activation step 4 of this page, or null (state `getRedirectInfo`). */
  redirectInfo(): AnalyticsDecisionPayload | null;
  /** The analytics decision payload of a decided layer (DEC-41), or null when it was not decided. */
  analyticsPayload(layerId: string): AnalyticsDecisionPayload | null;
  /** Layer states decided so far, by layer id. */
  layerStates(): Readonly<Record<string, LayerState>>;
}

/**
 * The public `state` module (`get('state')`): campaign states, experiment states, page states (from
 * the pages module), variation map, active experiment ids, redirect info, decision string and decision
 * object (DEC-36..40).
 */
export interface StateModule {
  getCampaignStates(options?: { isActive?: boolean }): Record<string, unknown>;
  getExperimentStates(options?: { isActive?: boolean }): Record<string, unknown>;
  getPageStates(options?: { isActive?: boolean }): Record<string, unknown>;
  getVariationMap(): Record<string, unknown>;
  getActiveExperimentIds(): string[];
  getRedirectInfo(): unknown;
  getDecisionString(options: { campaignId: string; shouldCleanString?: boolean; maxLength?: number }): string | null;
  getDecisionObject(options: { campaignId: string; shouldCleanString?: boolean; maxLength?: number }): Record<string, unknown> | null;
  /** The analytics decision payload of a decided campaign (DEC-41), or null. */
  getDecisionPayload(options: { campaignId: string }): AnalyticsDecisionPayload | null;
}
