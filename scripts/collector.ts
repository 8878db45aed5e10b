/**
 * `npm run collector -- [--database <postgres://... or file>] [--port N]`: the event collector alone
 * (no homepage, demos or editor), so several can run side by side on one PostgreSQL database behind a
 * load balancer. The database defaults to `VARIA_COLLECTOR_DATABASE`, else `.data/collector.sqlite`;
 * the port to {@link DEFAULT_PORT} (0 picks a free one). Prints the collector's URL once it listens.
 * A database that cannot be reached or refuses the collector is one line naming it, and exit status 1.
 */
import { parseArgs } from 'node:util';
import { databaseAddress } from '../services/collector/postgres-store';
import { isDatabaseError, isPostgresAddress } from '../services/collector/store';
import { startServices } from '../services/index';

/** The collector's port when none is given (`npm start` serves on 4477). */
const DEFAULT_PORT = 4480;

const USAGE = 'Usage: npm run collector -- [--database <postgres://user@host:port/db or a SQLite file>] [--port <N>]';

/** Starts the collector; resolves to the exit status when it cannot start. */
async function main(): Promise<number | undefined> {
  let values: { database?: string; port?: string };
  try {
    ({ values } = parseArgs({ options: { database: { type: 'string' }, port: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`--port ${values.port} is not a port number.\n${USAGE}`);
    return 2;
  }
  const database = values.database ?? (process.env.VARIA_COLLECTOR_DATABASE || undefined);
  const described = !database ? 'SQLite .data/collector.sqlite' : isPostgresAddress(database) ? `PostgreSQL ${databaseAddress(database)}` : `SQLite ${database}`;
  let services;
  try {
    services = await startServices({ port, database, collectorOnly: true });
  } catch (error) {
    if (isDatabaseError(error)) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${port} is in use: choose another with --port.`);
    else throw error;
    return 1;
  }
  console.log(`Varia collector: ${services.url}   (${described})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    services.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Closing the collector failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return undefined;
}

main().then(
  (status) => {
    if (status !== undefined) process.exit(status);
  },
  (error: unknown) => {
    console.error('npm run collector failed:', error);
    process.exit(1);
  },
);
