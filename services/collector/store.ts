/**
 * The collector's event store: SQLite through libsql (better-sqlite3's synchronous API), in
 * write-ahead-log mode with `synchronous = FULL`. Each request's batches are written in one
 * transaction, and `add` returns only once that transaction is committed to disk: the route answers
 * 2xx after that, so an acknowledged event survives the process being killed (TRK-39). Events are
 * unique by (project, uuid), so a batch delivered twice (a retry, a beacon then a resend on the next
 * page) is stored once, and the same uuid sent for another project is stored for both. Performance
 * reports are kept up to a fixed count, the oldest dropped. See ./README.md for why SQLite.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import type { TrackerBatch } from '../../core/kinds/tracking';
import type { EventStoreReader, VariationOutcome } from '../context';
import { migrate } from './schema';

type SqlValue = string | number | bigint | null;
type Row = Record<string, SqlValue>;

/** Performance reports kept; beyond it the oldest go, so a flood of reports cannot fill the disk. */
export const MAX_REPORTS = 10_000;

/** Event types the runtime itself sends; every other type is a conversion (a goal event). */
export const RUNTIME_EVENT_TYPES = ['campaign_activated', 'client_activation', 'view_activated'] as const;

/** What one stored request added. */
export interface StoreResult {
  /** Events stored now. */
  accepted: number;
  /** Events already stored (same uuid), ignored. */
  duplicates: number;
}

/** The answer of the summary query. */
export interface ProjectSummary {
  projectId: string;
  /** Distinct visitors with any event. */
  visitors: number;
  /** Stored events. */
  events: number;
  /** Per experiment and variation: distinct visitors decided, decisions, converting visitors. */
  experiments: Array<{
    experimentId: string;
    campaignId: string;
    variations: VariationSummary[];
  }>;
  /** Events per key (goal events and pages by api name; runtime events without a key by type). */
  eventsByKey: Record<string, number>;
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
  /**
   * Conversions per event (EDT-24: "conversions for each of the project's events"): for each event
   * key (a goal event's api name; its type when it has none), the distinct visitors decided into the
   * variation who then sent that event, at or after their decision time. A visitor who sent it
   * several times counts once; one who sent two events counts under both. Events never sent after
   * a decision are absent (read them as 0). No prototype: any key is counted as it is.
   */
  conversionsByEvent: Record<string, number>;
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

/** The event store. */
export interface EventStore extends Pick<EventStoreReader, 'variationOutcomes'> {
  /** Stores batches in one transaction; duplicates by uuid are ignored. */
  add(batches: readonly TrackerBatch[], receivedAt: number): StoreResult;
  /** Stores a performance report (kept whole; the first of an id wins). */
  addReport(id: string, projectId: string | undefined, body: string, receivedAt: number): void;
  summary(projectId: string): ProjectSummary;
  /** Events of a project, optionally of one visitor, oldest first. */
  list(projectId: string, visitorId?: string): StoredEvent[];
  /** Closes the database (every write is already on disk). */
  close(): Promise<void>;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** Opens the file (or memory) in write-ahead-log mode with synced commits, at the current layout. */
const openDatabase = (file: string | undefined): Database.Database => {
  // Another services instance (a test worker) may hold the write lock briefly: wait for it.
  const db = new Database(file ?? ':memory:', { timeout: 5000 });
  try {
    if (file) {
      db.exec('PRAGMA journal_mode = WAL');
      // FULL: the commit syncs the log, so an acknowledged event survives a power cut too, not only a crash.
      db.exec('PRAGMA synchronous = FULL');
    }
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};

/** Options of {@link openEventStore}. */
export interface EventStoreOptions {
  /** Performance reports kept (default {@link MAX_REPORTS}). */
  maxReports?: number;
}

/**
 * Opens the store, upgrading an older file's layout (./schema.ts).
 * @param file the SQLite file, or undefined for memory only (tests).
 */
export async function openEventStore(file?: string, options: EventStoreOptions = {}): Promise<EventStore> {
  const maxReports = options.maxReports ?? MAX_REPORTS;
  if (file) mkdirSync(dirname(file), { recursive: true });
  let db: Database.Database;
  try {
    db = openDatabase(file);
  } catch (error) {
    if (!file) throw error;
    // Not a database this code can use: moved aside (never deleted), and the collector starts empty.
    const aside = `${file}.unreadable-${Date.now()}`;
    console.warn(`[collector] ${file} could not be opened (${(error as Error).message}); moved to ${aside}, starting empty`);
    renameSync(file, aside);
    for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    db = openDatabase(file);
  }
  const rows = (sql: string, params: SqlValue[]): Row[] => db.prepare(sql).all(...params) as Row[];

  const insertEvent = db.prepare(
    `INSERT OR IGNORE INTO events (project_id, uuid, account_id, revision, client, visitor_id, session_id, type, entity_id, key,
     timestamp, revenue, quantity, value, tags, properties, received_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const insertDecision = db.prepare(
    'INSERT OR IGNORE INTO decisions (project_id, event_uuid, campaign_id, experiment_id, variation_id, is_holdback, metadata) VALUES (?,?,?,?,?,?,?)',
  );
  const upsertAttribute = db.prepare(
    'INSERT OR REPLACE INTO attributes (project_id, visitor_id, key, entity_id, type, value) VALUES (?,?,?,?,?,?)',
  );
  const insertReport = db.prepare('INSERT OR IGNORE INTO reports (id, project_id, body, received_at) VALUES (?,?,?,?)');
  const pruneReports = db.prepare('DELETE FROM reports WHERE rowid IN (SELECT rowid FROM reports ORDER BY received_at, rowid LIMIT ?)');
  let reportCount = Number((rows('SELECT COUNT(*) AS n FROM reports', [])[0] ?? {}).n ?? 0);

  // One transaction per request: every batch of it is stored, or none.
  const add = db.transaction((batches: readonly TrackerBatch[], receivedAt: number): StoreResult => {
    let accepted = 0;
    let duplicates = 0;
    for (const batch of batches) {
      const client = `${batch.client_name}/${batch.client_version}`;
      const project = batch.project_id;
      for (const visitor of batch.visitors) {
        for (const a of visitor.attributes) {
          upsertAttribute.run(project, visitor.visitor_id, a.key, a.entity_id, a.type, json(a.value));
        }
        for (const snapshot of visitor.snapshots) {
          for (const e of snapshot.events) {
            const stored =
              insertEvent.run(
                project, e.uuid, batch.account_id, batch.revision, client, visitor.visitor_id, visitor.session_id,
                e.type, e.entity_id, e.key ?? null, e.timestamp, e.revenue ?? null, e.quantity ?? null, e.value ?? null,
                json(e.tags), json(e.properties), receivedAt,
              ).changes > 0;
            if (stored) accepted++;
            else duplicates++;
            // A decision is stored with the decision event that announced it in the same snapshot.
            const decision = e.type == 'campaign_activated' && snapshot.decisions.find((d) => d.campaign_id == e.entity_id);
            if (stored && decision) {
              insertDecision.run(
                project, e.uuid, decision.campaign_id, decision.experiment_id, decision.variation_id,
                decision.is_campaign_holdback ? 1 : 0, json(decision.metadata),
              );
            }
          }
        }
      }
    }
    return { accepted, duplicates };
  });

  const RUNTIME = RUNTIME_EVENT_TYPES.map((type) => `'${type}'`).join(',');
  // Each visitor decided into a variation (not a holdback), with their first decision time.
  const decided = (where: string) =>
    `WITH decided AS (
       SELECT d.campaign_id, d.experiment_id, d.variation_id, e.project_id, e.visitor_id,
         MIN(e.timestamp) AS first_at, COUNT(*) AS n
       FROM decisions d JOIN events e ON e.project_id = d.project_id AND e.uuid = d.event_uuid
       WHERE ${where} AND d.is_holdback = 0
       GROUP BY d.campaign_id, d.experiment_id, d.variation_id, e.visitor_id)`;
  // Visitors of each variation, and those of them with a goal event at or after their decision.
  const outcomes = (where: string, params: SqlValue[]) =>
    rows(
      `${decided(where)}
       SELECT campaign_id AS campaignId, experiment_id AS experimentId, variation_id AS variationId,
         SUM(n) AS decisions, COUNT(*) AS visitors,
         SUM(EXISTS (SELECT 1 FROM events c WHERE c.project_id = decided.project_id AND c.visitor_id = decided.visitor_id
           AND c.type NOT IN (${RUNTIME}) AND c.timestamp >= decided.first_at)) AS conversions
       FROM decided
       GROUP BY campaign_id, experiment_id, variation_id
       ORDER BY campaign_id, experiment_id, variation_id`,
      params,
    );
  // The same visitors, counted per goal event they sent at or after their decision (VariationSummary.conversionsByEvent).
  const outcomesByEvent = (where: string, params: SqlValue[]) =>
    rows(
      `${decided(where)}
       SELECT decided.experiment_id AS experimentId, decided.variation_id AS variationId,
         COALESCE(c.key, c.type) AS eventKey, COUNT(DISTINCT decided.visitor_id) AS visitors
       FROM decided JOIN events c ON c.project_id = decided.project_id AND c.visitor_id = decided.visitor_id
         AND c.type NOT IN (${RUNTIME}) AND c.timestamp >= decided.first_at
       GROUP BY decided.experiment_id, decided.variation_id, eventKey`,
      params,
    );

  return {
    add,
    addReport: (id, projectId, body, receivedAt) => {
      reportCount += insertReport.run(id, projectId ?? null, body, receivedAt).changes;
      // Pruned a tenth at a time, so a steady stream of reports does not pay a delete each.
      if (reportCount > maxReports) reportCount -= pruneReports.run(reportCount - maxReports + Math.ceil(maxReports / 10)).changes;
    },
    summary: (projectId) => {
      const [totals] = rows('SELECT COUNT(*) AS events, COUNT(DISTINCT visitor_id) AS visitors FROM events WHERE project_id = ?', [projectId]);
      const experiments: ProjectSummary['experiments'] = [];
      const byEvent = new Map<string, Record<string, number>>();
      const eventsOf = (experimentId: unknown, variationId: unknown) => {
        const key = JSON.stringify([experimentId, variationId]);
        let counts = byEvent.get(key);
        if (!counts) byEvent.set(key, (counts = Object.create(null) as Record<string, number>));
        return counts;
      };
      for (const row of outcomesByEvent('e.project_id = ?', [projectId])) {
        eventsOf(row.experimentId, row.variationId)[String(row.eventKey)] = Number(row.visitors);
      }
      for (const row of outcomes('e.project_id = ?', [projectId])) {
        const experimentId = String(row.experimentId);
        let entry = experiments.find((item) => item.experimentId == experimentId);
        if (!entry) experiments.push((entry = { experimentId, campaignId: String(row.campaignId), variations: [] }));
        entry.variations.push({
          variationId: row.variationId as string | null,
          visitors: Number(row.visitors),
          decisions: Number(row.decisions),
          conversions: Number(row.conversions),
          conversionsByEvent: eventsOf(row.experimentId, row.variationId),
        });
      }
      // No prototype: an event key such as `__proto__` or `constructor` is counted like any other.
      const eventsByKey: Record<string, number> = Object.create(null);
      for (const row of rows('SELECT COALESCE(key, type) AS k, COUNT(*) AS n FROM events WHERE project_id = ? GROUP BY k ORDER BY k', [projectId])) {
        eventsByKey[String(row.k)] = Number(row.n);
      }
      return { projectId, visitors: Number(totals.visitors), events: Number(totals.events), experiments, eventsByKey };
    },
    list: (projectId, visitorId) =>
      rows(
        `SELECT uuid, type, key, entity_id AS entityId, timestamp, visitor_id AS visitorId FROM events
         WHERE project_id = ? AND (? IS NULL OR visitor_id = ?) ORDER BY timestamp, received_at`,
        [projectId, visitorId ?? null, visitorId ?? null],
      ) as unknown as StoredEvent[],
    variationOutcomes: async (experimentId): Promise<VariationOutcome[]> =>
      outcomes('d.experiment_id = ?', [experimentId]).map((row) => ({
        variationId: String(row.variationId),
        visitors: Number(row.visitors),
        conversions: Number(row.conversions),
      })),
    close: async () => {
      if (db.open) db.close();
    },
  };
}
