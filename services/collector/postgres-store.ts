/**
 * The PostgreSQL engine of the event store, for several collector processes on one database server.
 * The same promises as the libsql engine: a request's events are written by one statement (one
 * transaction: events, the decisions and exposures they announced and the visitors' attributes; with the requests
 * that arrived meanwhile, ./group-commit.ts) and `add` resolves once it is committed; events are
 * unique by (project, uuid) with `ON CONFLICT DO NOTHING`, so the same batch received by two
 * collectors at the same moment is stored once. Connections are pooled,
 * statements parameterised. While the server cannot be reached, operations reject with
 * {@link StoreUnavailableError} (the routes answer 503) and the pool reconnects by itself.
 */
import pg from 'pg';
import { DatabaseRefusedError, type EventStore, type EventStoreOptions, MAX_REPORTS, type StoredEvent, type StoreResult, StoreUnavailableError } from './contract';
import { createGroupCommit } from './group-commit';
import { migratePostgres } from './postgres-schema';
import { type AddRequest, ATTRIBUTE_COLUMNS, DECISION_COLUMNS, EVENT_COLUMNS, EXPOSURE_COLUMNS, requestRows, type SqlValue } from './rows';
import { pendingVisitors, rebuildStatements } from './rollup-sql';
import { dailyQueries, readDaily } from './daily-sql';
import { readSummary, readVariationOutcomes, type SqlDialect, summaryQueries } from './summary-sql';

/** Connections each collector process keeps at most. */
const POOL_SIZE = 10;
/** How long a request waits for a connection (the server down or the pool full) before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;
/** A write without an answer for this long is given up (the server hangs or the network is cut): 503, sent again. Reads (the summary over many events) have no such bound. */
const WRITE_TIMEOUT_MS = 30_000;

/** Statements adding events at the same time, each with the requests that arrived while the others ran. */
const GROUPS_IN_FLIGHT = 4;

const NUMBER_COLUMNS: Record<string, string> = { timestamp: 'float8', revenue: 'float8', quantity: 'float8', value: 'float8', is_holdback: 'int2', received_at: 'int8' };
/** Each table's typed columns: an attribute's `value` is JSON text, an event's a number. */
const COLUMN_TYPES = { events: NUMBER_COLUMNS, decisions: NUMBER_COLUMNS, exposures: NUMBER_COLUMNS, attributes: {} as Record<string, string> };
const unnest = (table: keyof typeof COLUMN_TYPES, columns: readonly string[], first: number) =>
  `unnest(${columns.map((column, i) => `$${first + i}::${COLUMN_TYPES[table][column] ?? 'text'}[]`).join(', ')}) AS t(${columns.join(', ')})`;
const list = (columns: readonly string[]) => columns.join(', ');

const D = EVENT_COLUMNS.length + 1;
const X = D + DECISION_COLUMNS.length;
const A = X + EXPOSURE_COLUMNS.length;
/** Whole requests in one statement: one round trip, one commit. */
const ADD_SQL = `
  WITH stored AS (
    INSERT INTO events (${list(EVENT_COLUMNS)})
    SELECT ${list(EVENT_COLUMNS)} FROM ${unnest('events', EVENT_COLUMNS, 1)}
    ON CONFLICT (project_id, uuid) DO NOTHING
    RETURNING project_id, uuid, visitor_id, COALESCE(key, type) AS event_key),
  counted_keys AS (
    INSERT INTO key_counts (project_id, event_key, events)
    SELECT project_id, event_key, COUNT(*) FROM stored GROUP BY project_id, event_key ORDER BY project_id, event_key
    ON CONFLICT (project_id, event_key) DO UPDATE SET events = key_counts.events + EXCLUDED.events),
  seen AS (
    INSERT INTO project_visitors (project_id, visitor_id)
    SELECT DISTINCT project_id, visitor_id FROM stored ORDER BY project_id, visitor_id
    ON CONFLICT DO NOTHING),
  decided AS (
    INSERT INTO decisions (${list(DECISION_COLUMNS)})
    SELECT ${list(DECISION_COLUMNS)} FROM ${unnest('decisions', DECISION_COLUMNS, D)}
    WHERE (t.project_id, t.event_uuid) IN (SELECT project_id, uuid FROM stored)
    ON CONFLICT DO NOTHING),
  exposed AS (
    INSERT INTO exposures (${list(EXPOSURE_COLUMNS)})
    SELECT ${list(EXPOSURE_COLUMNS)} FROM ${unnest('exposures', EXPOSURE_COLUMNS, X)}
    WHERE (t.project_id, t.event_uuid) IN (SELECT project_id, uuid FROM stored)
    ON CONFLICT DO NOTHING),
  attributed AS (
    INSERT INTO attributes (${list(ATTRIBUTE_COLUMNS)})
    SELECT ${list(ATTRIBUTE_COLUMNS)} FROM ${unnest('attributes', ATTRIBUTE_COLUMNS, A)}
    ON CONFLICT (project_id, visitor_id, key) DO UPDATE SET entity_id = EXCLUDED.entity_id, type = EXCLUDED.type, value = EXCLUDED.value)
  SELECT project_id, uuid FROM stored`;

/** The group's visitors (a JSON list of `[project, visitor]`, ./rows.ts) as rows. */
const GROUP_VISITORS = "SELECT value->>0 AS project_id, value->>1 AS visitor_id FROM json_array_elements(?::json)";
/**
 * Taken first, in one order: a visitor's rollups are rebuilt by one transaction at a time, and each rebuild
 * sees the events of the transactions before it (READ COMMITTED: each statement sees what was committed when it started).
 */
const LOCK_VISITORS = `SELECT pg_advisory_xact_lock(h) FROM (
  SELECT DISTINCT hashtextextended(project_id || '/' || visitor_id, 0) AS h FROM (${GROUP_VISITORS}) v ORDER BY h) locks`;
/** Which of them need their rollups rebuilt (./rollup-sql.ts), asked once the locks are held and the events are in. */
const PENDING = pendingVisitors("SELECT value->>0 AS project_id, value->>1 AS visitor_id, (value->>2)::int AS decided FROM json_array_elements(?::json)");
/**
 * The rollups' rebuild of those visitors, given as two arrays: `unnest` of arrays known at planning tells
 * PostgreSQL how many visitors there are (json_array_elements says 100 whatever the list), so it looks them
 * up by index instead of scanning every event. Sent unnamed, so each is planned with its arrays.
 */
const REBUILD = rebuildStatements('SELECT v.project_id, v.visitor_id FROM unnest(?::text[], ?::text[]) AS v(project_id, visitor_id)');

/** One array per column, for `unnest`. */
const columnsOf = (rows: readonly (readonly SqlValue[])[], width: number): SqlValue[][] =>
  Array.from({ length: width }, (_, column) => rows.map((row) => row[column]));

/**
 * Orders rows by their first `width` values (project, then uuid; or project, visitor, key), so two statements
 * touching the same keys lock them in the same order (no deadlock). Exported for its test.
 */
export const byKey = (a: readonly SqlValue[], b: readonly SqlValue[], width: number): number => {
  for (let i = 0; i < width; i++) if (a[i] !== b[i]) return String(a[i]) < String(b[i]) ? -1 : 1;
  return 0;
};

/** The server's address for messages, without a password. */
export const databaseAddress = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return 'an unreadable postgres:// address';
  }
};

/**
 * Watches a checked-out connection. The server may end it while it is checked out (a restart, a failover,
 * an administrator): the client then emits 'error', which without a listener would end the whole
 * collector process; the statement under way fails with it instead. A connection that failed is closed
 * on release, not given to the next request (as pool.query does): a statement that failed while its
 * values were being sent leaves the protocol mid-message.
 */
function watched(client: pg.PoolClient): { failed(error: unknown): void; release(): void } {
  let broken: unknown;
  const onError = (error: unknown) => {
    broken ??= error;
  };
  client.on('error', onError);
  return {
    failed: (error) => {
      broken = error;
    },
    release: () => {
      client.release(broken === undefined ? undefined : broken instanceof Error ? broken : new Error(String(broken)));
      client.off('error', onError);
    },
  };
}

/** An error's own words: a refused connection to a name with several addresses is an AggregateError without a message. */
const reasonOf = (error: unknown): string => {
  const { message, code, errors } = error as { message?: string; code?: string; errors?: unknown[] };
  return message || (errors?.length ? reasonOf(errors[0]) : code) || String(error);
};

/** Errors that mean "cannot reach the server now", not "this statement is wrong". */
const isUnreachable = (error: unknown): boolean => {
  if (error instanceof pg.DatabaseError) return /^(08|40|53|57|58)/.test(error.code ?? '');
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code == 'string' && /^E[A-Z]+$/.test(code)) || /connection|terminated|timeout|not queryable/i.test(String(message));
};

/**
 * Opens the PostgreSQL store: connects, upgrades the database's layout (./postgres-schema.ts).
 * @param url `postgres://user:password@host:port/database` (libpq's parameters, e.g. `?sslmode=`, as the `pg` client reads them).
 * @throws {StoreUnavailableError} naming the address when the server cannot be reached; {@link DatabaseRefusedError} naming it for any other refusal (authentication, missing database, newer layout).
 */
export async function openPostgresStore(url: string, options: EventStoreOptions = {}): Promise<EventStore> {
  const maxReports = options.maxReports ?? MAX_REPORTS;
  const address = databaseAddress(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'varia-collector',
  });
  let warnedAt = 0;
  // An idle connection the server dropped (a restart): the pool discards it and opens another when needed.
  pool.on('error', (error) => {
    if (Date.now() - warnedAt < 10_000) return;
    warnedAt = Date.now();
    console.warn(`[collector] the connection to ${address} was lost (${reasonOf(error)}); reconnecting when needed`);
  });
  try {
    const client = await pool.connect();
    const connection = watched(client);
    try {
      await migratePostgres(client);
    } catch (error) {
      connection.failed(error);
      throw error;
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = reasonOf(error);
    if (isUnreachable(error)) throw new StoreUnavailableError(`The collector cannot reach its PostgreSQL database at ${address} (${reason}): start the server, or correct the address (--database, VARIA_COLLECTOR_DATABASE).`, { cause: error });
    throw new DatabaseRefusedError(`The collector cannot use its PostgreSQL database at ${address}: ${reason}.`, { cause: error });
  }

  const query = async (text: string, params: unknown[], write?: { name: string }): Promise<Record<string, unknown>[]> => {
    let index = 0;
    const config = { name: write?.name, text: text.replace(/\?/g, () => `$${++index}`), values: params, query_timeout: write && WRITE_TIMEOUT_MS };
    try {
      return (await pool.query(config)).rows;
    } catch (error) {
      if (isUnreachable(error)) throw new StoreUnavailableError(`the collector's PostgreSQL database at ${address} cannot be reached (${reasonOf(error)})`, { cause: error });
      throw error;
    }
  };
  /** Runs `body` in one transaction on one pooled connection: committed when it resolves, rolled back when it throws. */
  const transaction = async <T>(body: (run: (text: string, params: unknown[], name?: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new StoreUnavailableError(`the collector's PostgreSQL database at ${address} cannot be reached (${reasonOf(error)})`, { cause: error });
    }
    const connection = watched(client);
    const run = async (text: string, params: unknown[], name?: string) => {
      let index = 0;
      const config = { name, text: text.replace(/\?/g, () => `$${++index}`), values: params, query_timeout: WRITE_TIMEOUT_MS };
      return (await client.query(config)).rows;
    };
    try {
      await client.query('BEGIN');
      const result = await body(run);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      connection.failed(error);
      await client.query('ROLLBACK').catch(() => undefined);
      if (isUnreachable(error)) throw new StoreUnavailableError(`the collector's PostgreSQL database at ${address} cannot be reached (${reasonOf(error)})`, { cause: error });
      throw error;
    } finally {
      connection.release();
    }
  };
  const dialect: SqlDialect = { bytewise: ' COLLATE "C"', day: (time) => `FLOOR(${time} / 86400000)` };
  const sql = summaryQueries(dialect);
  const daily = dailyQueries(dialect);

  // A group of requests in one transaction (./group-commit.ts): the visitors locked, the rows in one statement,
  // the visitors' rollups rebuilt; the uuids it stored say which request's events were new.
  const write = async (group: readonly AddRequest[]): Promise<StoreResult[]> => {
    const { events, eventsPerRequest, attributes, visitors } = requestRows(group);
    const sorted = [...events].sort((a, b) => byKey(a.values, b.values, 2));
    const decisions = sorted.filter((event) => !!event.decision).map((event) => event.decision!);
    const exposures = sorted.filter((event) => !!event.exposure).map((event) => event.exposure!);
    const stored = await transaction(async (run) => {
      // Stryker disable next-line StringLiteral: a prepared statement's name only lets the server reuse its plan; unnamed, the statement does the same
      await run(LOCK_VISITORS, [visitors], 'varia-collector-lock');
      const added = await run(
        ADD_SQL,
        [
          ...columnsOf(sorted.map((event) => event.values), EVENT_COLUMNS.length),
          ...columnsOf(decisions, DECISION_COLUMNS.length),
          ...columnsOf(exposures, EXPOSURE_COLUMNS.length),
          ...columnsOf([...attributes].sort((a, b) => byKey(a, b, 3)), ATTRIBUTE_COLUMNS.length),
        ],
        // Stryker disable next-line StringLiteral: a prepared statement's name only lets the server reuse its plan; unnamed, the statement does the same
        'varia-collector-add',
      );
      // Stryker disable next-line StringLiteral: a prepared statement's name only lets the server reuse its plan; unnamed, the statement does the same
      const pending = await run(PENDING, [visitors], 'varia-collector-pending');
      const arrays = [pending.map((row) => row.project_id), pending.map((row) => row.visitor_id)];
      if (pending.length) for (const [i, statement] of REBUILD.entries()) await run(statement, arrays, `varia-collector-rebuild-${i}`);
      return added;
    });
    const unclaimed = new Set(stored.map((row) => JSON.stringify([row.project_id, row.uuid])));
    let next = 0;
    // An event sent twice in the group is new for the first request that sent it, a duplicate after.
    return eventsPerRequest.map((count) => {
      const accepted = events.slice(next, (next += count)).filter((event) => unclaimed.delete(JSON.stringify(event.values.slice(0, 2)))).length;
      return { accepted, duplicates: count - accepted };
    });
  };

  return {
    engine: 'postgres',
    add: createGroupCommit({ concurrency: GROUPS_IN_FLIGHT, write }),
    addReport: async (id, projectId, body, receivedAt) => {
      // The newest `maxReports` by arrival are kept: each insert drops what fell out of that window.
      await query(
        `WITH kept AS (INSERT INTO reports (id, project_id, body, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING seq)
         DELETE FROM reports WHERE seq <= (SELECT MAX(seq) FROM kept) - ?`,
        [id, projectId ?? null, body, receivedAt, maxReports],
        { name: 'varia-collector-report' },
      );
    },
    summary: (projectId) => readSummary(query, sql, projectId),
    daily: (projectId, experimentId, goal) => readDaily(query, daily, projectId, experimentId, goal),
    list: async (projectId, visitorId) =>
      (await query(
        `SELECT uuid, type, key, entity_id AS "entityId", timestamp, visitor_id AS "visitorId" FROM events
         WHERE project_id = ? AND (?::text IS NULL OR visitor_id = ?) ORDER BY timestamp, received_at`,
        [projectId, visitorId ?? null, visitorId ?? null],
      )) as unknown as StoredEvent[],
    variationOutcomes: (experimentId) => readVariationOutcomes(query, sql, experimentId),
    close: () => pool.end(),
  };
}
