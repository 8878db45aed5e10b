/**
 * Collector processes for the tests that kill them, and the load those tests send: `npm run collector`'s
 * script run by node with the tsx loader (one process, so SIGKILL hits the server itself) on a free port,
 * and loaders that post seeded batches the way the tracker does (a batch not answered 2xx is kept and
 * sent again), recording every uuid a 2xx acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A running collector process. */
export interface CollectorProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Resolves once the process has exited. */
  readonly exited: Promise<unknown>;
}

/** Starts `scripts/collector.ts --database <database> --port 0`; resolves once it listens. */
export function startCollectorProcess(database: string): Promise<CollectorProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/collector.ts', '--database', database, '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => child.once('exit', done));
    child.once('exit', (code) => reject(new Error(`collector process exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
      if (url) resolve({ child, url, exited });
      else reject(new Error(`unexpected first line from the collector: ${line}`));
    });
  });
}

/** A tracker-like batch of `size` goal events with uuids `<prefix>-e<i>`. */
export const loadBatch = (project: string, prefix: string, size: number) => ({
  account_id: 'acc',
  project_id: project,
  client_name: 'js',
  client_version: '0.224.0',
  revision: '1',
  visitors: [
    {
      visitor_id: `visitor-${prefix}`,
      session_id: 'AUTO',
      attributes: [],
      snapshots: [{ decisions: [], events: Array.from({ length: size }, (_, i) => ({ entity_id: 'e', key: 'buy', type: 'custom', timestamp: i, uuid: `${prefix}-e${i}` })) }],
    },
  ],
});

/** What a load saw. */
export interface LoadCounts {
  /** Requests answered 2xx. */
  ok: number;
  /** Requests answered 503 (database unreachable). */
  unavailable: number;
  /** Requests cut off (connection refused or reset: a collector killed). */
  cutOff: number;
  /** Any other answer (a failure the tests report). */
  other: number;
}

/** A running load. */
export interface Load {
  /** Every uuid of a batch answered 2xx. */
  readonly acknowledged: Set<string>;
  readonly counts: LoadCounts;
  /** Resolves once `predicate` holds after an answer (checked after each one). */
  until(predicate: (counts: LoadCounts) => boolean): Promise<void>;
  /** Stops making new batches; resolves once every batch made so far was acknowledged. */
  finish(): Promise<void>;
}

/**
 * Starts `loaders` loaders posting batches of `size` events, each to the next of `targets()` (round robin,
 * as a load balancer would); a batch answered anything but 2xx, or cut off, is sent again after `retryMs`.
 */
export function startLoad(options: { targets: () => string[]; project: string; loaders?: number; size?: number; retryMs?: number }): Load {
  const { targets, project, loaders = 4, size = 10, retryMs = 50 } = options;
  const acknowledged = new Set<string>();
  const counts: LoadCounts = { ok: 0, unavailable: 0, cutOff: 0, other: 0 };
  const waiters: Array<{ predicate: (counts: LoadCounts) => boolean; resolve: () => void }> = [];
  const pending: Array<ReturnType<typeof loadBatch>> = [];
  let made = 0;
  let sent = 0;
  let finishing = false;
  const answered = () => {
    for (const waiter of [...waiters]) if (waiter.predicate(counts)) waiters.splice(waiters.indexOf(waiter), 1) && waiter.resolve();
  };
  const loader = async () => {
    for (;;) {
      const batch = pending.shift() ?? (finishing ? undefined : loadBatch(project, `b${made++}`, size));
      if (!batch) return;
      const all = targets();
      const target = all[sent++ % all.length];
      let status = 0;
      try {
        const response = await fetch(`${target}/v1/events`, { method: 'POST', body: JSON.stringify(batch) });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        counts.cutOff++;
      }
      if (status >= 200 && status < 300) {
        counts.ok++;
        for (const event of batch.visitors[0].snapshots[0].events) acknowledged.add(event.uuid);
      } else {
        if (status == 503) counts.unavailable++;
        else if (status) counts.other++;
        pending.push(batch);
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
      answered();
    }
  };
  const running = Promise.all(Array.from({ length: loaders }, loader));
  return {
    acknowledged,
    counts,
    until: (predicate) => (predicate(counts) ? Promise.resolve() : new Promise((resolve) => waiters.push({ predicate, resolve }))),
    finish: async () => {
      finishing = true;
      await running;
    },
  };
}
