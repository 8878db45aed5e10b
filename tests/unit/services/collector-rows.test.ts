/**
 * TRK-41 and ruling 24: the rows the collector writes for requests of normalised batches, the same on
 * both engines (services/collector/rows.ts): events with the decision or exposure each announces,
 * attributes once per visitor and key, and the visitors whose rollups may need a rebuild.
 */
import { describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import { EVENT_COLUMNS, requestRows } from '../../../services/collector/rows';

type Batch = TrackerBatch;
type Visitor = Batch['visitors'][number];
type Snapshot = Visitor['snapshots'][number];
type Event = Snapshot['events'][number];

const event = (uuid: string, extra: Partial<Event> = {}): Event => ({ entity_id: 'e1', key: undefined, timestamp: 10, uuid, type: 'custom', ...extra }) as Event;
const visitor = (visitor_id: string, snapshots: Snapshot[], attributes: Visitor['attributes'] = []): Visitor => ({ visitor_id, session_id: 'AUTO', attributes, snapshots });
const batch = (visitors: Visitor[], extra: Partial<Batch> = {}): Batch => ({
  account_id: 'acc',
  anonymize_ip: false,
  client_name: 'varia',
  client_version: '2.1',
  project_id: 'p1',
  revision: '7',
  enrich_decisions: false,
  visitors,
  ...extra,
});
/** One column of an event row, by its name. */
const column = (values: readonly unknown[], name: (typeof EVENT_COLUMNS)[number]) => values[EVENT_COLUMNS.indexOf(name)];

describe('collector rows', () => {
  it('TRK-41 an event row holds every column in the table\'s order; the client is name/version; absent values are null, objects are JSON', () => {
    const sent = event('u1', { key: 'buy', revenue: 1999, quantity: 0, value: -2, tags: { a: 1 }, properties: { p: [1] } });
    const { events } = requestRows([{ batches: [batch([visitor('v1', [{ decisions: [], events: [sent, event('u2')] }])])], receivedAt: 555 }]);
    expect(events[0].values).toEqual(['p1', 'u1', 'acc', '7', 'varia/2.1', 'v1', 'AUTO', 'custom', 'e1', 'buy', 10, 1999, 0, -2, '{"a":1}', '{"p":[1]}', 555]);
    expect(events[1].values).toEqual(['p1', 'u2', 'acc', '7', 'varia/2.1', 'v1', 'AUTO', 'custom', 'e1', null, 10, null, null, null, null, null, 555]);
    expect(events.map((row) => [row.decision, row.exposure])).toEqual([[undefined, undefined], [undefined, undefined]]);
  });

  it('TRK-41 a campaign_activated event carries the decision of its own campaign from the same snapshot; other events carry none', () => {
    const decisions = [
      { campaign_id: 'L0', experiment_id: 'X0', variation_id: 'V0', is_campaign_holdback: false, metadata: undefined },
      { campaign_id: 'L1', experiment_id: null, variation_id: null, is_campaign_holdback: true, metadata: { rule: 'holdback' } },
    ];
    const { events } = requestRows([
      {
        batches: [
          batch([
            visitor('v1', [
              {
                decisions,
                events: [
                  event('a', { type: 'campaign_activated', entity_id: 'L1' }),
                  event('b', { type: 'custom', entity_id: 'L1' }),
                  event('c', { type: 'campaign_activated', entity_id: 'L9' }),
                  event('d', { type: 'campaign_activated', entity_id: 'L0' }),
                ],
              },
            ]),
          ]),
        ],
        receivedAt: 1,
      },
    ]);
    expect(events.map((row) => row.decision)).toEqual([
      ['p1', 'a', 'L1', null, null, 1, '{"rule":"holdback"}'],
      undefined,
      undefined,
      ['p1', 'd', 'L0', 'X0', 'V0', 0, null],
    ]);
  });

  it('TRK-41 ruling 24: an exposure row needs an exposure event with its experiment and both tags as ids of 1 to 500 characters', () => {
    const exposure = (uuid: string, entity_id: string | null, tags: Record<string, unknown>) => event(uuid, { type: 'exposure', entity_id, tags } as Partial<Event>);
    const { events } = requestRows([
      {
        batches: [
          batch([
            visitor('v1', [
              {
                decisions: [],
                events: [
                  exposure('ok', 'X1', { variation: 'V1', basis: 'V2' }),
                  exposure('long', 'X1', { variation: 'v'.repeat(500), basis: 'V2' }),
                  exposure('too-long', 'X1', { variation: 'V1', basis: 'b'.repeat(501) }),
                  exposure('empty', 'X1', { variation: '', basis: 'V2' }),
                  exposure('number', 'X1', { variation: 'V1', basis: 2 }),
                  exposure('no-basis', 'X1', { variation: 'V1' }),
                  exposure('no-experiment', null, { variation: 'V1', basis: 'V2' }),
                  event('custom', { tags: { variation: 'V1', basis: 'V2' } }),
                  event('untagged', { type: 'exposure', entity_id: 'X1' }),
                ],
              },
            ]),
          ]),
        ],
        receivedAt: 1,
      },
    ]);
    expect(events.map((row) => row.exposure)).toEqual([
      ['p1', 'ok', 'X1', 'V1', 'V2'],
      ['p1', 'long', 'X1', 'v'.repeat(500), 'V2'],
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('TRK-41 attributes: one row per project, visitor and key, the last sent wins (in its place), across batches and requests; values are JSON', () => {
    const plan = (value: unknown, entity_id: string | null = null) => ({ entity_id, key: 'plan', type: 'custom', value });
    const { attributes, events, eventsPerRequest } = requestRows([
      {
        batches: [
          batch([visitor('v1', [], [plan('free'), { entity_id: 'e', key: 'country', type: 'custom', value: null }])]),
          batch([visitor('v2', [], [plan(false)])]),
        ],
        receivedAt: 1,
      },
      { batches: [batch([visitor('v1', [], [plan({ tier: 2 }, 'e7')])]), batch([visitor('v1', [], [plan(0)])], { project_id: 'p2' })], receivedAt: 2 },
    ]);
    expect(attributes).toEqual([
      ['p1', 'v1', 'country', 'e', 'custom', null],
      ['p1', 'v2', 'plan', null, 'custom', 'false'],
      ['p1', 'v1', 'plan', 'e7', 'custom', '{"tier":2}'],
      ['p2', 'v1', 'plan', null, 'custom', '0'],
    ]);
    expect([events, eventsPerRequest]).toEqual([[], [0, 0]]);
  });

  it('TRK-41 events are counted per request, in the order sent', () => {
    const one = (uuid: string) => batch([visitor('v1', [{ decisions: [], events: [event(uuid)] }])]);
    const { events, eventsPerRequest } = requestRows([
      { batches: [one('a'), one('b')], receivedAt: 1 },
      { batches: [], receivedAt: 2 },
      { batches: [one('c')], receivedAt: 3 },
    ]);
    expect(events.map((row) => column(row.values, 'uuid'))).toEqual(['a', 'b', 'c']);
    expect(events.map((row) => column(row.values, 'received_at'))).toEqual([1, 1, 3]);
    expect(eventsPerRequest).toEqual([2, 0, 1]);
  });

  it('TRK-41 the visitors to rebuild: each (project, visitor) once, sorted, decided when any of its events announced a decision or an exposure', () => {
    const decided = { campaign_id: 'L1', experiment_id: 'X1', variation_id: 'V1', is_campaign_holdback: false, metadata: undefined };
    const activated = event('act', { type: 'campaign_activated', entity_id: 'L1' });
    const exposed = event('exp', { type: 'exposure', entity_id: 'X1', tags: { variation: 'V1', basis: 'V1' } });
    const { visitors } = requestRows([
      {
        batches: [
          batch([
            visitor('zed', [{ decisions: [decided], events: [event('z1')] }]),
            visitor('amy', [{ decisions: [decided], events: [event('a1'), activated, event('a2')] }]),
            visitor('bob', [{ decisions: [], events: [exposed] }]),
          ]),
          batch([visitor('amy', [{ decisions: [], events: [event('p2-a')] }])], { project_id: 'p0' }),
          batch([visitor('attributes-only', [], [{ entity_id: null, key: 'k', type: 'custom', value: 1 }])]),
        ],
        receivedAt: 1,
      },
      { batches: [batch([visitor('amy', [{ decisions: [], events: [event('a3')] }])])], receivedAt: 2 },
    ]);
    expect(JSON.parse(visitors)).toEqual([
      ['p0', 'amy', 0],
      ['p1', 'amy', 1],
      ['p1', 'bob', 1],
      ['p1', 'zed', 0],
    ]);
    expect(requestRows([]).visitors).toBe('[]');
  });
});
