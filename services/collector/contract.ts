/**
 * The collector's store contract: what both engines (SQLite through libsql, PostgreSQL) promise, and
 * the shapes they answer. Every method is asynchronous and resolves only once its work is done on the
 * database: `add` once the request's events are committed. See ./README.md.
 */
import type { TrackerBatch } from '../../core/kinds/tracking';

/** Visitors and conversions of one variation of an experiment, as the collector has stored them. */
export interface VariationOutcome {
  variationId: string;
  /** Distinct visitors with a decision for this variation. */
  visitors: number;
  /** Distinct visitors of this variation who converted (any goal event at or after their decision). */
  conversions: number;
}

/** What one stored request added. */
export interface StoreResult {
  /** Events stored now. */
  accepted: number;
  /** Events already stored (same project and uuid), ignored. */
  duplicates: number;
}

/**
 * Sums over the visitors decided into a variation of one number each: that visitor's total of a
 * field (revenue or value) over the events of one key they sent at or after their decision time. A
 * visitor who sent none counts 0, so with the variation's `visitors` as n the mean is `sum / n` and
 * the variance `(sumOfSquares - sum² / n) / (n - 1)`. Computed in SQL as double-precision sums.
 */
export interface ValueSums {
  /** Sum of the visitors' totals. */
  sum: number;
  /** Sum of the squares of the visitors' totals. */
  sumOfSquares: number;
}

/**
 * The sufficient statistics of one goal event (by key) in one variation, for the results' tests:
 * everything a mean, a proportion and their variances need, without reading events one by one.
 */
export interface EventStatistics {
  /** n: distinct visitors decided into the variation (the same for every event of the variation). */
  visitors: number;
  /** Of them, those who sent the event at or after their decision time (each counted once). */
  conversions: number;
  /** Per-visitor revenue (the events' `revenue`, short key `$`); absent when no such event carried one. */
  revenue?: ValueSums;
  /** Per-visitor value (the events' `value`, short key `v`); absent when no such event carried one. */
  value?: ValueSums;
}

/**
 * A variation's visitors *exposed* on one basis (ruling 24): decided into the variation, and with an
 * exposure on that basis stored (the basis variation's changes applied for them, or, for another
 * variation's basis, its selectors matched their page); everything counted from their first such
 * exposure. The comparison of the control with a variation X takes both sides' exposed on basis X.
 */
export interface ExposedSummary {
  /** Distinct visitors of the variation exposed on the basis. */
  visitors: number;
  /** Of them, those who sent any goal event at or after their first exposure on the basis. */
  conversions: number;
  /** As {@link VariationSummary.conversionsByEvent}, from the first exposure. */
  conversionsByEvent: Record<string, number>;
  /** As {@link VariationSummary.statistics}, from the first exposure (`visitors` is the exposed count). */
  statistics: Record<string, EventStatistics>;
}

/**
 * One variation's figures in the summary. A visitor is *decided into* the variation when a
 * decision for it (not a campaign holdback) was stored with one of their events; their decision
 * time is the earliest such event's timestamp.
 */
export interface VariationSummary {
  variationId: string | null;
  /** Distinct visitors decided into the variation. */
  visitors: number;
  /** Decisions stored for it (a visitor decided again on a later page counts again). */
  decisions: number;
  /** Visitors decided into it who then sent any goal event (every type but the runtime's own), at or after their decision time. */
  conversions: number;
  /** The earliest and the latest of its visitors' decision times (ms since 1970, the events' timestamps): the traffic's pace. */
  firstDecisionAt: number;
  lastDecisionAt: number;
  /**
   * Conversions per event (EDT-24: "conversions for each of the project's events"): for each event
   * key (a goal event's api name; its type when it has none), the distinct visitors decided into the
   * variation who then sent that event, at or after their decision time. A visitor who sent it
   * several times counts once; one who sent two events counts under both. Events never sent after
   * a decision are absent (read them as 0). No prototype: any key is counted as it is.
   */
  conversionsByEvent: Record<string, number>;
  /** Per goal event key (as in `conversionsByEvent`, no prototype): its sufficient statistics. */
  statistics: Record<string, EventStatistics>;
  /** Per basis variation id (no prototype): the variation's exposed visitors on that basis; absent: none. */
  exposed: Record<string, ExposedSummary>;
}

/** The answer of the summary query (`GET /v1/summary`, `context.events.summary`). */
export interface ProjectSummary {
  projectId: string;
  /** Distinct visitors with any event. */
  visitors: number;
  /** Stored events. */
  events: number;
  /** Per experiment and variation (ordered by campaign, experiment and variation id, bytewise). */
  experiments: Array<{
    experimentId: string;
    campaignId: string;
    variations: VariationSummary[];
  }>;
  /** Events per key (goal events and pages by api name; runtime events without a key by type). */
  eventsByKey: Record<string, number>;
}

/**
 * One experiment's figures for one goal at the end of each day (UTC) since its first counted visitor,
 * cumulative: per variation and basis, as {@link ExposedSummary} counts them (`basisId` null: the
 * variation's decided visitors). Index i of each list is day `firstDay + i`.
 */
export interface DailySeries {
  /** The first day (whole days since 1970, UTC); null when nobody is counted yet. */
  firstDay: number | null;
  /** Days in each list. */
  days: number;
  series: Array<{
    variationId: string | null;
    basisId: string | null;
    /** Visitors counted by the end of each day. */
    visitors: number[];
    /** Of them, those who sent the goal by then (at or after they were counted). */
    conversions: number[];
    /** The sums of their totals of the goal's revenue and value by then; null until some event carried one. */
    revenue: Array<ValueSums | null>;
    value: Array<ValueSums | null>;
  }>;
}

/** A stored event, as listed for one visitor. */
export interface StoredEvent {
  uuid: string;
  type: string;
  key: string | null;
  entityId: string | null;
  timestamp: number;
  visitorId: string;
}

/** Performance reports kept; beyond it the oldest go, so a flood of reports cannot fill the disk. */
export const MAX_REPORTS = 10_000;

/** Options of the stores' opening functions. */
export interface EventStoreOptions {
  /** Performance reports kept (default {@link MAX_REPORTS}). */
  maxReports?: number;
}

/** What other services read from the event store, in process (whichever engine keeps it). */
export interface EventStoreReader {
  /** Per variation of the experiment: visitors and conversions. */
  variationOutcomes(experimentId: string): Promise<VariationOutcome[]>;
  /** The project's summary and its results' statistics, as `GET /v1/summary` answers it. */
  summary(projectId: string): Promise<ProjectSummary>;
  /** An experiment's cumulative figures per day for one goal (an event key; '' for any goal event): the results' chart. */
  daily(projectId: string, experimentId: string, goal: string): Promise<DailySeries>;
}

/** The engines behind the contract. */
export type StoreEngine = 'libsql' | 'postgres';

/** The event store: one engine behind one contract. */
export interface EventStore extends EventStoreReader {
  readonly engine: StoreEngine;
  /** Stores the request's batches in one transaction; resolves once it is committed. Duplicates by (project, uuid) are ignored. */
  add(batches: readonly TrackerBatch[], receivedAt: number): Promise<StoreResult>;
  /** Stores a performance report (kept whole; the first of an id wins; the oldest go past the bound). */
  addReport(id: string, projectId: string | undefined, body: string, receivedAt: number): Promise<void>;
  /** Events of a project, optionally of one visitor, oldest first. */
  list(projectId: string, visitorId?: string): Promise<StoredEvent[]>;
  /** Closes the database (every acknowledged write is already committed). */
  close(): Promise<void>;
}

/**
 * The database cannot be reached for now (down, restarting, refusing connections, or locked past the
 * wait). Nothing of the operation was acknowledged: the routes answer 503 so senders keep their events
 * and send them again, and the store recovers by itself once the database answers.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** The database named in the configuration refuses the collector (authentication, no such database, a layout newer than this code). */
export class DatabaseRefusedError extends Error {
  override name = 'DatabaseRefusedError';
}

/** True for the errors whose message is the whole story (the database is unreachable or refuses): shown without a stack. */
export const isDatabaseError = (error: unknown): error is Error => error instanceof StoreUnavailableError || error instanceof DatabaseRefusedError;
