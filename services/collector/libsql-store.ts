/**
 * The libsql engine of the event store (the default): SQLite through libsql (better-sqlite3's
 * synchronous API), in write-ahead-log mode with `synchronous = FULL`. Each request's batches are
 * written in one transaction (with the requests that arrived meanwhile: group commit, one sync for all,
 * ./group-commit.ts), and `add` resolves only once that transaction is committed to disk: the route answers 2xx
 * after that, so an acknowledged event survives the process being killed (TRK-39).
 * Events are unique by (project, uuid), so a batch delivered twice (a retry, a beacon then a resend on
 * the next page) is stored once, and the same uuid sent for another project is stored for both.
 * Performance reports are kept up to a fixed count, the oldest dropped. See ./README.md for why SQLite.
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { DatabaseRefusedError, type EventStore, type EventStoreOptions, MAX_REPORTS, type StoreResult, type StoredEvent, StoreUnavailableError } from './contract';
import { migrate } from './libsql-schema';
import { createGroupCommit } from './group-commit';
import { type AddRequest, ATTRIBUTE_COLUMNS, DECISION_COLUMNS, EVENT_COLUMNS, EXPOSURE_COLUMNS, requestRows, type SqlValue } from './rows';
import { pendingVisitors, rebuildStatements } from './rollup-sql';
import { dailyQueries, readDaily } from './daily-sql';
import { readSummary, readVariationOutcomes, type Row, type SqlDialect, summaryQueries } from './summary-sql';

/** How long a writer waits for another process's write lock before the request is answered 503. */
const BUSY_TIMEOUT_MS = 5000;

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(',');

/** Opens the file (or memory) in write-ahead-log mode with synced commits, at the current layout. */
const openDatabase = (file: string | undefined): Database.Database => {
  // Another collector process or services instance may hold the write lock briefly: wait for it.
  const db = new Database(file ?? ':memory:', { timeout: BUSY_TIMEOUT_MS });
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

/** The first bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/**
 * True when `file` exists and is no SQLite database at all (an empty file is a new database). Checked
 * before SQLite opens it: SQLite deletes the write-ahead log and shared-memory files of a database it fails
 * to read as it closes, and those must be moved aside with the file, not lost.
 */
const notADatabase = (file: string): boolean => {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    return read > 0 && header.toString('latin1', 0, read) !== SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
};

/** Moves an unusable file aside (never deleted), with its log and shared memory, and says where. */
const moveAside = (file: string, reason: string): void => {
  const aside = `${file}.unreadable-${Date.now()}`;
  console.warn(`[collector] ${file} could not be opened (${reason}); moved to ${aside}, starting empty`);
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
};

/** The lock stayed taken past the wait: the same answer as a database that is down (503, sent again later). */
const unavailableWhenBusy = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw new StoreUnavailableError(`the collector's SQLite file is locked by another writer (${(error as Error).message})`, { cause: error });
    throw error;
  }
};

/**
 * Opens the libsql store, upgrading an older file's layout (./libsql-schema.ts).
 * @param file the SQLite file, or undefined for memory only (tests).
 */
export async function openLibsqlStore(file?: string, options: EventStoreOptions = {}): Promise<EventStore> {
  const maxReports = options.maxReports ?? MAX_REPORTS;
  if (file) mkdirSync(dirname(file), { recursive: true });
  if (file && notADatabase(file)) moveAside(file, 'file is not a database');
  let db: Database.Database;
  try {
    db = openDatabase(file);
  } catch (error) {
    // A newer collector's file is not unreadable: it stays where it is, and this collector does not start.
    if (!file || error instanceof DatabaseRefusedError) throw error;
    // A database this code cannot use (damaged past its header): moved aside, and the collector starts empty.
    moveAside(file, (error as Error).message);
    db = openDatabase(file);
  }
  const rows = (sql: string, params: SqlValue[]): Row[] => db.prepare(sql).all(...params) as Row[];

  const insertEvent = db.prepare(`INSERT OR IGNORE INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${placeholders(EVENT_COLUMNS.length)})`);
  const insertDecision = db.prepare(`INSERT OR IGNORE INTO decisions (${DECISION_COLUMNS.join(', ')}) VALUES (${placeholders(DECISION_COLUMNS.length)})`);
  const insertExposure = db.prepare(`INSERT OR IGNORE INTO exposures (${EXPOSURE_COLUMNS.join(', ')}) VALUES (${placeholders(EXPOSURE_COLUMNS.length)})`);
  const upsertAttribute = db.prepare(`INSERT OR REPLACE INTO attributes (${ATTRIBUTE_COLUMNS.join(', ')}) VALUES (${placeholders(ATTRIBUTE_COLUMNS.length)})`);
  const countKey = db.prepare('INSERT INTO key_counts (project_id, event_key, events) VALUES (?, ?, ?) ON CONFLICT (project_id, event_key) DO UPDATE SET events = events + excluded.events');
  const addVisitor = db.prepare('INSERT OR IGNORE INTO project_visitors (project_id, visitor_id) VALUES (?, ?)');
  // The visitors of a group (its JSON list, ./rows.ts) whose rollups need rebuilding, then the rebuild of those.
  const findPending = db.prepare(pendingVisitors("SELECT json_extract(value, '$[0]') AS project_id, json_extract(value, '$[1]') AS visitor_id, json_extract(value, '$[2]') AS decided FROM json_each(?)"));
  const rebuild = rebuildStatements("SELECT json_extract(value, '$[0]') AS project_id, json_extract(value, '$[1]') AS visitor_id FROM json_each(?)").map((text) => db.prepare(text));
  const insertReport = db.prepare('INSERT OR IGNORE INTO reports (id, project_id, body, received_at) VALUES (?,?,?,?)');
  const pruneReports = db.prepare('DELETE FROM reports WHERE rowid IN (SELECT rowid FROM reports ORDER BY received_at, rowid LIMIT ?)');
  let reportCount = Number((rows('SELECT COUNT(*) AS n FROM reports', [])[0] ?? {}).n ?? 0);

  // One transaction for a group of requests (./group-commit.ts): every batch of each is stored, or none.
  const storeGroup = db.transaction((group: readonly AddRequest[]): StoreResult[] => {
    const { events, eventsPerRequest, attributes, visitors } = requestRows(group);
    for (const attribute of attributes) upsertAttribute.run(...attribute);
    let next = 0;
    // The counters once per key and visitor of the group, not once per event.
    const newPerKey = new Map<string, number>();
    const newVisitors = new Set<string>();
    const results = eventsPerRequest.map((count) => {
      let accepted = 0;
      for (const event of events.slice(next, (next += count))) {
        if (insertEvent.run(...event.values).changes == 0) continue;
        accepted++;
        // A decision (an exposure) is stored with the event that announced it, when that event is new.
        if (event.decision) insertDecision.run(...event.decision);
        if (event.exposure) insertExposure.run(...event.exposure);
        const [project, , , , , visitor, , type, , key] = event.values;
        const counter = JSON.stringify([project, key ?? type]);
        newPerKey.set(counter, (newPerKey.get(counter) ?? 0) + 1);
        newVisitors.add(JSON.stringify([project, visitor]));
      }
      return { accepted, duplicates: count - accepted };
    });
    // In the same transaction: the summary never sees events without their rollups.
    for (const [counter, events] of newPerKey) countKey.run(...(JSON.parse(counter) as SqlValue[]), events);
    for (const visitor of newVisitors) addVisitor.run(...(JSON.parse(visitor) as SqlValue[]));
    const pending = findPending.all(visitors) as Row[];
    if (pending.length) {
      const list = JSON.stringify(pending.map((row) => [row.project_id, row.visitor_id]));
      for (const statement of rebuild) statement.run(list);
    }
    return results;
  });
  const add = createGroupCommit({ concurrency: 1, write: async (group) => unavailableWhenBusy(() => storeGroup(group)) });

  const dialect: SqlDialect = { bytewise: '', day: (time) => `CAST(${time} / 86400000 AS INTEGER)` };
  const sql = summaryQueries(dialect);
  const daily = dailyQueries(dialect);
  const query = async (text: string, params: SqlValue[]) => rows(text, params);

  return {
    engine: 'libsql',
    add,
    addReport: async (id, projectId, body, receivedAt) =>
      unavailableWhenBusy(() => {
        reportCount += insertReport.run(id, projectId ?? null, body, receivedAt).changes;
        // Pruned a tenth at a time, so a steady stream of reports does not pay a delete each.
        if (reportCount > maxReports) reportCount -= pruneReports.run(reportCount - maxReports + Math.ceil(maxReports / 10)).changes;
      }),
    summary: (projectId) => readSummary(query, sql, projectId),
    daily: (projectId, experimentId, goal) => readDaily(query, daily, projectId, experimentId, goal),
    list: async (projectId, visitorId) =>
      rows(
        `SELECT uuid, type, key, entity_id AS "entityId", timestamp, visitor_id AS "visitorId" FROM events
         WHERE project_id = ? AND (? IS NULL OR visitor_id = ?) ORDER BY timestamp, received_at`,
        [projectId, visitorId ?? null, visitorId ?? null],
      ) as unknown as StoredEvent[],
    variationOutcomes: (experimentId) => readVariationOutcomes(query, sql, experimentId),
    close: async () => {
      if (!db.open) return;
      // The log folded back into the file: a stopped collector's file holds every event by itself (a copy
      // of it alone, as a backup, misses nothing).
      if (file) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
