/**
 * The store contract (services/collector/contract.ts) on both engines: the same tests run on libsql (in
 * memory) and on PostgreSQL (a real server, `VARIA_TEST_POSTGRES`; skipped by name without one). Then
 * both engines receive the same seeded events and must answer the same summary, statistics included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import { openEventStore, type EventStore, type EventStoreOptions } from '../../../services/collector/store';
import { normalizeBody } from '../../../services/collector/normalize';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres';
import { envNumber, seeded } from '../../support/seeded';

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

type Goal = [key: string, at: number, amounts?: { revenue?: number; value?: number }];

/** An exposure event (ruling 24): the visitor of `variation` could see what `basis` changes. */
type Exposure = [experiment: string, variation: string, basis: string, at: number];

/** One visitor's snapshot: a decision (with the event announcing it) when given, exposures and goal events. */
function visit(projectId: string, visitorId: string, options: { decide?: [experiment: string, variation: string, at: number, holdback?: boolean]; goals?: Goal[]; view?: number; exposures?: Exposure[] }): TrackerBatch {
  const events: object[] = [];
  const decisions: object[] = [];
  if (options.decide) {
    const [experiment, variation, at, holdback] = options.decide;
    const layer = `L-${experiment}`;
    decisions.push({ campaign_id: layer, experiment_id: experiment, variation_id: variation, is_campaign_holdback: !!holdback });
    events.push({ entity_id: layer, type: 'campaign_activated', timestamp: at, uuid: uuid() });
  }
  for (const [experiment, variation, basis, at] of options.exposures ?? []) events.push({ entity_id: experiment, type: 'exposure', timestamp: at, uuid: uuid(), tags: { variation, basis } });
  for (const [key, at, amounts] of options.goals ?? []) events.push({ entity_id: `e-${key}`, key, type: 'custom', timestamp: at, uuid: uuid(), ...amounts });
  if (options.view !== undefined) events.push({ entity_id: 'home', key: 'home', type: 'view_activated', timestamp: options.view, uuid: uuid() });
  return normalizeBody(JSON.stringify({ account_id: 'acc', client_name: 'js', client_version: '1', project_id: projectId, revision: '1', visitors: [{ visitor_id: visitorId, attributes: [], snapshots: [{ decisions, events }] }] }))[0];
}

/** How a contract test opens the engine's store, and reads the ids of the reports it kept. */
interface Engine {
  open(options?: EventStoreOptions): Promise<EventStore>;
  reportIds(): Promise<string[]>;
  /** The rows of a table, as the database holds them (ordered by `order`). */
  rows(sql: string): Promise<Record<string, unknown>[]>;
}

/** The contract's tests, for one engine. */
function contractTests(engine: Engine) {
  let store: EventStore;
  beforeEach(async () => {
    store = await engine.open();
  });
  afterEach(() => store?.close());

  const variation = async (projectId: string, experimentId: string, variationId: string) =>
    (await store.summary(projectId)).experiments.find((entry) => entry.experimentId === experimentId)?.variations.find((entry) => entry.variationId === variationId);

  it('EDT-24 counts, per variation and event, the distinct visitors decided into it who sent the event at or after their decision', async () => {
    await store.add([
      // A: v1 buys twice (counted once) and signs up; v2 signed up before the decision (not counted) and after it (counted).
      visit('shop', 'v1', { decide: ['X', 'A', 100], goals: [['buy', 150], ['buy', 160], ['signup', 170]] }),
      visit('shop', 'v2', { goals: [['signup', 90]] }),
      visit('shop', 'v2', { decide: ['X', 'A', 100], goals: [['signup', 200]] }),
      // B: v3 buys at the decision's own time (counted); its page view is the runtime's, not a conversion; v4 does nothing.
      visit('shop', 'v3', { decide: ['X', 'B', 100], goals: [['buy', 100]], view: 120 }),
      visit('shop', 'v4', { decide: ['X', 'B', 100] }),
      // A campaign holdback is not decided into B: its purchase is not B's.
      visit('shop', 'v5', { decide: ['X', 'B', 100, true], goals: [['buy', 200]] }),
      // v1 is decided into another experiment later: only what it sent after that decision counts there.
      visit('shop', 'v1', { decide: ['Y', 'C', 400], goals: [['signup', 500]] }),
      // Another project with the same ids is not mixed in.
      visit('other', 'w1', { decide: ['X', 'A', 100], goals: [['buy', 150], ['refund', 160]] }),
    ], 1);

    expect(await variation('shop', 'X', 'A')).toMatchObject({ variationId: 'A', visitors: 2, decisions: 2, conversions: 2, conversionsByEvent: { buy: 1, signup: 2 } });
    expect(await variation('shop', 'X', 'B')).toMatchObject({ variationId: 'B', visitors: 2, decisions: 2, conversions: 1, conversionsByEvent: { buy: 1 } });
    expect(await variation('shop', 'Y', 'C')).toMatchObject({ variationId: 'C', visitors: 1, decisions: 1, conversions: 1, conversionsByEvent: { signup: 1 } });
    expect((await variation('other', 'X', 'A'))?.conversionsByEvent).toEqual({ buy: 1, refund: 1 });
    expect(await store.variationOutcomes('Y')).toEqual([{ variationId: 'C', visitors: 1, conversions: 1 }]);
  });

  it('EDT-24 ruling 24: exposed visitors per variation and basis, by one rule for both arms, each counted from their first exposure on the basis', async () => {
    await store.add([
      // Control A. v1: exposed on its own basis at its decision and on B's at 300; buys at 200 (before B's exposure) and 400.
      visit('exp', 'v1', { decide: ['X', 'A', 100], exposures: [['X', 'A', 'A', 100], ['X', 'A', 'B', 300]], goals: [['buy', 200, { revenue: 7 }], ['buy', 400, { revenue: 5 }]] }),
      // v2: B's element was never on its page: exposed on A only.
      visit('exp', 'v2', { decide: ['X', 'A', 100], exposures: [['X', 'A', 'A', 100]], goals: [['buy', 150, { revenue: 3 }]] }),
      // v5: an exposure naming a variation it was not decided into counts nowhere; exposures are no goals.
      visit('exp', 'v5', { decide: ['X', 'A', 100], exposures: [['X', 'B', 'B', 120]] }),
      // Variation B. v3: B's changes applied at 120 (sent twice: the first counts), A's basis at the decision; buys at 110.
      visit('exp', 'v3', { decide: ['X', 'B', 100], exposures: [['X', 'B', 'A', 100], ['X', 'B', 'B', 120], ['X', 'B', 'B', 500]], goals: [['buy', 110, { revenue: 9 }]] }),
      // v4: B's change timed out: not exposed on B.
      visit('exp', 'v4', { decide: ['X', 'B', 100], exposures: [['X', 'B', 'A', 100]], goals: [['buy', 130, { revenue: 2 }]] }),
      // Another project's exposure is not mixed in.
      visit('exp-2', 'v1', { decide: ['X', 'A', 100], exposures: [['X', 'A', 'B', 100]] }),
    ], 1);
    const a = await variation('exp', 'X', 'A');
    const b = await variation('exp', 'X', 'B');
    expect(a).toMatchObject({ visitors: 3, conversions: 2 });
    expect(b).toMatchObject({ visitors: 2, conversions: 2 });
    expect(a?.exposed).toEqual({
      A: { visitors: 2, conversions: 2, conversionsByEvent: { buy: 2 }, statistics: { buy: { visitors: 2, conversions: 2, revenue: { sum: 15, sumOfSquares: 12 * 12 + 3 * 3 } } } },
      B: { visitors: 1, conversions: 1, conversionsByEvent: { buy: 1 }, statistics: { buy: { visitors: 1, conversions: 1, revenue: { sum: 5, sumOfSquares: 25 } } } },
    });
    expect(b?.exposed).toEqual({
      A: { visitors: 2, conversions: 2, conversionsByEvent: { buy: 2 }, statistics: { buy: { visitors: 2, conversions: 2, revenue: { sum: 11, sumOfSquares: 81 + 4 } } } },
      B: { visitors: 1, conversions: 0, conversionsByEvent: {}, statistics: {} },
    });
    expect((await store.summary('exp')).eventsByKey.exposure).toBe(8);
    expect((await variation('exp-2', 'X', 'A'))?.exposed.B.visitors).toBe(1);
    // The bandit's outcomes are the decided visitors'.
    expect(await store.variationOutcomes('X')).toEqual([{ variationId: 'A', visitors: 4, conversions: 2 }, { variationId: 'B', visitors: 2, conversions: 2 }]);
  });

  it('EDT-24 an event key such as __proto__ is counted as its own event', async () => {
    await store.add([visit('keys', 'v1', { decide: ['X', 'A', 1], goals: [['__proto__', 2], ['constructor', 3]] })], 1);
    const counts = (await variation('keys', 'X', 'A'))?.conversionsByEvent ?? {};
    expect(Object.keys(counts).sort()).toEqual(['__proto__', 'constructor']);
    expect(counts.__proto__).toBe(1);
    expect(JSON.parse(JSON.stringify(await store.summary('keys'))).experiments[0].variations[0].conversionsByEvent).toEqual(JSON.parse('{"__proto__":1,"constructor":1}'));
  });

  it('the statistics give, per variation and event, n, converters, and the sums and sums of squares of each visitor\'s revenue and value after the decision', async () => {
    await store.add([
      // v1 buys twice after its decision (its revenue total is 30 + 20 = 50), and once before it (not counted).
      visit('stats', 'v1', { goals: [['buy', 50, { revenue: 1000 }]] }),
      visit('stats', 'v1', { decide: ['X', 'A', 100], goals: [['buy', 110, { revenue: 30, value: 1.5 }], ['buy', 120, { revenue: 20 }]] }),
      // v2 buys once for 10; v3 only signs up (its revenue for buy is 0); v4 is a holdback.
      visit('stats', 'v2', { decide: ['X', 'A', 100], goals: [['buy', 130, { revenue: 10, value: 0.25 }]] }),
      visit('stats', 'v3', { decide: ['X', 'A', 100], goals: [['signup', 140]] }),
      visit('stats', 'v4', { decide: ['X', 'A', 100, true], goals: [['buy', 150, { revenue: 99 }]] }),
    ], 1);
    const statistics = (await variation('stats', 'X', 'A'))?.statistics;
    expect(statistics).toEqual({
      buy: { visitors: 3, conversions: 2, revenue: { sum: 60, sumOfSquares: 50 * 50 + 10 * 10 }, value: { sum: 1.75, sumOfSquares: 1.5 * 1.5 + 0.25 * 0.25 } },
      signup: { visitors: 3, conversions: 1 },
    });
  });

  it('TRK-39 a request is stored whole; the same uuid again is a duplicate in its project only; list gives them oldest first', async () => {
    const batch = visit('dup', 'v1', { goals: [['buy', 2], ['buy', 1]] });
    expect(await store.add([batch], 10)).toEqual({ accepted: 2, duplicates: 0 });
    expect(await store.add([batch, batch], 11)).toEqual({ accepted: 0, duplicates: 4 });
    expect(await store.add([{ ...batch, project_id: 'dup-2' }], 12)).toEqual({ accepted: 2, duplicates: 0 });
    const listed = await store.list('dup', 'v1');
    expect(listed.map((event) => [event.timestamp, event.key, event.visitorId, event.type])).toEqual([[1, 'buy', 'v1', 'custom'], [2, 'buy', 'v1', 'custom']]);
    expect(await store.list('dup', 'nobody')).toEqual([]);
    expect(await store.summary('dup')).toMatchObject({ events: 2, visitors: 1, eventsByKey: { buy: 2 } });
  });

  it('EDT-24 a decision stored later with an earlier time moves when the visitor counts: goals between the two times count then (rollups rebuilt)', async () => {
    await store.add([visit('late', 'v1', { decide: ['X', 'A', 100], goals: [['buy', 50, { revenue: 7 }], ['buy', 150, { revenue: 5 }]] })], 1);
    expect((await variation('late', 'X', 'A'))?.statistics.buy).toEqual({ visitors: 1, conversions: 1, revenue: { sum: 5, sumOfSquares: 25 } });
    await store.add([visit('late', 'v1', { decide: ['X', 'A', 40] })], 2);
    expect(await variation('late', 'X', 'A')).toMatchObject({ visitors: 1, decisions: 2, firstDecisionAt: 40, statistics: { buy: { visitors: 1, conversions: 1, revenue: { sum: 12, sumOfSquares: 144 } } } });
    // A goal arriving in a later request, before the decision, counts nowhere; after it, adds to the visitor's total.
    await store.add([visit('late', 'v1', { goals: [['buy', 30, { revenue: 100 }], ['buy', 300, { revenue: 3 }]] })], 3);
    expect((await variation('late', 'X', 'A'))?.statistics.buy.revenue).toEqual({ sum: 15, sumOfSquares: 225 });
    expect((await store.summary('late')).eventsByKey).toEqual({ buy: 4, campaign_activated: 2 });
  });

  it('TRK-39 the same batch received twice at the same moment is stored once', async () => {
    const batch = visit('race', 'v1', { decide: ['X', 'A', 1], goals: [['buy', 2, { revenue: 5 }]] });
    const answers = await Promise.all([store.add([batch], 1), store.add([batch], 1)]);
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(2);
    expect(answers.reduce((sum, answer) => sum + answer.duplicates, 0)).toBe(2);
    expect((await store.summary('race')).experiments[0].variations[0]).toMatchObject({ visitors: 1, decisions: 1, conversions: 1 });
  });

  it('a request that cannot be stored fails alone: requests arriving with it are stored (group commit)', async () => {
    const good = visit('alone', 'v1', { goals: [['buy', 1]] });
    // Past the checks of normalize.ts no batch holds a value SQL cannot take; this one does, so storing it fails.
    const bad = { ...visit('alone', 'v2', { goals: [['buy', 2]] }), account_id: { neither: 'text nor JSON', n: 1n } } as unknown as TrackerBatch;
    const answers = await Promise.allSettled([store.add([good], 1), store.add([bad], 1), store.add([visit('alone', 'v3', { goals: [['buy', 3]] })], 1)]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.list('alone')).map((event) => event.visitorId)).toEqual(['v1', 'v3']);
  });

  it('TRK-41 visitor attributes are kept once per project, visitor and key, the last sent winning; a report keeps its project or none', async () => {
    const withAttributes = (visitorId: string, attributes: object[]) =>
      normalizeBody(JSON.stringify({ account_id: 'acc', project_id: 'attrs', visitors: [{ visitor_id: visitorId, attributes, snapshots: [{ events: [{ entity_id: 'e', type: 'custom', timestamp: 1, uuid: uuid() }] }] }] }))[0];
    await store.add([withAttributes('v2', [{ k: 'plan', v: 'free' }]), withAttributes('v1', [{ e: 'ent', k: 'plan', t: 'custom', v: { tier: 2 } }, { k: 'country', v: 'PT' }])], 1);
    await store.add([withAttributes('v2', [{ k: 'plan', v: 'pro' }])], 2);
    expect(await engine.rows("SELECT visitor_id, key, entity_id, type, value FROM attributes WHERE project_id = 'attrs' ORDER BY visitor_id, key")).toEqual([
      { visitor_id: 'v1', key: 'country', entity_id: null, type: 'custom', value: '"PT"' },
      { visitor_id: 'v1', key: 'plan', entity_id: 'ent', type: 'custom', value: '{"tier":2}' },
      { visitor_id: 'v2', key: 'plan', entity_id: null, type: 'custom', value: '"pro"' },
    ]);
    await store.addReport('with', 'p', '{}', 1);
    await store.addReport('without', undefined, '{}', 2);
    expect(await engine.rows("SELECT id, project_id FROM reports WHERE id IN ('with', 'without') ORDER BY id")).toEqual([
      { id: 'with', project_id: 'p' },
      { id: 'without', project_id: null },
    ]);
  });

  it('TRK-43 performance reports are bounded: past the bound the oldest go, the newest stay', async () => {
    await store.close();
    store = await engine.open({ maxReports: 20 });
    for (let i = 0; i < 30; i++) await store.addReport(`r${i}`, 'p', `{"i":${i}}`, i);
    await store.addReport('r29', 'p', '{"again":true}', 99);
    const kept = await engine.reportIds();
    expect(kept.length).toBeLessThanOrEqual(20);
    expect(kept.length).toBeGreaterThan(16);
    expect(kept).toContain('r29');
    expect(kept).not.toContain('r0');
  });
}

describe('store contract: libsql', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'varia-contract-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  contractTests({
    open: (options) => openEventStore(join(dir, 'collector.sqlite'), options),
    reportIds: async () => {
      const reader = new Database(join(dir, 'collector.sqlite'), { readonly: true });
      const ids = (reader.prepare('SELECT id FROM reports').all() as Array<{ id: string }>).map((row) => row.id);
      reader.close();
      return ids;
    },
    rows: async (sql) => {
      const reader = new Database(join(dir, 'collector.sqlite'), { readonly: true });
      try {
        return reader.prepare(sql).all() as Record<string, unknown>[];
      } finally {
        reader.close();
      }
    },
  });
});

describePostgres('store contract: PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('contract');
  });
  afterAll(() => database?.drop());
  contractTests({
    // Each test starts empty: the tables (created by the first opening) are emptied after opening.
    open: async (options) => {
      const store = await openEventStore(database.url, options);
      await database.truncate();
      return store;
    },
    reportIds: async () => (await database.query('SELECT id FROM reports')).map((row) => String(row.id)),
    rows: (sql) => database.query(sql),
  });
});

const SEED = envNumber('VARIA_STORE_SEED', 20261203);
const VISITORS = envNumber('VARIA_STORE_VISITORS', 300);

/** Seeded visits: experiments with two or three variations, holdbacks, goals before and after decisions, amounts in whole cents. */
function seededVisits(seed: number, visitors: number): TrackerBatch[] {
  const random = seeded(seed);
  const batches: TrackerBatch[] = [];
  const experiments: Array<[string, string[]]> = [['X', ['A', 'B']], ['Y', ['C', 'D', 'E']]];
  for (let v = 0; v < visitors; v++) {
    const visitorId = `visitor-${v}`;
    for (const [experiment, variations] of experiments) {
      if (random.next() < 0.3) continue;
      const at = 1000 + random.int(1000);
      const goals: Goal[] = Array.from({ length: random.int(4) }, () => [
        random.pick(['buy', 'signup', 'share']),
        at - 200 + random.int(600),
        random.next() < 0.5 ? { revenue: random.int(50_000) } : random.next() < 0.5 ? { value: random.int(40) - 10 } : undefined,
      ]);
      const chosen = random.pick(variations);
      // Ruling 24: each variation's basis reached for some visitors, at or after the decision.
      const exposures = variations.filter(() => random.next() < 0.6).map((basis): Exposure => [experiment, chosen, basis, at + random.int(300)]);
      batches.push(visit('seeded', visitorId, { decide: [experiment, chosen, at, random.next() < 0.1], goals, view: at + 1, exposures }));
    }
  }
  return batches;
}

describePostgres('store contract: both engines answer the same numbers for the same events', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('same');
  });
  afterAll(() => database?.drop());

  it(`the summary and its statistics are equal on libsql and PostgreSQL (seed ${SEED}, ${VISITORS} visitors)`, async () => {
    const batches = seededVisits(SEED, VISITORS);
    const [libsql, postgres] = await Promise.all([openEventStore(), openEventStore(database.url)]);
    try {
      // Sent in requests of up to 20 batches, each request twice: duplicates are ignored on both.
      for (let i = 0; i < batches.length; i += 20) {
        const request = batches.slice(i, i + 20);
        for (const store of [libsql, postgres]) for (let round = 0; round < 2; round++) await store.add(request, i);
      }
      const [fromLibsql, fromPostgres] = await Promise.all([libsql.summary('seeded'), postgres.summary('seeded')]);
      expect(fromLibsql.experiments.flatMap((entry) => entry.variations).length).toBe(5);
      expect(Object.keys(fromLibsql.experiments[0].variations[0].statistics).sort()).toEqual(['buy', 'share', 'signup']);
      expect(Object.keys(fromLibsql.experiments[1].variations[0].exposed)).toEqual(['C', 'D', 'E']);
      // Same content and the same order (JSON text), not only deep equality.
      expect(JSON.stringify(fromPostgres)).toBe(JSON.stringify(fromLibsql));
      expect(await postgres.variationOutcomes('Y')).toEqual(await libsql.variationOutcomes('Y'));
    } finally {
      await Promise.all([libsql.close(), postgres.close()]);
    }
  });
});
