/**
 * TRK-39: an event the collector acknowledged is stored, even when the collector is killed with SIGKILL
 * in the middle of a load. The collector (libsql engine) runs in a child process on a free port with a temporary data
 * directory; a loader posts batches, several in flight, and the child is killed right after a seeded
 * number of acknowledgements (so answers of the last milliseconds are among them). After a restart on the
 * same directory, every uuid of a 2xx-acknowledged batch is stored, and none twice.
 *
 * Bounded for `npm test` (3 rounds, a few seconds each); `VARIA_KILL_ROUNDS=50 VARIA_KILL_SEED=7` runs longer.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCollectorProcess } from '../../support/collector-process';
import { envNumber, seeded } from '../../support/seeded';

const ROUNDS = envNumber('VARIA_KILL_ROUNDS', 3);
const SEED = envNumber('VARIA_KILL_SEED', 20261125);
const PROJECT = 'kill-test';

const children = new Set<ChildProcess>();
afterEach(() => children.forEach((child) => child.kill('SIGKILL')));

/** Starts the collector (`npm run collector`'s script) in a child process on the directory's SQLite file. */
const startChild = async (dataDir: string) => {
  const collector = await startCollectorProcess(join(dataDir, 'collector.sqlite'));
  children.add(collector.child);
  return collector;
};

const batchOf = (round: number, n: number, size: number) => ({
  account_id: 'acc',
  project_id: PROJECT,
  client_name: 'js',
  client_version: '0.224.0',
  revision: '1',
  visitors: [
    {
      visitor_id: `visitor-${round}-${n % 7}`,
      session_id: 'AUTO',
      attributes: [],
      snapshots: [
        {
          decisions: [],
          events: Array.from({ length: size }, (_, i) => ({ entity_id: 'e', key: 'buy', type: 'custom', timestamp: n, uuid: `r${round}-b${n}-e${i}` })),
        },
      ],
    },
  ],
});

describe('collector under SIGKILL', () => {
  it(`TRK-39 every 2xx-acknowledged event survives SIGKILL mid-load, none stored twice (seed ${SEED}, ${ROUNDS} rounds)`, async () => {
    const random = seeded(SEED);
    const dataDir = mkdtempSync(join(tmpdir(), 'varia-kill-'));
    const acknowledged: string[] = [];
    let lostInFlight = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { child, url, exited } = await startChild(dataDir);
        const killAfter = 10 + random.int(60);
        let acks = 0;
        let sent = 0;
        let killed = false;
        // Four loaders, each posting its next batch as soon as the last one is answered.
        const loader = async () => {
          while (!killed) {
            const n = sent++;
            const batch = batchOf(round, n, 1 + random.int(20));
            const uuids = batch.visitors[0].snapshots[0].events.map((event) => event.uuid);
            try {
              const response = await fetch(url + '/v1/events', { method: 'POST', body: JSON.stringify(batch) });
              const answer = (await response.json()) as { accepted: number; duplicates: number };
              if (response.ok && answer.accepted + answer.duplicates == uuids.length) acknowledged.push(...uuids);
              if (response.ok && ++acks == killAfter && !killed) {
                killed = true;
                child.kill('SIGKILL');
              }
            } catch {
              lostInFlight++;
              return;
            }
          }
        };
        await Promise.all([loader(), loader(), loader(), loader()]);
        await exited;
        children.delete(child);
      }
      const { child, url } = await startChild(dataDir);
      const { events } = (await (await fetch(`${url}/v1/events?projectId=${PROJECT}`)).json()) as { events: Array<{ uuid: string }> };
      child.kill('SIGKILL');
      const stored = events.map((event) => event.uuid);
      const missing = acknowledged.filter((uuid) => !stored.includes(uuid));
      expect(missing, `seed ${SEED}: acknowledged but not stored`).toEqual([]);
      expect(new Set(stored).size, 'stored twice').toBe(stored.length);
      expect(acknowledged.length).toBeGreaterThan(ROUNDS * 10);
      // The kill did land mid-load: requests were cut off in flight.
      expect(lostInFlight).toBeGreaterThan(0);
      console.info(`collector kill test (seed ${SEED}): ${ROUNDS} kills, ${acknowledged.length} acknowledged events all stored once, ${lostInFlight} requests cut off in flight`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000 + ROUNDS * 20_000);
});
