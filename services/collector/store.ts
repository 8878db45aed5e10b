/**
 * The collector's event store: one contract (./contract.ts), two engines. SQLite through libsql is the
 * default (a file, or memory for tests); a `postgres://` address selects PostgreSQL, for several
 * collector processes on one database server. See ./README.md for how to choose.
 */
import type { EventStore, EventStoreOptions } from './contract';
import { openLibsqlStore } from './libsql-store';
import { openPostgresStore } from './postgres-store';

export type { EventStore, EventStoreOptions, ProjectSummary, StoredEvent, StoreResult, VariationSummary } from './contract';
export { DatabaseRefusedError, isDatabaseError, MAX_REPORTS, StoreUnavailableError } from './contract';
export { RUNTIME_EVENT_TYPES } from './summary-sql';

/** True for a PostgreSQL address (`postgres://` or `postgresql://`). */
export const isPostgresAddress = (database: string): boolean => /^postgres(ql)?:\/\//i.test(database);

/**
 * Opens the store.
 * @param database a `postgres://` address (PostgreSQL), a SQLite file path (libsql), or undefined for a SQLite database in memory (tests).
 * @returns the store, its layout upgraded; rejects with a message naming the database when it cannot be opened.
 */
export function openEventStore(database?: string, options: EventStoreOptions = {}): Promise<EventStore> {
  return database && isPostgresAddress(database) ? openPostgresStore(database, options) : openLibsqlStore(database, options);
}
