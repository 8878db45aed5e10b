/**
 * The PostgreSQL server of the tests: `VARIA_TEST_POSTGRES` (a URL of a user who may create databases),
 * which `npm test` sets to a throwaway server it starts when PostgreSQL is installed (`npm run postgres`
 * starts one by hand). Without it, the PostgreSQL tests are registered as skipped, their names and the
 * reason printed, and the rest runs. Each test file works in a database of its own, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { TEST_POSTGRES_ENV } from '../../scripts/lib/postgres';

/** The tests' server, or undefined when none was given. */
export const TEST_POSTGRES_URL = process.env[TEST_POSTGRES_ENV] || undefined;

/** Why the PostgreSQL tests are not run, or undefined when they are. */
export const POSTGRES_SKIP_REASON = TEST_POSTGRES_URL
  ? undefined
  : `${TEST_POSTGRES_ENV} is not set: \`npm test\` starts a PostgreSQL when one is installed (Debian: apt-get install postgresql); by hand, \`npm run postgres\` prints the line to export`;

/**
 * `describe` for tests that need PostgreSQL: skipped, with their name and the reason printed, when
 * `skipReason` is set (by default: when the tests' server is not given).
 */
export function describePostgres(name: string, body: () => void, skipReason = POSTGRES_SKIP_REASON): void {
  if (!skipReason) {
    describe(name, body);
    return;
  }
  console.warn(`[not run] ${name}: ${skipReason}`);
  describe.skip(`${name} (not run: ${skipReason.split(':')[0]})`, body);
}

/** A database of the tests' server, created for one file. */
export interface TestDatabase {
  readonly url: string;
  /** Empties the collector's tables (between tests sharing the database). */
  truncate(): Promise<void>;
  /** Runs one statement on the database (to look at what a test stored). */
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Drops the database (closing whatever still holds a connection to it). */
  drop(): Promise<void>;
}

const withServer = async <T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** Creates an empty database on the tests' server (or on `serverUrl`), named after `prefix`. */
export async function createTestDatabase(prefix: string, serverUrl = TEST_POSTGRES_URL): Promise<TestDatabase> {
  if (!serverUrl) throw new Error(POSTGRES_SKIP_REASON);
  const name = `varia_${prefix.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    truncate: () =>
      withServer(url.toString(), (client) => client.query('TRUNCATE events, decisions, exposures, attributes, reports, key_counts, project_visitors, counted, counted_goals')).then(() => undefined),
    query: (text, values) => withServer(url.toString(), async (client) => (await client.query(text, values)).rows),
    drop: () => withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
