/**
 * The collector on each engine (issue 39's figures):
 * - sustained events per second acknowledged, batches of 10 events on loopback, for a bounded run
 *   (`VARIA_COLLECTOR_BENCH_SECONDS`, default 30 s, after 2 s of warm-up), with one and with two
 *   collector processes (`npm run collector`'s script), and the p50 / p99 answer times; target at
 *   least 5,000 events/s with one process on libsql; the PostgreSQL ratio two processes / one;
 * - the CPU time per acknowledged event of the collector processes, the PostgreSQL server processes
 *   serving them and the load generator (from /proc): on a machine of 2 cores, what a second process
 *   can and cannot add;
 * - where a request's time goes: JSON parsing and checks, the store's SQL, and the commit's sync to
 *   disk (libsql: a file with `synchronous = FULL` against memory; PostgreSQL: `synchronous_commit`
 *   on against off), measured in this process, one request of 10 events at a time;
 * - the results summary over 100,000, 300,000 and 1,000,000 stored events on each engine
 *   (`VARIA_COLLECTOR_BENCH_EVENTS` sets the largest).
 * PostgreSQL is `VARIA_TEST_POSTGRES` if set, else a throwaway server started for the run (when
 * PostgreSQL is installed); without either the PostgreSQL rows are left out, with the reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresUnavailableReason, startThrowawayPostgres } from '../../../scripts/lib/postgres';
import type { EventStore } from '../../../services/collector/contract';
import { normalizeBody } from '../../../services/collector/normalize';
import { openEventStore } from '../../../services/collector/store';
import { envNumber } from '../../support/seeded';
import { type CollectorProcess, loadBatch, startCollectorProcess } from '../../support/collector-process';
import { createTestDatabase, TEST_POSTGRES_URL } from '../../support/postgres';
import type { BenchRow, BenchSuite } from '../table';
import { cpuSeconds, type LoadFigures, postgresBackends, sustainedLoad } from './collector-load';
import { summaryRows } from './collector-summary';

const SECONDS = envNumber('VARIA_COLLECTOR_BENCH_SECONDS', 30);
/** The summary is timed at a tenth, three tenths and all of this many events (`VARIA_COLLECTOR_BENCH_EVENTS`). */
const SUMMARY_EVENTS = envNumber('VARIA_COLLECTOR_BENCH_EVENTS', 1_000_000);
const SUMMARY_SIZES = [0.1, 0.3, 1].map((share) => Math.round((SUMMARY_EVENTS * share) / 1000) * 1000);

/** A database for one measurement, and how to drop it afterwards. */
interface Engine {
  name: string;
  fresh(): Promise<{ database: string; drop(): Promise<void> }>;
}

const libsqlEngine: Engine = {
  name: 'libsql',
  fresh: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-bench-collector-'));
    return { database: join(dir, 'collector.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

const postgresEngine = (serverUrl: string): Engine => ({
  name: 'PostgreSQL',
  fresh: async () => {
    const database = await createTestDatabase('bench', serverUrl);
    return { database: database.url, drop: () => database.drop() };
  },
});

/** A load's figures, with the CPU time per acknowledged event of each party (microseconds). */
interface Throughput extends LoadFigures {
  cpu: { collectors: number; postgres: number; loader: number };
}

/** Sustained load on `processes` collectors sharing one fresh database. */
async function throughput(engine: Engine, processes: number): Promise<Throughput> {
  const { database, drop } = await engine.fresh();
  // The first one creates the layout; the others find it.
  const collectors: CollectorProcess[] = [await startCollectorProcess(database)];
  while (collectors.length < processes) collectors.push(await startCollectorProcess(database));
  const collectorPids = collectors.map(({ child }) => child.pid!);
  const databaseName = database.startsWith('postgres') ? new URL(database).pathname.slice(1) : undefined;
  const backends = () => (databaseName ? postgresBackends(databaseName) : []);
  try {
    // The pools' connections open with the first requests: the backends are read after the load, their CPU from their start.
    const before = { collectors: cpuSeconds(collectorPids), loader: process.cpuUsage() };
    const figures = await sustainedLoad(collectors.map(({ url }) => url), { seconds: SECONDS, project: 'bench-load' });
    const loader = process.cpuUsage(before.loader);
    const perEvent = (seconds: number) => Math.round((seconds * 1e6) / figures.totalEvents);
    return {
      ...figures,
      cpu: {
        collectors: perEvent(cpuSeconds(collectorPids) - before.collectors),
        postgres: perEvent(cpuSeconds(backends())),
        loader: perEvent((loader.user + loader.system) / 1e6),
      },
    };
  } finally {
    for (const { child, exited } of collectors) {
      child.kill('SIGTERM');
      await exited;
    }
    await drop();
  }
}

const loadRows = (engine: string, processes: number, figures: Throughput, peer?: Throughput): BenchRow[] => {
  const label = `${engine}, ${processes} process${processes > 1 ? 'es' : ''}`;
  return [
    {
      name: `${label}: events/s acknowledged (batches of 10, ${SECONDS} s)`,
      value: figures.eventsPerSecond,
      unit: 'events/s',
      lowerIsBetter: false,
      peers: peer && [{ name: 'one process', value: peer.eventsPerSecond }],
    },
    { name: `${label}: answer time p50`, value: Number(figures.p50.toFixed(2)), unit: 'ms' },
    // Sent again by a tracker; counted here so a run where requests failed says so.
    ...(figures.failed ? [{ name: `${label}: requests not acknowledged (answered non-2xx or cut off)`, value: figures.failed, unit: 'requests' }] : []),
    { name: `${label}: answer time p99`, value: Number(figures.p99.toFixed(2)), unit: 'ms' },
    { name: `${label}: CPU per event, collector processes`, value: figures.cpu.collectors, unit: 'µs' },
    ...(engine == 'PostgreSQL' ? [{ name: `${label}: CPU per event, PostgreSQL server processes`, value: figures.cpu.postgres, unit: 'µs' }] : []),
    { name: `${label}: CPU per event, load generator (this process)`, value: figures.cpu.loader, unit: 'µs' },
  ];
};

/** Median microseconds of `run` over `count` calls, each with a new request body of 10 events. */
async function perRequest(count: number, run: (body: string, n: number) => unknown): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const body = JSON.stringify(loadBatch('bench-parts', `p${n}-${Math.random()}`, 10));
    const started = performance.now();
    await run(body, n);
    times.push((performance.now() - started) * 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(count / 2)];
}

const addTime = (store: EventStore) => perRequest(2000, (body) => store.add(normalizeBody(body), Date.now()));

/** Where a request's time goes, in this process. */
async function breakdownRows(postgresUrl?: string): Promise<BenchRow[]> {
  const parse = await perRequest(5000, (body) => normalizeBody(body));
  const rows: BenchRow[] = [{ name: 'per request of 10 events: JSON parsing and checks', value: Math.round(parse), unit: 'µs' }];
  const memory = await openEventStore();
  const file = await libsqlEngine.fresh();
  const onDisk = await openEventStore(file.database);
  const [sqlOnly, synced] = [await addTime(memory), await addTime(onDisk)];
  await Promise.all([memory.close(), onDisk.close(), file.drop()]);
  rows.push(
    { name: 'libsql: SQL of one request (memory, no sync)', value: Math.round(sqlOnly), unit: 'µs' },
    { name: 'libsql: write-ahead log and its sync at commit (file, FULL, minus memory)', value: Math.round(synced - sqlOnly), unit: 'µs' },
  );
  if (postgresUrl) {
    const database = await createTestDatabase('parts', postgresUrl);
    const url = new URL(database.url);
    const durable = await openEventStore(url.toString());
    url.searchParams.set('options', '-c synchronous_commit=off');
    const unsynced = await openEventStore(url.toString());
    const [statement, flushed] = [await addTime(unsynced), await addTime(durable)];
    await Promise.all([durable.close(), unsynced.close()]);
    await database.drop();
    rows.push(
      { name: 'PostgreSQL: one request\'s statement and round trip (commit not waiting for the log flush)', value: Math.round(statement), unit: 'µs' },
      { name: 'PostgreSQL: the log flush the commit waits for (on minus off)', value: Math.round(flushed - statement), unit: 'µs' },
    );
  }
  return rows;
}

export const collectorBench: BenchSuite = {
  name: 'collector',
  title: `Collector: events/s with one and two processes (batches of 10, loopback, ${SECONDS} s), where a request's time goes, the summary over ${SUMMARY_EVENTS.toLocaleString('en')} events`,
  run: async () => {
    let postgresUrl = TEST_POSTGRES_URL;
    const reason = postgresUrl ? undefined : postgresUnavailableReason();
    const server = postgresUrl || reason ? undefined : await startThrowawayPostgres();
    postgresUrl ??= server?.url;
    try {
      const rows: BenchRow[] = [];
      for (const engine of [libsqlEngine, ...(postgresUrl ? [postgresEngine(postgresUrl)] : [])]) {
        const one = await throughput(engine, 1);
        const two = await throughput(engine, 2);
        rows.push(...loadRows(engine.name, 1, one), ...loadRows(engine.name, 2, two, one));
      }
      rows.push(...(await breakdownRows(postgresUrl)));
      rows.push(...(await summaryBenchRows(postgresUrl)));
      if (!postgresUrl) console.warn(`PostgreSQL rows left out: ${reason}`);
      return rows;
    } finally {
      server?.destroy();
    }
  },
};

/** The summary's rows on each engine (PostgreSQL when `postgresUrl` is given), each on a fresh database. */
async function summaryBenchRows(postgresUrl?: string): Promise<BenchRow[]> {
  const file = await libsqlEngine.fresh();
  const libsql = await openEventStore(file.database);
  const rows = await summaryRows('libsql', libsql, SUMMARY_SIZES);
  await libsql.close();
  await file.drop();
  if (postgresUrl) {
    const database = await createTestDatabase('summary', postgresUrl);
    const postgres = await openEventStore(database.url);
    const settle = async () => void (await database.query('VACUUM (ANALYZE) events, decisions, key_counts, project_visitors, counted, counted_goals'));
    rows.push(...(await summaryRows('PostgreSQL', postgres, SUMMARY_SIZES, settle)));
    await postgres.close();
    await database.drop();
  }
  return rows;
}

/** The summary's rows alone (`npm run bench -- collector-summary`): minutes, where the whole collector suite takes many more. */
export const collectorSummaryBench: BenchSuite = {
  name: 'collector-summary',
  title: `Collector: the results summary of a project with 10 experiments over ${SUMMARY_SIZES.map((size) => size.toLocaleString('en')).join(' / ')} events`,
  run: async () => {
    let postgresUrl = TEST_POSTGRES_URL;
    const reason = postgresUrl ? undefined : postgresUnavailableReason();
    const server = postgresUrl || reason ? undefined : await startThrowawayPostgres();
    postgresUrl ??= server?.url;
    try {
      if (!postgresUrl) console.warn(`PostgreSQL rows left out: ${reason}`);
      return await summaryBenchRows(postgresUrl);
    } finally {
      server?.destroy();
    }
  },
};
