/**
 * The open batch and its serialisation (runtime-spec §3 Tracker batch, §4 Tracker, §7 short keys;
 * TRK-14, TRK-26..34, rulings 10 and 12).
 */
import { CLIENT_NAME, CLIENT_VERSION } from '../../../core';
import { BATCH_SHORT_KEYS } from '../../../core/kinds/tracking';
import type { BatchAttribute, BatchDecision, BatchEvent, BatchSnapshot, TrackerBatch } from '../../../core/kinds/tracking';
import type { ProjectData } from '../../../core/project/types';
import { keepJson, toJson } from '../../_shared/json';

/**
 * The batch being filled on this page: its id (the pending event id) and its snapshots, whose
 * decisions and events are kept in their final form (short keys when `short`), so each is written to
 * JSON once, at the first save that meets it, and every later save joins the texts (see {@link seal}).
 */
export interface OpenBatch {
  id: string;
  snapshots: BatchSnapshot[];
  /** Events in the batch, for the conditional send. */
  count: number;
  /** Ruling 12's short keys. */
  short: boolean;
  /** Changed since it was last saved (TRK-6). */
  dirty?: boolean;
  /** Saved at least once: a pending event of the sender. */
  saved?: boolean;
}

/** A new, empty open batch. */
export const openBatch = (id: string, short: boolean): OpenBatch => ({ id, snapshots: [], count: 0, short });

/** The event type of a decision in a snapshot. */
export const DECISION_EVENT = 'campaign_activated';

/** Adds an event to the last snapshot (a first snapshot when there is none); returns the record added. */
export const addEvent = (batch: OpenBatch, event: BatchEvent): BatchEvent => {
  const last = batch.snapshots[batch.snapshots.length - 1];
  event = final(batch, event, SHORT.event);
  if (last) last.events.push(event);
  else batch.snapshots.push({ decisions: [], events: [event] });
  batch.count++;
  return event;
};

/**
 * Adds a decision with its decision event; a new snapshot opens when the last one already has
 * decision events (TRK-14), so each snapshot's events happened under its own decisions.
 */
export const addDecision = (batch: OpenBatch, decision: BatchDecision, event: BatchEvent): void => {
  const last = batch.snapshots[batch.snapshots.length - 1];
  decision = final(batch, decision, SHORT.decision);
  event = final(batch, event, SHORT.event);
  // A snapshot has decision events exactly when it has decisions (they are added together), and its
  // records may already use short keys.
  if (!last || last.decisions.length) {
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
// A record as it goes in the batch: its own object (never changed afterwards), short keys when asked.
const final = <T extends object>(batch: OpenBatch, record: T, table: Record<string, string>): T =>
  (batch.short ? shorten(record, table) : { ...record }) as T;

// Records whose JSON is already kept (a WeakSet: a record leaves with its batch).
const sealed = new WeakSet<object>();
/**
 * Writes each decision and event of the snapshots to JSON once and keeps the text with it, so writing
 * the batch joins kept texts instead of walking every record again at every save, flush and beacon.
 * Done at a save (the poll, a flush, page hide) for decisions and page views, which are tracked during
 * the page's start, which should not pay for it; a goal event is sealed when the page pushes it.
 */
export const seal = (snapshots: BatchSnapshot[]): void => {
  for (const snapshot of snapshots) {
    for (const records of [snapshot.decisions, snapshot.events] as object[][]) records.forEach(sealRecord);
  }
};

/** Writes one record to JSON and keeps the text, once. */
export const sealRecord = (record: object): void => {
  if (sealed.has(record)) return;
  sealed.add(record);
  keepJson(record, toJson(record) ?? '{}');
};

/** What a batch needs besides its snapshots. */
export interface BatchVisitorInfo {
  visitorId: string;
  attributes: BatchAttribute[];
}

/**
 * The batch as sent (TRK-26..29): the project's header, one visitor with session_id 'AUTO' (ruling 10)
 * and the open batch's snapshots (already in their final form); with `short`, attributes use ruling 12's
 * short keys too. The snapshots' records are sealed (their JSON kept).
 */
export const toBatch = (data: ProjectData, visitor: BatchVisitorInfo, batch: OpenBatch): TrackerBatch => {
  const short = batch.short;
  seal(batch.snapshots);
  return {
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
        // Copies of the snapshot lists: the batch sent or stored never changes once made.
        snapshots: batch.snapshots.map((snapshot) => ({ decisions: snapshot.decisions.slice(), events: snapshot.events.slice() })),
      },
    ],
  };
};
