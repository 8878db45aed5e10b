/**
 * The collector's event store: SQLite (sql.js, compiled to WebAssembly) in memory, written to a file
 * after changes when a path is given. Events are unique by uuid, so a batch delivered twice (a retry,
 * a beacon then a resend on the next page) is stored once. See ./README.md for why SQLite.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import type { TrackerBatch } from '../../core/kinds/tracking';
import type { EventStoreReader, VariationOutcome } from '../context';

/** Event types the runtime itself sends; every other type is a conversion (a goal event). */
export const RUNTIME_EVENT_TYPES = ['campaign_activated', 'client_activation', 'view_activated'] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  uuid TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  revision TEXT,
  client TEXT,
  visitor_id TEXT NOT NULL,
  session_id TEXT,
  type TEXT NOT NULL,
  entity_id TEXT,
  key TEXT,
  timestamp INTEGER NOT NULL,
  revenue REAL,
  quantity REAL,
  value REAL,
  tags TEXT,
  properties TEXT,
  received_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_project ON events (project_id, visitor_id);
CREATE TABLE IF NOT EXISTS decisions (
  event_uuid TEXT PRIMARY KEY REFERENCES events (uuid),
  campaign_id TEXT NOT NULL,
  experiment_id TEXT,
  variation_id TEXT,
  is_holdback INTEGER NOT NULL,
  metadata TEXT
);
CREATE INDEX IF NOT EXISTS decisions_experiment ON decisions (experiment_id, variation_id);
CREATE TABLE IF NOT EXISTS attributes (
  project_id TEXT NOT NULL,
  visitor_id TEXT NOT NULL,
  key TEXT NOT NULL,
  entity_id TEXT,
  type TEXT,
  value TEXT,
  PRIMARY KEY (project_id, visitor_id, key)
);
CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY,
  project_id TEXT,
  body TEXT NOT NULL,
  received_at INTEGER NOT NULL
);`;

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
    variations: Array<{ variationId: string | null; visitors: number; decisions: number; conversions: number }>;
  }>;
  /** Events per key (goal events and pages by api name; runtime events without a key by type). */
  eventsByKey: Record<string, number>;
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
export interface EventStore extends EventStoreReader {
  /** Stores batches in one transaction; duplicates by uuid are ignored. */
  add(batches: readonly TrackerBatch[], receivedAt: number): StoreResult;
  /** Stores a performance report (kept whole; the first of an id wins). */
  addReport(id: string, projectId: string | undefined, body: string, receivedAt: number): void;
  summary(projectId: string): ProjectSummary;
  /** Events of a project, optionally of one visitor, oldest first. */
  list(projectId: string, visitorId?: string): StoredEvent[];
  /** Writes the file now (when file-backed) and closes the database. */
  close(): Promise<void>;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Opens the store.
 * @param file the SQLite file to load and keep up to date, or undefined for memory only (tests).
 */
export async function openEventStore(file?: string): Promise<EventStore> {
  const SQL = await initSqlJs();
  let db: Database = new SQL.Database();
  if (file && existsSync(file)) {
    try {
      const loaded = new SQL.Database(readFileSync(file));
      loaded.run(SCHEMA);
      db.close();
      db = loaded;
    } catch (error) {
      console.warn(`[collector] ${file} is not a readable database; starting empty:`, error);
    }
  }
  db.run(SCHEMA);

  // Writes are batched: one file write at most every 200 ms, through a temporary file and a rename so
  // a crash never leaves half a database.
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    saveTimer = undefined;
    if (!file) return;
    // Per-process temporary name: two services instances (test workers) may share the default file.
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(temporary, db.export());
      renameSync(temporary, file);
    } catch (error) {
      console.warn(`[collector] could not write ${file}:`, error);
    }
  };
  const changed = () => {
    if (file && !saveTimer) saveTimer = setTimeout(save, 200);
  };
  const rows = (sql: string, params: SqlValue[]): Record<string, SqlValue>[] => {
    const statement = db.prepare(sql);
    statement.bind(params);
    const result: Record<string, SqlValue>[] = [];
    while (statement.step()) result.push(statement.getAsObject());
    statement.free();
    return result;
  };

  const add = (batches: readonly TrackerBatch[], receivedAt: number): StoreResult => {
    let accepted = 0;
    let duplicates = 0;
    const insertEvent = db.prepare(
      `INSERT OR IGNORE INTO events (uuid, project_id, account_id, revision, client, visitor_id, session_id, type, entity_id, key,
       timestamp, revenue, quantity, value, tags, properties, received_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    );
    const insertDecision = db.prepare(
      'INSERT OR IGNORE INTO decisions (event_uuid, campaign_id, experiment_id, variation_id, is_holdback, metadata) VALUES (?,?,?,?,?,?)',
    );
    const upsertAttribute = db.prepare(
      'INSERT OR REPLACE INTO attributes (project_id, visitor_id, key, entity_id, type, value) VALUES (?,?,?,?,?,?)',
    );
    db.run('BEGIN');
    try {
      for (const batch of batches) {
        const client = `${batch.client_name}/${batch.client_version}`;
        for (const visitor of batch.visitors) {
          for (const a of visitor.attributes) {
            upsertAttribute.run([batch.project_id, visitor.visitor_id, a.key, a.entity_id, a.type, json(a.value)]);
          }
          for (const snapshot of visitor.snapshots) {
            for (const e of snapshot.events) {
              insertEvent.run([
                e.uuid, batch.project_id, batch.account_id, batch.revision, client, visitor.visitor_id, visitor.session_id,
                e.type, e.entity_id, e.key ?? null, e.timestamp, e.revenue ?? null, e.quantity ?? null, e.value ?? null,
                json(e.tags), json(e.properties), receivedAt,
              ]);
              const stored = db.getRowsModified() > 0;
              if (stored) accepted++;
              else duplicates++;
              // A decision is stored with the decision event that announced it in the same snapshot.
              const decision = e.type == 'campaign_activated' && snapshot.decisions.find((d) => d.campaign_id == e.entity_id);
              if (stored && decision) {
                insertDecision.run([
                  e.uuid, decision.campaign_id, decision.experiment_id, decision.variation_id,
                  decision.is_campaign_holdback ? 1 : 0, json(decision.metadata),
                ]);
              }
            }
          }
        }
      }
      db.run('COMMIT');
    } catch (error) {
      db.run('ROLLBACK');
      throw error;
    } finally {
      insertEvent.free();
      insertDecision.free();
      upsertAttribute.free();
    }
    changed();
    return { accepted, duplicates };
  };

  const RUNTIME = RUNTIME_EVENT_TYPES.map((type) => `'${type}'`).join(',');
  // Visitors of each variation, and those of them with a goal event at or after their decision.
  const outcomes = (where: string, params: SqlValue[]) =>
    rows(
      `WITH decided AS (
         SELECT d.campaign_id, d.experiment_id, d.variation_id, e.project_id, e.visitor_id,
           MIN(e.timestamp) AS first_at, COUNT(*) AS n
         FROM decisions d JOIN events e ON e.uuid = d.event_uuid
         WHERE ${where} AND d.is_holdback = 0
         GROUP BY d.campaign_id, d.experiment_id, d.variation_id, e.visitor_id)
       SELECT campaign_id AS campaignId, experiment_id AS experimentId, variation_id AS variationId,
         SUM(n) AS decisions, COUNT(*) AS visitors,
         SUM(EXISTS (SELECT 1 FROM events c WHERE c.project_id = decided.project_id AND c.visitor_id = decided.visitor_id
           AND c.type NOT IN (${RUNTIME}) AND c.timestamp >= decided.first_at)) AS conversions
       FROM decided
       GROUP BY campaign_id, experiment_id, variation_id
       ORDER BY campaign_id, experiment_id, variation_id`,
      params,
    );

  return {
    add,
    addReport: (id, projectId, body, receivedAt) => {
      db.run('INSERT OR IGNORE INTO reports (id, project_id, body, received_at) VALUES (?,?,?,?)', [id, projectId ?? null, body, receivedAt]);
      changed();
    },
    summary: (projectId) => {
      const [totals] = rows('SELECT COUNT(*) AS events, COUNT(DISTINCT visitor_id) AS visitors FROM events WHERE project_id = ?', [projectId]);
      const experiments: ProjectSummary['experiments'] = [];
      for (const row of outcomes('e.project_id = ?', [projectId])) {
        const experimentId = String(row.experimentId);
        let entry = experiments.find((item) => item.experimentId == experimentId);
        if (!entry) experiments.push((entry = { experimentId, campaignId: String(row.campaignId), variations: [] }));
        entry.variations.push({
          variationId: row.variationId as string | null,
          visitors: Number(row.visitors),
          decisions: Number(row.decisions),
          conversions: Number(row.conversions),
        });
      }
      const eventsByKey: Record<string, number> = {};
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
      if (saveTimer) clearTimeout(saveTimer);
      if (file) save();
      db.close();
    },
  };
}
