/**
 * The open batch and its serialisation (runtime-spec §3 Tracker batch, §4 Tracker, §7 short keys;
 * TRK-14, TRK-26..34, rulings 10 and 12).
 */
import { CLIENT_NAME, CLIENT_VERSION } from '../../../core';
import { BATCH_SHORT_KEYS } from '../../../core/kinds/tracking';
import type { BatchAttribute, BatchDecision, BatchEvent, BatchSnapshot, TrackerBatch } from '../../../core/kinds/tracking';
import type { LayerDecision, ProjectData } from '../../../core/project/types';
import { keptJson } from '../../_shared/json';

/**
 * The batch being filled on this page: its id (the pending event id) and its snapshots, whose
 * decisions and events are kept in their final form (short keys when `short`), so each is written to
 * JSON once, at the first save that meets it, and every later save joins the texts (see {@link sealRecord}).
 */
export interface OpenBatch {
  id: string;
  snapshots: BatchSnapshot[];
  /** Events in the batch, for the conditional send. */
  count: number;
  /** Ruling 12's short keys. */
  short: boolean;
  /** The `count` it had when last saved, undefined before its first save: changed since when they differ (TRK-6). */
  saved?: number;
}

/** A new, empty open batch. */
export const openBatch = (id: string, short: boolean): OpenBatch => ({ id, snapshots: [], count: 0, short });

/** What a decision in a batch is made of: a layer's decision, or one relayed from the page before a redirect. */
export type DecisionSource = Pick<LayerDecision, 'layerId' | 'experimentId' | 'variationId' | 'isLayerHoldback'>;

/** A decision's event (TRK-31): its layer's, at `timestamp`, with the uuid `id`. */
export const decisionEvent = (decision: DecisionSource, timestamp: number, id: string): BatchEvent => ({
  entity_id: decision.layerId,
  timestamp,
  uuid: id,
  type: 'campaign_activated',
});

/** A decision as a batch has it (TRK-33), with its reason as metadata when it has one (undefined is not written). */
export const decisionRecord = (decision: DecisionSource, reason?: string | null): BatchDecision => ({
  campaign_id: decision.layerId,
  experiment_id: decision.experimentId,
  is_campaign_holdback: !!decision.isLayerHoldback,
  variation_id: decision.variationId,
  metadata: reason ? { reason } : undefined,
});

/**
 * Adds an event, with its decision when it is a decision event, and returns the event's record. An
 * event goes in the last snapshot (a first one when there is none); a decision opens a new snapshot when
 * the last one already has decisions (TRK-14), so each snapshot's events happened under its own decisions.
 */
export const addRecord = (batch: OpenBatch, event: BatchEvent, decision?: BatchDecision): BatchEvent => {
  const snapshots = batch.snapshots;
  let last = snapshots[snapshots.length - 1];
  // Decisions and their decision events are added together, and a snapshot's records may already use short keys.
  if (!last || (decision && last.decisions.length)) snapshots.push((last = { decisions: [], events: [] }));
  if (decision) last.decisions.push(final(batch, decision, SHORT.decision));
  last.events.push((event = final(batch, event, SHORT.event)));
  batch.count++;
  return event;
};

// Long name to short key, per record kind (the inverse of ruling 12's table).
const inverse = (table: Record<string, string>) => Object.fromEntries(Object.entries(table).map(([s, l]) => [l, s]));
const SHORT = {
  attribute: inverse(BATCH_SHORT_KEYS.attribute),
  decision: inverse(BATCH_SHORT_KEYS.decision),
  event: inverse(BATCH_SHORT_KEYS.event),
};
// A record as it goes in the batch: its own object (never changed afterwards), short keys when asked.
// A plain loop: no entry arrays per record (a flush shortens every event of the batch).
const final = <T extends object>(batch: OpenBatch, record: T, table: Record<string, string>): T => {
  if (!batch.short) return { ...record };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[table[key] ?? key] = (record as Record<string, unknown>)[key];
  return out as T;
};

/**
 * Writes a decision or an event to JSON once and keeps the text with it (a record met again gives its
 * kept text back at once), so writing the batch joins kept texts instead of walking every record again at
 * every save, flush and beacon. Done at a save (the poll, a flush, page hide) for decisions and page views,
 * which are tracked during the page's start, which should not pay for it; a goal event is sealed when the
 * page pushes it. Returns the record.
 */
export const sealRecord = <T extends object>(record: T): T => {
  keptJson(record);
  return record;
};

/**
 * The batch as sent (TRK-26..29): the project's header, one visitor with session_id 'AUTO' (ruling 10)
 * and the open batch's snapshots (already in their final form); with `short`, attributes use ruling 12's
 * short keys too. The snapshots' records are sealed (their JSON kept).
 */
export const toBatch = (data: ProjectData, visitorId: string, attributes: BatchAttribute[], batch: OpenBatch): TrackerBatch => ({
  account_id: data.accountId,
  anonymize_ip: !!data.anonymizeIP,
  client_name: data.clientName || CLIENT_NAME,
  client_version: data.clientVersion || CLIENT_VERSION,
  project_id: data.projectId,
  revision: String(data.revision),
  enrich_decisions: true,
  visitors: [
    {
      visitor_id: visitorId,
      session_id: 'AUTO',
      attributes: attributes.map((attribute) => final(batch, attribute, SHORT.attribute)),
      // Sealed copies of the snapshot lists: the batch sent or stored never changes once made.
      snapshots: batch.snapshots.map(({ decisions, events }) => ({ decisions: decisions.map(sealRecord), events: events.map(sealRecord) })),
    },
  ],
});
