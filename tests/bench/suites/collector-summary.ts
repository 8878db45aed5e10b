/**
 * The results summary over a large event table, for the collector bench: the store is filled through
 * its own `add` (requests of 10,000 events) with visitors of ten events each (a decision for one of
 * two variations of one of the project's {@link EXPERIMENTS} experiments, page views, goals with revenue,
 * some before the decision), up to each size in turn,
 * and `summary` is timed at each size (median of three, after one untimed run).
 */
import type { TrackerBatch } from '../../../core/kinds/tracking';
import type { EventStore } from '../../../services/collector/contract';
import { normalizeBody } from '../../../services/collector/normalize';
import type { BenchRow } from '../table';

/** Events per visitor in the filled table. */
const EVENTS_PER_VISITOR = 10;
/** Experiments of the project (issue 38: "a project with 10 experiments"), each with its own campaign. */
const EXPERIMENTS = 10;
/** Events per `add` call while filling. */
const FILL_REQUEST = 10_000;

/** Visitor `v`'s ten events: decided at t, a view, goals before and after the decision, revenue on purchases. */
const visitorBatch = (project: string, v: number): unknown => {
  const at = 1_000_000 + v * 10;
  // The experiment is v mod 10, the variation the next digit's parity: both variations in every experiment.
  const variation = Math.floor(v / EXPERIMENTS) % 2 ? 'B' : 'A';
  const goal = (i: number, key: string, time: number, revenue?: number) => ({ e: key, k: key, y: 'custom', t: time, u: `${v}-${i}`, ...(revenue !== undefined && { $: revenue }) });
  return {
    account_id: 'bench', project_id: project, client_name: 'js', client_version: '1', revision: '1',
    visitors: [{
      visitor_id: `visitor-${v}`,
      snapshots: [{
        decisions: [{ c: `L${v % EXPERIMENTS}`, x: `X${v % EXPERIMENTS}`, v: variation, h: false }],
        events: [
          { e: `L${v % EXPERIMENTS}`, y: 'campaign_activated', t: at, u: `${v}-0` },
          { e: 'home', k: 'home', y: 'view_activated', t: at + 1, u: `${v}-1` },
          goal(2, 'signup', at - 5),
          goal(3, 'signup', at + 2),
          goal(4, 'add_to_cart', at + 3),
          goal(5, 'add_to_cart', at + 4),
          goal(6, 'buy', at + 5, 1000 + (v % 7) * 250),
          goal(7, 'buy', at + 6, v % 3 ? 500 : undefined),
          goal(8, 'share', at + 7),
          { e: 'page', k: 'checkout', y: 'view_activated', t: at + 8, u: `${v}-9` },
        ],
      }],
    }],
  };
};

/** Adds visitors [from, to) in requests of {@link FILL_REQUEST} events. */
async function fill(store: EventStore, project: string, fromVisitor: number, toVisitor: number): Promise<void> {
  const perRequest = FILL_REQUEST / EVENTS_PER_VISITOR;
  for (let start = fromVisitor; start < toVisitor; start += perRequest) {
    const batches: unknown[] = [];
    for (let v = start; v < Math.min(toVisitor, start + perRequest); v++) batches.push(visitorBatch(project, v));
    // normalizeBody takes at most 100 batches per request; the store itself takes any list.
    const normalised: TrackerBatch[] = [];
    for (let i = 0; i < batches.length; i += 100) normalised.push(...normalizeBody(JSON.stringify(batches.slice(i, i + 100))));
    await store.add(normalised, Date.now());
  }
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Fills `store` up to each size of `sizes` (events) and times the summary at each; one row per size.
 * `settle` runs after each fill (PostgreSQL: what autovacuum does on a live database, statistics and visibility).
 */
export async function summaryRows(engine: string, store: EventStore, sizes: number[], settle?: () => Promise<void>): Promise<BenchRow[]> {
  const project = 'bench-summary';
  const rows: BenchRow[] = [];
  let visitors = 0;
  for (const size of sizes) {
    const target = size / EVENTS_PER_VISITOR;
    const fillStarted = performance.now();
    await fill(store, project, visitors, target);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    visitors = target;
    await settle?.();
    await store.summary(project);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const summary = await store.summary(project);
      times.push(performance.now() - started);
      if (summary.events != size) throw new Error(`${engine}: ${summary.events} events stored, ${size} expected`);
    }
    rows.push({ name: `${engine}: results summary over ${size.toLocaleString('en')} events (filled in ${fillSeconds.toFixed(1)} s)`, value: Math.round(median(times)), unit: 'ms' });
  }
  return rows;
}
