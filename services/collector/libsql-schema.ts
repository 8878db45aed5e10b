/**
 * The libsql engine's tables and the upgrade of older files. The file is an ordinary SQLite database in
 * write-ahead-log mode; `PRAGMA user_version` says which layout it holds. (The PostgreSQL engine keeps
 * the same tables and versions: ./postgres-schema.ts.)
 *
 * - Version 0 (files written by the earlier sql.js store): events keyed by uuid alone, so the same uuid
 *   sent for a second project was taken for a duplicate and dropped.
 * - Version 2: events and decisions keyed by (project_id, uuid): uuids are unique per project.
 * - Version 3: `events_goals`, an index holding every column the summary reads of a visitor's events
 *   (time, type, key, revenue, value) in place of `events_visitor`, so the summary reads no table row
 *   for them (2.4 times faster over 300,000 events).
 * - Version 4: `exposures` (ruling 24), one row per `exposure` event: the experiment, the visitor's
 *   variation and the basis variation; filled from then on (earlier files had no such events to keep).
 * - Version 5: the summary's rollups (./rollup-sql.ts: `key_counts`, `project_visitors`, `counted`,
 *   `counted_goals`), kept as events arrive; the upgrade builds them from the events already stored.
 */
import type { Database } from 'libsql';
import { DatabaseRefusedError } from './contract';
import { ALL_VISITORS, FILL_COUNTERS, rebuildStatements, rollupTables } from './rollup-sql';

/** A pragma's value (libsql answers `{ <name>: value }` rows, with timing metadata beside). */
export const pragma = (db: Database, name: string): unknown => (db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[name];

/** The layout this code writes. */
export const SCHEMA_VERSION = 5;

const TABLES = `
CREATE TABLE IF NOT EXISTS events (
  project_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
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
  received_at INTEGER NOT NULL,
  PRIMARY KEY (project_id, uuid)
);
CREATE INDEX IF NOT EXISTS events_visitor ON events (project_id, visitor_id);
CREATE TABLE IF NOT EXISTS decisions (
  project_id TEXT NOT NULL,
  event_uuid TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  experiment_id TEXT,
  variation_id TEXT,
  is_holdback INTEGER NOT NULL,
  metadata TEXT,
  PRIMARY KEY (project_id, event_uuid)
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

const EVENT_COLUMNS =
  'project_id, uuid, account_id, revision, client, visitor_id, session_id, type, entity_id, key, timestamp, revenue, quantity, value, tags, properties, received_at';

/** Rebuilds version 0's events and decisions with the per-project keys, keeping every row. */
const UPGRADE_FROM_0 = `
ALTER TABLE events RENAME TO events_v0;
ALTER TABLE decisions RENAME TO decisions_v0;
DROP INDEX IF EXISTS events_project;
DROP INDEX IF EXISTS decisions_experiment;
${TABLES}
INSERT OR IGNORE INTO events (${EVENT_COLUMNS}) SELECT ${EVENT_COLUMNS} FROM events_v0;
INSERT OR IGNORE INTO decisions (project_id, event_uuid, campaign_id, experiment_id, variation_id, is_holdback, metadata)
  SELECT e.project_id, d.event_uuid, d.campaign_id, d.experiment_id, d.variation_id, d.is_holdback, d.metadata
  FROM decisions_v0 d JOIN events_v0 e ON e.uuid = d.event_uuid;
DROP TABLE decisions_v0;
DROP TABLE events_v0;`;

/** Version 3's index (the same key order as PostgreSQL's, whose INCLUDE columns are its last four here). */
const GOALS_INDEX = `
DROP INDEX IF EXISTS events_visitor;
CREATE INDEX IF NOT EXISTS events_goals ON events (project_id, visitor_id, timestamp, type, key, revenue, value);`;

/** Version 4's table: the exposures of ruling 24, keyed like decisions by their event. */
const EXPOSURES = `
CREATE TABLE IF NOT EXISTS exposures (
  project_id TEXT NOT NULL,
  event_uuid TEXT NOT NULL,
  experiment_id TEXT NOT NULL,
  variation_id TEXT NOT NULL,
  basis_id TEXT NOT NULL,
  PRIMARY KEY (project_id, event_uuid)
);
CREATE INDEX IF NOT EXISTS exposures_experiment ON exposures (project_id, experiment_id, variation_id, basis_id);`;

/** Version 5: the rollups, filled from the stored events. */
const ROLLUPS = [
  // Stryker disable next-line StringLiteral: SQLite's column types are affinities and WITHOUT ROWID a storage choice: the same rows and answers either way
  rollupTables({ time: 'INTEGER', amount: 'REAL', count: 'INTEGER', keyed: ' WITHOUT ROWID' }),
  ...FILL_COUNTERS,
  ...rebuildStatements(ALL_VISITORS),
];

const hasTable = (db: Database, name: string): boolean =>
  !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);

/**
 * Brings the database to `target` (default {@link SCHEMA_VERSION}) in one immediate transaction, so two
 * processes opening the same file upgrade it once: the second finds the version already written.
 * @throws {DatabaseRefusedError} when the file holds a newer layout than this code knows.
 */
export function migrate(db: Database, target = SCHEMA_VERSION): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    const version = Number(pragma(db, 'user_version'));
    if (version > SCHEMA_VERSION) {
      throw new DatabaseRefusedError(`The collector's SQLite file holds layout ${version}, newer than this collector's (${SCHEMA_VERSION}): run the newer collector.`);
    }
    if (version < 2 && target >= 2) db.exec(version == 0 && hasTable(db, 'events') && hasTable(db, 'decisions') ? UPGRADE_FROM_0 : TABLES);
    if (version < 3 && target >= 3) db.exec(GOALS_INDEX);
    if (version < 4 && target >= 4) db.exec(EXPOSURES);
    if (version < 5 && target >= 5) for (const statement of ROLLUPS) db.exec(statement);
    if (version < target) db.exec(`PRAGMA user_version = ${target}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
