/**
 * The open batch and its serialisation (runtime-spec §3 Tracker batch, §4 Tracker, §7 short keys;
 * TRK-14, TRK-26..34, rulings 10 and 12).
 */
import { CLIENT_NAME, CLIENT_VERSION } from '../../../core';
import { BATCH_SHORT_KEYS } from '../../../core/kinds/tracking';
import type { BatchAttribute, BatchDecision, BatchEvent, BatchSnapshot, TrackerBatch } from '../../../core/kinds/tracking';
import type { ProjectData } from '../../../core/project/types';

/** The batch being filled on this page: its id (the pending event id) and its snapshots. */
export interface OpenBatch {
  id: string;
  snapshots: BatchSnapshot[];
  /** Events in the batch, for the conditional send. */
  count: number;
}

/** The event type of a decision in a snapshot. */
export const DECISION_EVENT = 'campaign_activated';

/** Adds an event to the last snapshot (a first snapshot when there is none). */
export const addEvent = (batch: OpenBatch, event: BatchEvent): void => {
  const last = batch.snapshots[batch.snapshots.length - 1];
  if (last) last.events.push(event);
  else batch.snapshots.push({ decisions: [], events: [event] });
  batch.count++;
};

/**
 * Adds a decision with its decision event; a new snapshot opens when the last one already has
 * decision events (TRK-14), so each snapshot's events happened under its own decisions.
 */
export const addDecision = (batch: OpenBatch, decision: BatchDecision, event: BatchEvent): void => {
  const last = batch.snapshots[batch.snapshots.length - 1];
  if (!last || last.events.some((item) => item.type == DECISION_EVENT)) {
    batch.snapshots.push({ decisions: [decision], events: [event] });
  } else {
    last.decisions.push(decision);
    last.events.push(event);
  }
  batch.count++;
};

// Long name to short key, per record kind (the inverse of ruling 12's table).
const inverse = (table: Record<string, string>) => Object.fromEntries(Object.entries(table).map(([s, l]) => [l, s]));
const SHORT = {
  attribute: inverse(BATCH_SHORT_KEYS.attribute),
  decision: inverse(BATCH_SHORT_KEYS.decision),
  event: inverse(BATCH_SHORT_KEYS.event),
};
// A plain loop: no entry arrays per record (a flush shortens every event of the batch).
const shorten = (record: object, table: Record<string, string>) => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) out[table[key] ?? key] = (record as Record<string, unknown>)[key];
  return out;
};

/** What a batch needs besides its snapshots. */
export interface BatchVisitorInfo {
  visitorId: string;
  attributes: BatchAttribute[];
}

/**
 * The batch as sent (TRK-26..29): the project's header, one visitor with session_id 'AUTO' (ruling 10)
 * and the snapshots; with `short`, attributes, decisions and events use ruling 12's short keys.
 */
export const toBatch = (
  data: ProjectData,
  visitor: BatchVisitorInfo,
  snapshots: BatchSnapshot[],
  short: boolean,
): TrackerBatch => ({
  account_id: data.accountId,
  anonymize_ip: !!data.anonymizeIP,
  client_name: data.clientName || CLIENT_NAME,
  client_version: data.clientVersion || CLIENT_VERSION,
  project_id: data.projectId,
  revision: String(data.revision),
  enrich_decisions: true,
  visitors: [
    {
      visitor_id: visitor.visitorId,
      session_id: 'AUTO',
      attributes: short ? (visitor.attributes.map((a) => shorten(a, SHORT.attribute)) as never) : visitor.attributes,
      snapshots: short
        ? snapshots.map((snapshot) => ({
            decisions: snapshot.decisions.map((d) => shorten(d, SHORT.decision)) as never,
            events: snapshot.events.map((e) => shorten(e, SHORT.event)) as never,
          }))
        : snapshots,
    },
  ],
});
