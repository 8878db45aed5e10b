/**
 * TRK-42 the PostgreSQL store's words when its database is out of reach or refuses it, in process
 * (services/collector/postgres-store.ts): the address named without its password, "cannot reach" (503,
 * sent again) told apart from "cannot use" (the collector does not start), and a connection the server
 * drops warned about once and replaced by itself. The server is the tests' throwaway PostgreSQL.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DatabaseRefusedError, StoreUnavailableError } from '../../../services/collector/contract';
import { normalizeBody } from '../../../services/collector/normalize';
import { MIGRATION_LOCK } from '../../../services/collector/postgres-schema';
import { databaseAddress, openPostgresStore } from '../../../services/collector/postgres-store';
import { createTestDatabase, describePostgres, TEST_POSTGRES_URL, type TestDatabase } from '../../support/postgres';

/** A loopback port nothing listens on (taken and given back). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const batch = (uuid: string, project = 'p') =>
  normalizeBody(JSON.stringify({ account_id: 'a', project_id: project, visitors: [{ visitor_id: 'v', snapshots: [{ events: [{ entity_id: 'e', type: 'custom', timestamp: 1, uuid }] }] }] }));

it('TRK-42 the database\'s address in messages keeps user, host, port and database, never the password', () => {
  expect(databaseAddress('postgres://varia:s3cret@db.internal:5433/events?sslmode=require')).toBe('postgres://varia:****@db.internal:5433/events?sslmode=require');
  expect(databaseAddress('postgres://varia@127.0.0.1:5432/events')).toBe('postgres://varia@127.0.0.1:5432/events');
  expect(databaseAddress('not an address')).toBe('an unreadable postgres:// address');
});

it('TRK-42 a server nobody answers on: "cannot reach", naming the address without its password and saying what to do', async () => {
  const port = await closedPort();
  const refused = await openPostgresStore(`postgres://varia:hidden@127.0.0.1:${port}/events`).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(StoreUnavailableError);
  expect((refused as Error).message).toMatch(
    new RegExp(`^The collector cannot reach its PostgreSQL database at postgres://varia:\\*\\*\\*\\*@127\\.0\\.0\\.1:${port}/events \\(.*ECONNREFUSED.*\\): start the server, or correct the address \\(--database, VARIA_COLLECTOR_DATABASE\\)\\.$`),
  );
  expect((refused as Error).message).not.toContain('hidden');
});

describePostgres('PostgreSQL store: refusals and lost connections', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('errors');
  });
  afterAll(() => database?.drop());

  it('TRK-42 a database that does not exist: "cannot use", with the server\'s own reason', async () => {
    const missing = new URL(TEST_POSTGRES_URL!);
    missing.pathname = '/varia_no_such_database';
    const refused = await openPostgresStore(missing.toString()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseRefusedError);
    expect((refused as Error).message).toBe(`The collector cannot use its PostgreSQL database at ${databaseAddress(missing.toString())}: database "varia_no_such_database" does not exist.`);
  });

  it('TRK-42 a start whose connection the server ends during the layout check is refused as unreachable, and the process goes on', async () => {
    // The holder of the layout lock, and an observer (a transaction sees pg_stat_activity as it first read it).
    const [holder, observer] = [new pg.Client({ connectionString: database.url }), new pg.Client({ connectionString: database.url })];
    await holder.connect();
    await observer.connect();
    try {
      // The check waits on the layout lock the test holds, so it is under way when its connection is ended.
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const opening = openPostgresStore(database.url).catch((error: unknown) => error);
      const waiting = "SELECT pid FROM pg_stat_activity WHERE application_name = 'varia-collector' AND wait_event = 'advisory'";
      await expect.poll(async () => (await observer.query(waiting)).rows.length, { timeout: 10_000 }).toBe(1);
      await observer.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) AS waiting`);
      const refused = await opening;
      expect(refused).toBeInstanceOf(StoreUnavailableError);
      expect((refused as Error).message).toMatch(/^The collector cannot reach its PostgreSQL database at .+ \(.+\): start the server/);
      await holder.query('ROLLBACK');
      // The next start goes through.
      await (await openPostgresStore(database.url)).close();
    } finally {
      await holder.end();
      await observer.end();
    }
  });

  it('TRK-39 TRK-42 a write whose connection the server ends mid-way is answered as unavailable (503: the sender keeps its events), the process goes on, and the next write goes through', async () => {
    const store = await openPostgresStore(database.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await store.add(batch('before', 'mid-way'), 1);
      // The write waits on a lock the test holds, so it is mid-way when its connection is ended.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      const write = store.add(batch('cut', 'mid-way'), 2).catch((error: unknown) => error);
      await expect
        .poll(async () => (await admin.query("SELECT pid FROM pg_stat_activity WHERE application_name = 'varia-collector' AND wait_event_type = 'Lock'")).rows.length)
        .toBe(1);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'varia-collector' AND wait_event_type = 'Lock'");
      const refused = await write;
      expect(refused).toBeInstanceOf(StoreUnavailableError);
      expect((refused as Error).message).toMatch(new RegExp(`^the collector's PostgreSQL database at ${databaseAddress(database.url).replace(/[.*?()[\]\\/]/g, '\\$&')} cannot be reached \\(.+\\)$`));
      await admin.query('ROLLBACK');
      expect(await store.add(batch('cut', 'mid-way'), 3)).toEqual({ accepted: 1, duplicates: 0 });
      expect((await store.list('mid-way')).map((event) => event.uuid).sort()).toEqual(['before', 'cut']);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it('TRK-39 TRK-42 connections the server drops are warned about once (not once each) and replaced when needed: the store goes on', async () => {
    const store = await openPostgresStore(database.url);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      // Two idle connections in the pool, so that two are dropped at once.
      await Promise.all([store.add(batch('a'), 1), store.summary('p'), store.summary('p')]);
      const ended = await database.query("SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'varia-collector' AND datname = current_database()");
      expect(ended.length).toBeGreaterThan(0);
      // The pool hears of each dropped connection.
      await expect.poll(() => warnings.length).toBeGreaterThan(0);
      expect(await store.add(batch('b'), 2)).toEqual({ accepted: 1, duplicates: 0 });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(new RegExp(`^\\[collector\\] the connection to ${databaseAddress(database.url).replace(/[.*?()[\]\\/]/g, '\\$&')} was lost \\(.+\\); reconnecting when needed$`));
      expect((await store.summary('p')).events).toBe(2);
    } finally {
      console.warn = warn;
      await store.close();
    }
  });
});
