/**
 * EDT-24: the collector's summary query of conversions per variation per event, on the real
 * SQLite store (in memory): visitors decided into a variation who then sent each event.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import { openEventStore, type EventStore } from '../../../services/collector/store';

let store: EventStore;
beforeEach(async () => {
  store = await openEventStore();
});
afterEach(() => store.close());

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/** One visitor's snapshot: a decision (with the event announcing it) when given, and goal events. */
function visit(projectId: string, visitorId: string, options: { decide?: [experiment: string, variation: string, at: number, holdback?: boolean]; goals?: Array<[key: string, at: number]>; view?: number }): TrackerBatch {
  const events: object[] = [];
  const decisions: object[] = [];
  if (options.decide) {
    const [experiment, variation, at, holdback] = options.decide;
    const layer = `L-${experiment}`;
    decisions.push({ campaign_id: layer, experiment_id: experiment, variation_id: variation, is_campaign_holdback: !!holdback });
    events.push({ entity_id: layer, type: 'campaign_activated', timestamp: at, uuid: uuid() });
  }
  for (const [key, at] of options.goals ?? []) events.push({ entity_id: `e-${key}`, key, type: 'custom', timestamp: at, uuid: uuid() });
  if (options.view !== undefined) events.push({ entity_id: 'home', key: 'home', type: 'view_activated', timestamp: options.view, uuid: uuid() });
  return {
    account_id: 'acc', anonymize_ip: true, client_name: 'js', client_version: '1', project_id: projectId, revision: '1', enrich_decisions: true,
    visitors: [{ visitor_id: visitorId, session_id: 'AUTO', attributes: [], snapshots: [{ decisions, events }] }],
  } as unknown as TrackerBatch;
}

const variation = (projectId: string, experimentId: string, variationId: string) =>
  store.summary(projectId).experiments.find((entry) => entry.experimentId === experimentId)?.variations.find((entry) => entry.variationId === variationId);

describe('collector summary: conversions per variation per event', () => {
  it('EDT-24 counts, per variation and event, the distinct visitors decided into it who sent the event at or after their decision', () => {
    store.add([
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

    expect(variation('shop', 'X', 'A')).toEqual({ variationId: 'A', visitors: 2, decisions: 2, conversions: 2, conversionsByEvent: { buy: 1, signup: 2 } });
    expect(variation('shop', 'X', 'B')).toEqual({ variationId: 'B', visitors: 2, decisions: 2, conversions: 1, conversionsByEvent: { buy: 1 } });
    expect(variation('shop', 'Y', 'C')).toEqual({ variationId: 'C', visitors: 1, decisions: 1, conversions: 1, conversionsByEvent: { signup: 1 } });
    expect(variation('other', 'X', 'A')?.conversionsByEvent).toEqual({ buy: 1, refund: 1 });
  });

  it('EDT-24 an event key such as __proto__ is counted as its own event', () => {
    store.add([visit('keys', 'v1', { decide: ['X', 'A', 1], goals: [['__proto__', 2], ['constructor', 3]] })], 1);
    const counts = variation('keys', 'X', 'A')?.conversionsByEvent ?? {};
    expect(Object.keys(counts).sort()).toEqual(['__proto__', 'constructor']);
    expect(counts.__proto__).toBe(1);
    expect(JSON.parse(JSON.stringify(store.summary('keys'))).experiments[0].variations[0].conversionsByEvent).toEqual(JSON.parse('{"__proto__":1,"constructor":1}'));
  });
});
