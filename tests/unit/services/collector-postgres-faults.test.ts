/**
 * Several collector processes on one PostgreSQL, under faults (real processes, a real server):
 * - two collectors, the same batch posted to both at the same moment, then one SIGKILLed in the middle
 *   of a load: every acknowledged uuid is stored, none twice (counted by uuid in the database);
 * - the server itself crashed (`pg_ctl stop -m immediate`) and started again in the middle of a load,
 *   on a throwaway cluster of this test's own: the collectors answer 503 meanwhile, recover by
 *   themselves, and every acknowledged event is stored.
 * A collector that cannot reach its database at start says so in one line naming it, and exits 1.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason, startThrowawayPostgres, type ThrowawayPostgres } from '../../../scripts/lib/postgres';
import { type CollectorProcess, loadBatch, startCollectorProcess, startLoad } from '../../support/collector-process';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres';

const running = new Set<CollectorProcess>();
afterEach(() => {
  for (const collector of running) collector.child.kill('SIGKILL');
  running.clear();
});
const start = async (database: string) => {
  const collector = await startCollectorProcess(database);
  running.add(collector);
  return collector;
};

/** Every stored uuid of a project, read from the database itself, with how many rows each has. */
const storedUuids = async (url: string, project: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ uuid: string; n: string }>('SELECT uuid, COUNT(*) AS n FROM events WHERE project_id = $1 GROUP BY uuid', [project]);
    return { uuids: new Set(rows.map((row) => row.uuid)), storedTwice: rows.filter((row) => Number(row.n) > 1).map((row) => row.uuid) };
  } finally {
    await client.end();
  }
};

describePostgres('two collector processes on one PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('faults');
  });
  afterAll(() => database?.drop());

  it('TRK-39 the same batch at the same moment to both is stored once; SIGKILL of one mid-load loses no acknowledged event and stores none twice', async () => {
    const [a, b] = await Promise.all([start(database.url), start(database.url)]);
    const same = JSON.stringify(loadBatch('pg-kill', 'same', 10));
    const answers = await Promise.all([a, b].map(async ({ url }) => (await fetch(`${url}/v1/events`, { method: 'POST', body: same })).json()));
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(10);
    expect(answers.reduce((sum, answer) => sum + answer.duplicates, 0)).toBe(10);

    let targets = [a.url, b.url];
    const load = startLoad({ targets: () => targets, project: 'pg-kill' });
    await load.until((counts) => counts.ok >= 40);
    a.child.kill('SIGKILL');
    await a.exited;
    targets = [b.url];
    const acknowledgedAtKill = load.counts.ok;
    await load.until((counts) => counts.ok >= acknowledgedAtKill + 40);
    await load.finish();

    const { uuids, storedTwice } = await storedUuids(database.url, 'pg-kill');
    expect([...load.acknowledged].filter((uuid) => !uuids.has(uuid)), 'acknowledged but not stored').toEqual([]);
    expect(storedTwice).toEqual([]);
    expect(load.counts.other).toBe(0);
    console.info(`two collectors, one killed: ${load.acknowledged.size} acknowledged events all stored once, ${load.counts.cutOff} requests cut off and sent again`);
  }, 60_000);
});

const OWN_SERVER_SKIP = postgresUnavailableReason();
describePostgres(
  'collectors while PostgreSQL crashes and restarts',
  () => {
    let server: ThrowawayPostgres;
    beforeAll(async () => {
      server = await startThrowawayPostgres();
    });
    afterAll(() => server?.destroy());

    it('TRK-39 they answer 503 while it is down, recover by themselves, and every acknowledged event is stored', async () => {
      const collectors = await Promise.all([start(server.url), start(server.url)]);
      const load = startLoad({ targets: () => collectors.map(({ url }) => url), project: 'pg-restart', loaders: 3 });
      await load.until((counts) => counts.ok >= 30);
      // A crash: no checkpoint, the server recovers from its log at the next start.
      server.stopServer('immediate');
      await load.until((counts) => counts.unavailable >= 3);
      const acknowledgedWhileDown = load.counts.ok;
      server.startServer();
      await load.until((counts) => counts.ok >= acknowledgedWhileDown + 30);
      await load.finish();

      const { uuids, storedTwice } = await storedUuids(server.url, 'pg-restart');
      expect([...load.acknowledged].filter((uuid) => !uuids.has(uuid)), 'acknowledged but not stored').toEqual([]);
      expect(storedTwice).toEqual([]);
      expect(load.counts.other).toBe(0);
      console.info(`PostgreSQL crashed and restarted under load: ${load.counts.unavailable} answers 503, then ${load.acknowledged.size} acknowledged events all stored`);
    }, 60_000);
  },
  OWN_SERVER_SKIP,
);

describe('a collector whose database cannot be reached at start', () => {
  it('says so in one line naming the address (no stack) and exits with status 1', async () => {
    const address = 'postgres://varia:secret@127.0.0.1:1/varia';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/collector.ts', '--database', address, '--port', '0'], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cannot reach its PostgreSQL database at postgres://varia:****@127.0.0.1:1/varia');
    expect(lines[0]).not.toContain('secret');
  }, 30_000);
});
