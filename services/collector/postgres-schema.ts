/**
 * The PostgreSQL engine's tables and their versioned migrations. The tables are those of the libsql
 * engine (./libsql-schema.ts), column for column, with PostgreSQL's types: timestamps and amounts in
 * double precision (the numbers SQLite stores, compared and summed alike), `received_at` as bigint.
 * `collector_schema` holds the version; the migrations from it to {@link POSTGRES_SCHEMA_VERSION} run
 * in one transaction under an advisory lock, so collectors started together upgrade the database once
 * and a failed upgrade leaves it as it was.
 */
import type { PoolClient } from 'pg';
import { DatabaseRefusedError } from './contract';
import { ALL_VISITORS, FILL_COUNTERS, rebuildStatements, rollupTables } from './rollup-sql';

/** One step of the layout, applied to databases below its version. */
interface Migration {
  readonly version: number;
  readonly sql: string;
}

/** The steps, oldest first. Version numbers follow the libsql engine's layouts (its version 0 was sql.js's). */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 2,
    sql: `
      CREATE TABLE events (
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
        timestamp DOUBLE PRECISION NOT NULL,
        revenue DOUBLE PRECISION,
        quantity DOUBLE PRECISION,
        value DOUBLE PRECISION,
        tags TEXT,
        properties TEXT,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (project_id, uuid)
      );
      CREATE INDEX events_visitor ON events (project_id, visitor_id);
      CREATE TABLE decisions (
        project_id TEXT NOT NULL,
        event_uuid TEXT NOT NULL,
        campaign_id TEXT NOT NULL,
        experiment_id TEXT,
        variation_id TEXT,
        is_holdback SMALLINT NOT NULL,
        metadata TEXT,
        PRIMARY KEY (project_id, event_uuid)
      );
      CREATE INDEX decisions_experiment ON decisions (experiment_id, variation_id);
      CREATE TABLE attributes (
        project_id TEXT NOT NULL,
        visitor_id TEXT NOT NULL,
        key TEXT NOT NULL,
        entity_id TEXT,
        type TEXT,
        value TEXT,
        PRIMARY KEY (project_id, visitor_id, key)
      );
      CREATE TABLE reports (
        id TEXT PRIMARY KEY,
        project_id TEXT,
        body TEXT NOT NULL,
        received_at BIGINT NOT NULL,
        seq BIGINT GENERATED ALWAYS AS IDENTITY
      );
      CREATE INDEX reports_seq ON reports (seq);`,
  },
  {
    // Every column the summary reads of a visitor's events, in the index: index-only scans, no table rows.
    version: 3,
    sql: `
      DROP INDEX IF EXISTS events_visitor;
      CREATE INDEX events_goals ON events (project_id, visitor_id, timestamp) INCLUDE (type, key, revenue, value);`,
  },
  {
    // Ruling 24: one row per `exposure` event (the experiment, the visitor's variation, the basis variation).
    version: 4,
    sql: `
      CREATE TABLE exposures (
        project_id TEXT NOT NULL,
        event_uuid TEXT NOT NULL,
        experiment_id TEXT NOT NULL,
        variation_id TEXT NOT NULL,
        basis_id TEXT NOT NULL,
        PRIMARY KEY (project_id, event_uuid)
      );
      CREATE INDEX exposures_experiment ON exposures (project_id, experiment_id, variation_id, basis_id);`,
  },
  {
    // The summary's rollups (./rollup-sql.ts), kept as events arrive; built here from the events already stored.
    version: 5,
    sql: [
      rollupTables({ time: 'DOUBLE PRECISION', amount: 'DOUBLE PRECISION', count: 'BIGINT', keyed: '' }),
      ...FILL_COUNTERS,
      ...rebuildStatements(ALL_VISITORS),
    ].join(';\n'),
  },
];

/** The layout this code writes. */
export const POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1].version;

/** Any number, the same in every collector: the advisory lock that serialises upgrades. */
export const MIGRATION_LOCK = 7_3914_2026;

/**
 * Brings the database to `target` (default {@link POSTGRES_SCHEMA_VERSION}) in one transaction.
 * @throws when the database holds a newer layout than this code knows (an older collector on an upgraded database).
 */
export async function migratePostgres(client: PoolClient, target = POSTGRES_SCHEMA_VERSION): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS collector_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM collector_schema');
    const version = rows[0]?.version ?? 0;
    if (version > POSTGRES_SCHEMA_VERSION) {
      throw new DatabaseRefusedError(`the database holds the collector's layout ${version}, newer than this collector's (${POSTGRES_SCHEMA_VERSION}): run the newer collector`);
    }
    for (const migration of POSTGRES_MIGRATIONS) {
      if (migration.version > version && migration.version <= target) await client.query(migration.sql);
    }
    if (!rows.length) await client.query('INSERT INTO collector_schema (version) VALUES ($1)', [Math.max(version, target)]);
    else if (target > version) await client.query('UPDATE collector_schema SET version = $1', [target]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
