/**
 * The results' chart query (issue 38, services/collector/daily-sql.ts) on both engines: an experiment's
 * cumulative figures per day for one goal, by hand on three days, and on seeded visits the last day's
 * figures equal the summary's for every variation and basis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import type { ProjectSummary } from '../../../services/collector/contract';
import { DAY_MS } from '../../../services/collector/daily-sql';
import { normalizeBody } from '../../../services/collector/normalize';
import { type EventStore, openEventStore } from '../../../services/collector/store';
import { rollupVisits } from '../../support/collector-visits';
import { createTestDatabase, describePostgres, type TestDatabase } from '../../support/postgres';

const DAY0 = 20_000;
const at = (day: number, ms: number) => (DAY0 + day) * DAY_MS + ms;
let counter = 0;

/** One visitor's events: a decision for `variation` of X when given, and goals `[key, time, revenue?]`. */
function visit(visitorId: string, variation: string | null, decidedAt: number, goals: Array<[string, number, number?]>): TrackerBatch {
  const events: object[] = goals.map(([key, time, revenue]) => ({ entity_id: 'g', key, type: 'custom', timestamp: time, uuid: `d-${++counter}`, ...(revenue !== undefined && { revenue }) }));
  const decisions = variation ? [{ campaign_id: 'L', experiment_id: 'X', variation_id: variation, is_campaign_holdback: false }] : [];
  if (variation) events.unshift({ entity_id: 'L', type: 'campaign_activated', timestamp: decidedAt, uuid: `d-${++counter}` });
  return normalizeBody(JSON.stringify({ account_id: 'acc', client_name: 'js', client_version: '1', project_id: 'daily', revision: '1', visitors: [{ visitor_id: visitorId, attributes: [], snapshots: [{ decisions, events }] }] }))[0];
}

const HAND = [
  visit('v1', 'A', at(0, 100), [['buy', at(0, 200), 10], ['buy', at(1, 10), 5]]),
  visit('v2', 'B', at(0, 300), []),
  visit('v3', 'B', at(1, 50), [['buy', at(1, 60), 7], ['signup', at(2, 1)]]),
  // v4 bought before the decision (not counted) and after it.
  visit('v4', 'A', at(2, 5), [['buy', at(2, 1), 100], ['buy', at(2, 10), 3]]),
];

/** The last day's figures equal the summary's, for every variation and basis and each goal. */
async function expectLastDayIsSummary(store: EventStore, projectId: string, summary: ProjectSummary, experimentId: string) {
  const variations = summary.experiments.find((entry) => entry.experimentId === experimentId)!.variations;
  for (const goal of ['buy', 'signup', '']) {
    const daily = await store.daily(projectId, experimentId, goal);
    const expected = variations.flatMap((variation) => [
      { variationId: variation.variationId, basisId: null as string | null, counted: variation },
      ...Object.entries(variation.exposed).map(([basisId, counted]) => ({ variationId: variation.variationId, basisId, counted })),
    ]);
    expect(daily.series.map(({ variationId, basisId }) => [variationId, basisId])).toEqual(expected.map(({ variationId, basisId }) => [variationId, basisId]));
    for (const [i, { counted }] of expected.entries()) {
      const last = daily.days - 1;
      const statistics = goal ? counted.statistics[goal] : undefined;
      expect({ visitors: daily.series[i].visitors[last], conversions: daily.series[i].conversions[last], revenue: goal ? daily.series[i].revenue[last] : undefined })
        .toEqual({ visitors: counted.visitors, conversions: goal ? statistics?.conversions ?? 0 : counted.conversions, revenue: goal ? statistics?.revenue ?? null : undefined });
    }
  }
}

function dailyTests(open: () => Promise<EventStore>) {
  it('EDT-24 per day since the first visitor, each variation\'s visitors, converters and revenue sums so far, for one goal or any', async () => {
    const store = await open();
    try {
      for (const batch of HAND) await store.add([batch], 1);
      const buy = await store.daily('daily', 'X', 'buy');
      expect(buy).toEqual({
        firstDay: DAY0,
        days: 3,
        series: [
          { variationId: 'A', basisId: null, visitors: [1, 1, 2], conversions: [1, 1, 2], revenue: [{ sum: 10, sumOfSquares: 100 }, { sum: 15, sumOfSquares: 225 }, { sum: 18, sumOfSquares: 234 }], value: [null, null, null] },
          { variationId: 'B', basisId: null, visitors: [1, 2, 2], conversions: [0, 1, 1], revenue: [null, { sum: 7, sumOfSquares: 49 }, { sum: 7, sumOfSquares: 49 }], value: [null, null, null] },
        ],
      });
      const any = await store.daily('daily', 'X', '');
      expect(any.series.map((series) => series.conversions)).toEqual([[1, 1, 2], [0, 1, 1]]);
      expect(await store.daily('daily', 'nothing', 'buy')).toEqual({ firstDay: null, days: 0, series: [] });
    } finally {
      await store.close();
    }
  });

  it('EDT-24 on seeded visits (exposures, late decisions, revenue and value) the last day equals the summary, per variation and basis', async () => {
    const store = await open();
    try {
      for (const batch of rollupVisits('seeded-daily', 20261206, 150)) await store.add([batch], 1);
      const summary = await store.summary('seeded-daily');
      await expectLastDayIsSummary(store, 'seeded-daily', summary, 'X');
      await expectLastDayIsSummary(store, 'seeded-daily', summary, 'Y');
    } finally {
      await store.close();
    }
  });
}

describe('daily results: libsql', () => dailyTests(() => openEventStore()));

describePostgres('daily results: PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('daily');
  });
  afterAll(() => database?.drop());
  dailyTests(async () => {
    const store = await openEventStore(database.url);
    // The layout exists once the first store opened it.
    await database.truncate();
    return store;
  });
});
