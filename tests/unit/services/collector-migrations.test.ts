/**
 * Versioned layouts on both engines: a newer collector started on an older database upgrades it in one
 * transaction and keeps every event; collectors starting together upgrade it once; an older collector
 * refuses a newer database with a sentence (and a libsql file of a newer layout is left where it is).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../../services/collector/libsql-schema';
import { migratePostgres, POSTGRES_SCHEMA_VERSION } from '../../../services/collector/postgres-schema';
import { DatabaseRefusedError, type EventStore, openEventStore } from '../../../services/collector/store';
import { rollupVisits } from '../../support/collector-visits';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres';

/** One decided visitor who bought after the decision, as rows of the version 2 tables. */
const V2_ROWS = [
  `INSERT INTO events (project_id, uuid, account_id, visitor_id, type, entity_id, key, timestamp, revenue, received_at)
   VALUES ('old', 'u1', 'acc', 'v1', 'campaign_activated', 'L', NULL, 10, NULL, 1), ('old', 'u2', 'acc', 'v1', 'custom', 'e', 'buy', 20, 250, 1)`,
  `INSERT INTO decisions (project_id, event_uuid, campaign_id, experiment_id, variation_id, is_holdback) VALUES ('old', 'u1', 'L', 'X', 'A', 0)`,
];
/** Layout 5's rollup tables: a layout 4 database is a layout 5 one without them. */
const ROLLUP_TABLES = 'key_counts, project_visitors, counted, counted_goals';

/** Stores seeded visits in `store` one request at a time and answers the summary (the rollups kept as events arrive). */
const storeVisits = async (store: EventStore) => {
  for (const batch of rollupVisits('rolled', 20261205, 120)) await store.add([batch], 1);
  const summary = await store.summary('rolled');
  await store.close();
  // Worth comparing: both experiments, exposures, revenue and value.
  expect(summary.experiments.map((entry) => entry.experimentId)).toEqual(['X', 'Y']);
  expect(summary.experiments[0].variations[0].statistics.buy.revenue?.sum).toBeGreaterThan(0);
  expect(Object.keys(summary.experiments[0].variations[0].exposed).length).toBeGreaterThan(0);
  return summary;
};

const EXPECTED_VARIATION = { variationId: 'A', visitors: 1, conversions: 1, statistics: { buy: { visitors: 1, conversions: 1, revenue: { sum: 250, sumOfSquares: 62_500 } } } };

describe('libsql layouts, step by step', () => {
  /** The tables and indexes a database holds, by name. */
  const objects = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
  const version = (db: Database.Database) => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;

  it('each layout adds only its own part: 2 the tables, 3 the goals index, 4 the exposures, 5 the rollups; the version written is the one reached', () => {
    const db = new Database(':memory:');
    const base = ['attributes', 'decisions', 'decisions_experiment', 'events', 'reports'];
    migrate(db, 2);
    expect([objects(db), version(db)]).toEqual([[...base, 'events_visitor'].sort(), 2]);
    // Layout 3's goals index also serves what the visitor index did, which it replaces.
    migrate(db, 3);
    expect([objects(db), version(db)]).toEqual([[...base, 'events_goals'].sort(), 3]);
    migrate(db, 4);
    expect([objects(db), version(db)]).toEqual([[...base, 'events_goals', 'exposures', 'exposures_experiment'].sort(), 4]);
    migrate(db);
    expect(objects(db)).toEqual(expect.arrayContaining(ROLLUP_TABLES.split(', ')));
    expect(version(db)).toBe(SCHEMA_VERSION);
    // At the current layout, migrating again changes nothing.
    const five = objects(db);
    migrate(db);
    expect([objects(db), version(db)]).toEqual([five, SCHEMA_VERSION]);
    db.close();
  });

  it('a refused layout leaves no transaction open: the connection can still be used and closed', () => {
    const db = new Database(':memory:');
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => migrate(db)).toThrow(DatabaseRefusedError);
    expect(db.inTransaction).toBe(false);
    expect(() => migrate(db)).toThrow(DatabaseRefusedError);
    db.close();
  });
});

describe('libsql layouts', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'varia-migrate-'));
    file = join(dir, 'collector.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a version 2 file is brought to the current layout, its events kept, and the summary reads them', async () => {
    const old = new Database(file);
    migrate(old, 2);
    for (const statement of V2_ROWS) old.exec(statement);
    old.close();
    const store = await openEventStore(file);
    expect((await store.summary('old')).experiments[0].variations[0]).toMatchObject(EXPECTED_VARIATION);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('PRAGMA user_version').all()).toEqual([{ user_version: SCHEMA_VERSION }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'events_%' ORDER BY name").all()).toEqual([{ name: 'events_goals' }]);
    db.close();
  });

  it('EDT-24 a version 4 file is brought to layout 5: the rollups built from its events give the summary kept as they arrived', async () => {
    const kept = await storeVisits(await openEventStore(file));
    const old = new Database(file);
    for (const table of ROLLUP_TABLES.split(', ')) old.exec(`DROP TABLE ${table}`);
    old.exec('PRAGMA user_version = 4');
    old.close();
    const store = await openEventStore(file);
    expect(await store.summary('rolled')).toEqual(kept);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('PRAGMA user_version').all()).toEqual([{ user_version: 5 }]);
    db.close();
  });

  it('a file of a newer layout is refused with a sentence and left where it is', async () => {
    const newer = new Database(file);
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    await expect(openEventStore(file)).rejects.toThrow(new DatabaseRefusedError(`The collector's SQLite file holds layout ${SCHEMA_VERSION + 1}, newer than this collector's (${SCHEMA_VERSION}): run the newer collector.`));
    expect(existsSync(file)).toBe(true);
  });
});

describePostgres('PostgreSQL layouts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('migrate');
  });
  afterAll(() => database?.drop());
  beforeEach(() => database.query('DROP TABLE IF EXISTS events, decisions, exposures, attributes, reports, key_counts, project_visitors, counted, counted_goals, collector_schema'));

  /** Runs `run` with a pool client of the test database. */
  const withClient = async (run: (client: pg.PoolClient) => Promise<void>) => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const client = await pool.connect();
    try {
      await run(client);
    } finally {
      client.release();
      await pool.end();
    }
  };
  const indexes = async () => (await database.query("SELECT indexname FROM pg_indexes WHERE tablename = 'events' ORDER BY indexname")).map((row) => row.indexname);

  it('a version 2 database is brought to the current layout in one transaction, its events kept', async () => {
    await withClient((client) => migratePostgres(client, 2));
    for (const statement of V2_ROWS) await database.query(statement);
    expect(await indexes()).toEqual(['events_pkey', 'events_visitor']);
    const store = await openEventStore(database.url);
    expect((await store.summary('old')).experiments[0].variations[0]).toMatchObject(EXPECTED_VARIATION);
    await store.close();
    expect(await database.query('SELECT version FROM collector_schema')).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
    expect(await indexes()).toEqual(['events_goals', 'events_pkey']);
  });

  it('EDT-24 a version 4 database is brought to layout 5: the rollups built from its events give the summary kept as they arrived', async () => {
    const kept = await storeVisits(await openEventStore(database.url));
    await database.query(`DROP TABLE ${ROLLUP_TABLES}`);
    await database.query('UPDATE collector_schema SET version = 4');
    const store = await openEventStore(database.url);
    expect(await store.summary('rolled')).toEqual(kept);
    await store.close();
    expect(await database.query('SELECT version FROM collector_schema')).toEqual([{ version: 5 }]);
  });

  it('an upgrade that fails leaves the database as it was (one transaction)', async () => {
    await withClient((client) => migratePostgres(client, 2));
    // An object in the way of version 3's index: the upgrade fails after it dropped the old index.
    await database.query('CREATE INDEX events_goals ON reports (id)');
    await expect(openEventStore(database.url)).rejects.toThrow(/cannot use its PostgreSQL database .*events_goals/);
    expect(await database.query('SELECT version FROM collector_schema')).toEqual([{ version: 2 }]);
    expect(await indexes()).toEqual(['events_pkey', 'events_visitor']);
  });

  it('collectors opening an empty database together create the layout once', async () => {
    const stores = await Promise.all([1, 2, 3].map(() => openEventStore(database.url)));
    await Promise.all(stores.map((store) => store.close()));
    expect(await database.query('SELECT version FROM collector_schema')).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
  });

  it('a database of a newer layout is refused with a sentence naming it', async () => {
    await withClient((client) => migratePostgres(client));
    await database.query('UPDATE collector_schema SET version = 99');
    await expect(openEventStore(database.url)).rejects.toThrow(`The collector cannot use its PostgreSQL database at ${database.url}: the database holds the collector's layout 99, newer than this collector's (${POSTGRES_SCHEMA_VERSION}): run the newer collector.`);
  });
});
