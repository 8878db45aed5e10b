import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicesContext } from '../../../services/context';
import { startServices, type RunningServices } from '../../../services/index';
import { createRouter } from '../../../services/router';
import { eventRoutes } from '../../../services/routes/events';
import { createServicesSecurity } from '../../../services/http/security';
import { openEventStore } from '../../../services/collector/store';

let services: RunningServices;
beforeAll(async () => {
  services = await startServices({ port: 0, dataDir: null });
});
afterAll(() => services.close());

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

const longBatch = (projectId: string, visitorId: string, events: object[], decisions: object[] = []) => ({
  account_id: 'acc',
  anonymize_ip: true,
  client_name: 'js',
  client_version: '0.224.0',
  project_id: projectId,
  revision: '3',
  enrich_decisions: true,
  visitors: [{ visitor_id: visitorId, session_id: 'AUTO', attributes: [], snapshots: [{ decisions, events }] }],
});
const decisionPair = (layer: string, experiment: string, variation: string, timestamp: number) => ({
  decision: { campaign_id: layer, experiment_id: experiment, variation_id: variation, is_campaign_holdback: false },
  event: { entity_id: layer, type: 'campaign_activated', timestamp, uuid: uuid() },
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(services.url + '/v1/events', {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', ...headers },
    body: typeof body == 'string' ? body : JSON.stringify(body),
  });
const summary = async (projectId: string) => (await fetch(`${services.url}/v1/summary?projectId=${projectId}`)).json();

describe('collector: POST /v1/events', () => {
  it('TRK-26 a long-key batch is stored; the answer counts what was accepted', async () => {
    const response = await post(longBatch('p-long', 'v1', [{ entity_id: 'e1', key: 'buy', type: 'custom', timestamp: 1, uuid: uuid(), revenue: 5 }]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await summary('p-long')).eventsByKey).toEqual({ buy: 1 });
  });

  it('TRK-32 TRK-33 TRK-34 the short-key form is accepted and normalised to the long names', async () => {
    const pair = decisionPair('L1', 'X1', 'V1', 10);
    const short = {
      ...longBatch('p-short', 'v1', []),
      visitors: [
        {
          visitor_id: 'v1',
          session_id: 'AUTO',
          attributes: [{ e: 'a1', k: 'plan', t: 'custom', v: 'pro' }],
          snapshots: [
            {
              decisions: [{ c: 'L1', x: 'X1', h: false, v: 'V1', m: { reason: 'force' } }],
              events: [
                { e: 'L1', y: 'campaign_activated', t: 10, u: pair.event.uuid },
                { e: 'X1', y: 'exposure', t: 10, u: uuid(), a: { variation: 'V1', basis: 'V1' } },
                { e: 'e1', k: 'buy', q: 2, $: 100, a: { color: 'red' }, p: { sku: 'x' }, t: 11, u: uuid(), v: 1.5, y: 'custom' },
              ],
            },
          ],
        },
      ],
    };
    expect((await post(short)).status).toBe(200);
    const stored = await (await fetch(`${services.url}/v1/events?projectId=p-short&visitorId=v1`)).json();
    expect(stored.events.map((event: { type: string; key: string | null }) => [event.type, event.key])).toEqual([
      ['campaign_activated', null],
      ['exposure', null],
      ['custom', 'buy'],
    ]);
    expect((await summary('p-short')).experiments).toEqual([
      {
        experimentId: 'X1',
        campaignId: 'L1',
        variations: [
          {
            variationId: 'V1', visitors: 1, decisions: 1, conversions: 1, firstDecisionAt: 10, lastDecisionAt: 10, conversionsByEvent: { buy: 1 },
            // `$` is the revenue and `v` the value: they reach the results' statistics.
            statistics: { buy: { visitors: 1, conversions: 1, revenue: { sum: 100, sumOfSquares: 10_000 }, value: { sum: 1.5, sumOfSquares: 2.25 } } },
            // The exposure event (ruling 24) in short keys: the visitor counts as exposed on its own basis.
            exposed: { V1: { visitors: 1, conversions: 1, conversionsByEvent: { buy: 1 }, statistics: { buy: { visitors: 1, conversions: 1, revenue: { sum: 100, sumOfSquares: 10_000 }, value: { sum: 1.5, sumOfSquares: 2.25 } } } } },
          },
        ],
      },
    ]);
  });

  it('TRK-30 a list of batches (previous batches first) is accepted in one request', async () => {
    const body = [
      longBatch('p-list', 'v1', [{ entity_id: null, type: 'client_activation', timestamp: 1, uuid: uuid() }]),
      longBatch('p-list', 'v2', [{ entity_id: null, type: 'client_activation', timestamp: 2, uuid: uuid() }]),
    ];
    expect(await (await post(body)).json()).toEqual({ accepted: 2, duplicates: 0 });
    expect((await summary('p-list')).visitors).toBe(2);
  });

  it('TRK-39 an event delivered twice (same uuid) is stored once', async () => {
    const batch = longBatch('p-dup', 'v1', [{ entity_id: 'e1', key: 'buy', type: 'custom', timestamp: 1, uuid: uuid() }]);
    await post(batch);
    expect(await (await post(batch)).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect((await summary('p-dup')).events).toBe(1);
  });

  it('malformed batches get a 400 with the reason, and nothing is stored', async () => {
    const cases: Array<[unknown, string]> = [
      ['{not json', 'body is not JSON'],
      [[], 'body holds no batch'],
      [42, 'batch must be an object'],
      [{ ...longBatch('p-bad', 'v', []), visitors: [] }, 'batch.visitors must not be empty'],
      [{ ...longBatch('p-bad', 'v', []), account_id: '' }, 'batch.account_id must be a non-empty string'],
      [longBatch('p-bad', 'v', [{ type: 'custom', timestamp: 1 }]), 'batch.visitors[0].snapshots[0].events[0].uuid must be a non-empty string'],
      [longBatch('p-bad', 'v', [{ type: 'custom', uuid: 'u', timestamp: 'now' }]), 'batch.visitors[0].snapshots[0].events[0].timestamp must be a number'],
      // Both engines store a batch alike: text PostgreSQL cannot hold, or amounts whose squares overflow, are refused on either.
      [longBatch('p-bad', 'v', [{ type: 'custom', uuid: 'u', timestamp: 1, key: 'a\u0000b' }]), 'batch.visitors[0].snapshots[0].events[0].key must not contain the NUL character (U+0000)'],
      [longBatch('p-bad', 'v', [{ type: 'custom', uuid: 'u', timestamp: 1, revenue: 1e300 }]), 'batch.visitors[0].snapshots[0].events[0].revenue must be between -1000000000000000 and 1000000000000000'],
      [
        [longBatch('p-bad', 'v', [{ type: 'custom', uuid: uuid(), timestamp: 1 }]), { ...longBatch('p-bad', 'v', []), visitors: 'x' }],
        'batch[1].visitors must be an array',
      ],
    ];
    for (const [body, reason] of cases) {
      const response = await post(body);
      expect(response.status, reason).toBe(400);
      expect(await response.json()).toEqual({ error: reason });
    }
    expect((await summary('p-bad')).events).toBe(0);
  });

  it('a body over 1 MB gets a 413; the services keep answering', async () => {
    const response = await post('x'.repeat(1024 * 1024 + 10));
    expect(response.status).toBe(413);
    expect((await fetch(`${services.url}/v1/summary?projectId=none`)).status).toBe(200);
  });

  it('TRK-40 CORS: loopback origins may post (text/plain, no preflight needed) and preflight; others are refused', async () => {
    const origin = 'http://127.0.0.1:9999';
    const batch = longBatch('p-cors', 'v1', [{ entity_id: null, type: 'client_activation', timestamp: 1, uuid: uuid() }]);
    const allowed = await post(batch, { Origin: origin });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    const preflight = await fetch(services.url + '/v1/events', { method: 'OPTIONS', headers: { Origin: 'http://localhost:3000' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const foreign = await post(batch, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});

describe('collector: summary and outcomes', () => {
  it('the summary counts visitors, decisions and conversions per experiment and variation, and events by key', async () => {
    const a = decisionPair('L', 'X', 'A', 100);
    const b = decisionPair('L', 'X', 'B', 100);
    const again = decisionPair('L', 'X', 'A', 300);
    const goal = (timestamp: number) => ({ entity_id: 'g', key: 'signup', type: 'custom', timestamp, uuid: uuid() });
    await post([
      longBatch('p-sum', 'v1', [a.event, goal(150)], [a.decision]),
      longBatch('p-sum', 'v2', [b.event], [b.decision]),
      longBatch('p-sum', 'v3', [{ ...decisionPair('L', 'X', 'B', 100).event }, goal(50)], [b.decision]),
      longBatch('p-sum', 'v1', [again.event, { entity_id: 'home', key: 'home', type: 'view_activated', timestamp: 310, uuid: uuid() }], [a.decision]),
    ]);
    const result = await summary('p-sum');
    expect(result).toMatchObject({ projectId: 'p-sum', visitors: 3, events: 7 });
    expect(result.experiments).toEqual([
      {
        experimentId: 'X',
        campaignId: 'L',
        variations: [
          { variationId: 'A', visitors: 1, decisions: 2, conversions: 1, firstDecisionAt: 100, lastDecisionAt: 100, conversionsByEvent: { signup: 1 }, statistics: { signup: { visitors: 1, conversions: 1 } }, exposed: {} },
          // v3 converted before its decision: not a conversion of B.
          { variationId: 'B', visitors: 2, decisions: 2, conversions: 0, firstDecisionAt: 100, lastDecisionAt: 100, conversionsByEvent: {}, statistics: {}, exposed: {} },
        ],
      },
    ]);
    expect(result.eventsByKey).toEqual({ campaign_activated: 4, home: 1, signup: 2 });
  });

  it('the summary needs a projectId', async () => {
    expect((await fetch(`${services.url}/v1/summary`)).status).toBe(400);
  });

  it('TRK-42 the routes serve the store of the services\' context, the one other services read in process', async () => {
    const events = await openEventStore();
    const context: ServicesContext = { snippetsDir: '.', dataDir: null, security: createServicesSecurity(), events };
    const router = createRouter();
    eventRoutes(router, context);
    const pair = decisionPair('L', 'X7', 'B', 1);
    await events.add([longBatch('p-context', 'v1', [pair.event], [pair.decision])] as never, 1);
    const server = createServer((req, res) => void router.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const summary = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/summary?projectId=p-context`)).json();
      expect(summary.experiments[0].variations[0]).toMatchObject({ variationId: 'B', visitors: 1 });
      expect(await context.events.variationOutcomes('X7')).toMatchObject([{ variationId: 'B', visitors: 1 }]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await events.close();
    }
  });

  it('TRK-42 with a data directory the events survive a restart (SQLite file)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'varia-collector-'));
    try {
      const first = await startServices({ port: 0, dataDir });
      const pair = decisionPair('L', 'X9', 'A', 1);
      await fetch(first.url + '/v1/events', { method: 'POST', body: JSON.stringify(longBatch('p-file', 'v1', [pair.event], [pair.decision])) });
      await first.close();
      const second = await startServices({ port: 0, dataDir });
      const result = await (await fetch(`${second.url}/v1/summary?projectId=p-file`)).json();
      await second.close();
      expect(result.experiments[0].variations[0]).toMatchObject({ variationId: 'A', visitors: 1 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('TRK-43 performance reports are accepted at /v1/rum', async () => {
    const response = await fetch(services.url + '/v1/rum', { method: 'POST', body: JSON.stringify({ id: 'r1', project: 'p', v: '0.224.0' }) });
    expect(response.status).toBe(200);
    expect((await fetch(services.url + '/v1/rum', { method: 'POST', body: '{}' })).status).toBe(400);
  });
});
