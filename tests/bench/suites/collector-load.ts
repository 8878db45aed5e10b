/**
 * Sustained load on collector processes, for the collector bench: `connections` keep-alive connections
 * on loopback (node:http, cheaper per request than fetch, so the loader takes less of the machine from
 * the collectors), each posting the next tracker batch of 10 events as soon as the last is answered,
 * spread over the collectors round robin (as a load balancer would), for a bounded time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadBatch } from '../../support/collector-process';

/** What a load measured. */
export interface LoadFigures {
  /** Events acknowledged (2xx) per second. */
  eventsPerSecond: number;
  /** Answer times of acknowledged requests, milliseconds. */
  p50: number;
  p99: number;
  /** Requests answered anything but 2xx, or cut off. */
  failed: number;
  /** Events acknowledged over the whole run, warm-up included (for CPU per event). */
  totalEvents: number;
}

const post = (agent: Agent, url: URL, body: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

/** Posts batches of `size` events to `targets` for `seconds`; the first `warmupSeconds` are not counted. */
export async function sustainedLoad(targets: string[], options: { seconds: number; warmupSeconds?: number; connections?: number; size?: number; project: string }): Promise<LoadFigures> {
  const { seconds, warmupSeconds = 2, connections = 32, size = 10, project } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const urls = targets.map((target) => new URL('/v1/events', target));
  const times: number[] = [];
  let failed = 0;
  let acknowledged = 0;
  let totalEvents = 0;
  let next = 0;
  const started = performance.now();
  const countFrom = started + warmupSeconds * 1000;
  const endAt = countFrom + seconds * 1000;
  const worker = async () => {
    while (performance.now() < endAt) {
      const n = next++;
      const body = JSON.stringify(loadBatch(project, `w${n}`, size));
      const sentAt = performance.now();
      // A connection reset (an idle keep-alive connection closed by the server as it was reused) is a failed request.
      const status = await post(agent, urls[n % urls.length], body).catch(() => 0);
      const answeredAt = performance.now();
      if (status >= 200 && status < 300) totalEvents += size;
      if (sentAt < countFrom || answeredAt > endAt) continue;
      if (status >= 200 && status < 300) {
        acknowledged += size;
        times.push(answeredAt - sentAt);
      } else failed++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  times.sort((a, b) => a - b);
  return { eventsPerSecond: Math.round(acknowledged / seconds), p50: percentile(times, 0.5), p99: percentile(times, 0.99), failed, totalEvents };
}

/** CPU seconds used so far by the processes `pids` (user and system, from /proc; 0 where it cannot be read). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended, or this system has no /proc.
    }
  }
  return ticks / CLOCK_TICKS;
}

/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/** The PostgreSQL server processes serving `database` (their process titles name it). */
export function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith(`postgres: varia ${database} `)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}
