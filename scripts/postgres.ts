/**
 * `npm run postgres`: a throwaway PostgreSQL server on loopback for the collector's PostgreSQL tests and
 * benchmarks, the same that `npm test` starts for itself: a fresh cluster in a temporary directory, on
 * a free port. Prints the line to export, then runs until Ctrl+C, which stops the server and deletes it.
 */
import { startThrowawayPostgres, TEST_POSTGRES_ENV } from './lib/postgres';

const server = await startThrowawayPostgres().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
console.log(`PostgreSQL ${server.url} is running (a throwaway cluster: Ctrl+C stops and deletes it). In another terminal:\n`);
console.log(`  export ${TEST_POSTGRES_ENV}=${server.url}`);
console.log(`  npx vitest run --project unit tests/unit/services/     # or npm run bench -- collector\n`);
const stop = () => {
  server.destroy();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Keeps the process (and so the server) alive until a signal.
setInterval(() => undefined, 1 << 30);
