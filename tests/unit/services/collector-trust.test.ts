/**
 * The collector trusts no one it should not and keeps what it acknowledges: origins, uuids per project,
 * hostile keys, oversized bodies, bounded report storage, durable writes and the upgrade of files written
 * by the earlier (sql.js) store.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../services/collector/libsql-schema';
import { normalizeBody } from '../../../services/collector/normalize';
import { MAX_REPORTS, openEventStore } from '../../../services/collector/store';
import { startServices, type RunningServices } from '../../../services/index';
import { STORE_FILE } from '../../../services/data-folder';

let services: RunningServices;
beforeAll(async () => {
  services = await startServices({ port: 0, dataDir: null });
});
afterAll(() => services.close());

const FIXTURE = new URL('../../fixtures/collector/sqljs-v0.sqlite', import.meta.url);
const batch = (projectId: string, events: Array<{ uuid: string; key?: string }>) => ({
  account_id: 'acc',
  project_id: projectId,
  visitors: [
    {
      visitor_id: 'v1',
      snapshots: [{ events: events.map((event) => ({ entity_id: 'e', type: 'custom', timestamp: 1, ...event })) }],
    },
  ],
});
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(services.url + path, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body });
const summary = async (url: string, projectId: string) => (await fetch(`${url}/v1/summary?projectId=${projectId}`)).json();
const withDir = async (run: (dir: string) => Promise<void>) => {
  const dir = mkdtempSync(join(tmpdir(), 'varia-collector-'));
  try {
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('collector: whom it trusts', () => {
  it('TRK-40 Origin: null (a sandboxed frame of any site) gets no credentialed CORS: refused like a foreign origin', async () => {
    const body = JSON.stringify(batch('p-null-origin', [{ uuid: 'n-1' }]));
    const answer = await post('/v1/events', body, { Origin: 'null' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(services.url + '/v1/rum', { method: 'OPTIONS', headers: { Origin: 'null' } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await summary(services.url, 'p-null-origin')).events).toBe(0);
  });

  it('TRK-39 uuids are unique per project: a uuid stored for one project does not drop another project\'s event', async () => {
    const shared = [{ uuid: 'same-uuid-1', key: 'buy' }];
    expect(await (await post('/v1/events', JSON.stringify(batch('p-one', shared)))).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await (await post('/v1/events', JSON.stringify(batch('p-two', shared)))).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await summary(services.url, 'p-two')).eventsByKey).toEqual({ buy: 1 });
    // Within one project it is still a duplicate.
    expect(await (await post('/v1/events', JSON.stringify(batch('p-two', shared)))).json()).toEqual({ accepted: 0, duplicates: 1 });
  });

  it('an event key "__proto__" (or "constructor") is counted like any other', async () => {
    const events = [{ uuid: 'pk-1', key: '__proto__' }, { uuid: 'pk-2', key: '__proto__' }, { uuid: 'pk-3', key: 'constructor' }];
    expect((await post('/v1/events', JSON.stringify(batch('p-proto', events)))).status).toBe(200);
    const text = await (await fetch(`${services.url}/v1/summary?projectId=p-proto`)).text();
    expect(text).toContain('"eventsByKey":{"__proto__":2,"constructor":1}');
  });

  it('a "__proto__" field of an event cannot lend it fields: an event without a uuid is refused', async () => {
    const body = `{"account_id":"acc","project_id":"p-proto-2","visitors":[{"visitor_id":"v","snapshots":[{"events":[
      {"type":"custom","timestamp":1,"__proto__":{"uuid":"borrowed"}}]}]}]}`;
    const answer = await post('/v1/events', body);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toBe('batch.visitors[0].snapshots[0].events[0].uuid must be a non-empty string');
  });
});

describe('collector: bounded and durable', () => {
  it('TRK-43 a 50 MB body on /v1/rum gets a 413 (not a reset connection); the services keep answering', async () => {
    const huge = JSON.stringify({ id: 'big', project: 'p', extras: { blob: 'x'.repeat(50 * 1024 * 1024) } });
    const answer = await post('/v1/rum', huge);
    expect(answer.status).toBe(413);
    expect((await answer.json()).error).toMatch(/report larger than/);
    expect((await post('/v1/rum', JSON.stringify({ id: 'small', project: 'p' }))).status).toBe(200);
  });

  it(`TRK-43 report storage is bounded (${MAX_REPORTS} by default): past the bound the oldest are dropped`, async () => {
    expect(MAX_REPORTS).toBe(10_000);
    await withDir(async (dir) => {
      const file = join(dir, STORE_FILE);
      // A bound of 200 here: the same code path, without 10,000 synced writes on a busy test machine.
      const bound = 200;
      const store = await openEventStore(file, { maxReports: bound });
      for (let i = 0; i < bound + 50; i++) await store.addReport(`r${i}`, 'p', '{}', i);
      const reader = new Database(file, { readonly: true });
      const [{ n }] = reader.prepare('SELECT COUNT(*) AS n FROM reports').all() as Array<{ n: number }>;
      expect(n).toBeLessThanOrEqual(bound);
      expect(n).toBeGreaterThan(bound * 0.8);
      expect(reader.prepare("SELECT id FROM reports WHERE id IN ('r0', ?)").all(`r${bound + 49}`)).toEqual([{ id: `r${bound + 49}` }]);
      reader.close();
      await store.close();
    });
  });

  it('TRK-39 add returns only once the events are committed: a second connection sees them before close', async () => {
    await withDir(async (dir) => {
      const file = join(dir, STORE_FILE);
      const store = await openEventStore(file);
      await store.add(normalizeBody(JSON.stringify(batch('p-durable', [{ uuid: 'd-1' }]))), 1);
      const reader = new Database(file, { readonly: true });
      expect(reader.prepare("SELECT COUNT(*) AS n FROM events WHERE project_id = 'p-durable'").all()).toEqual([{ n: 1 }]);
      expect(reader.prepare('PRAGMA journal_mode').all()).toEqual([{ journal_mode: 'wal' }]);
      reader.close();
      await store.close();
    });
  });

  it('TRK-42 a file written by the earlier sql.js store is upgraded in place: its events, decisions and reports are kept', async () => {
    await withDir(async (dir) => {
      copyFileSync(FIXTURE, join(dir, STORE_FILE));
      const running = await startServices({ port: 0, dataDir: dir });
      try {
        const result = await summary(running.url, 'old-p');
        expect(result).toMatchObject({ events: 2, visitors: 1, eventsByKey: { buy: 1, campaign_activated: 1 } });
        expect(result.experiments).toEqual([
          {
            experimentId: 'X',
            campaignId: 'L',
            variations: [{ variationId: 'A', visitors: 1, decisions: 1, conversions: 1, firstDecisionAt: 5, lastDecisionAt: 5, conversionsByEvent: { buy: 1 }, statistics: { buy: { visitors: 1, conversions: 1 } }, exposed: {} }],
          },
        ]);
        // The old uuid is now unique per project only.
        const again = await fetch(running.url + '/v1/events', { method: 'POST', body: JSON.stringify(batch('old-p', [{ uuid: 'u-2' }])) });
        expect(await again.json()).toEqual({ accepted: 0, duplicates: 1 });
        const other = await fetch(running.url + '/v1/events', { method: 'POST', body: JSON.stringify(batch('new-p', [{ uuid: 'u-2' }])) });
        expect(await other.json()).toEqual({ accepted: 1, duplicates: 0 });
      } finally {
        await running.close();
      }
      const db = new Database(join(dir, STORE_FILE), { readonly: true });
      expect(db.prepare('PRAGMA user_version').all()).toEqual([{ user_version: SCHEMA_VERSION }]);
      expect(db.prepare('SELECT id FROM reports').all()).toEqual([{ id: 'r1' }]);
      db.close();
    });
  });
});

describe('collector: a file it cannot read', () => {
  it('TRK-42 an unreadable database file is moved aside (kept) and the collector starts empty and answers', async () => {
    await withDir(async (dir) => {
      writeFileSync(join(dir, STORE_FILE), 'this is not a database, but it is somebody\'s file');
      const warn = console.warn;
      console.warn = () => undefined;
      const running = await startServices({ port: 0, dataDir: dir }).finally(() => (console.warn = warn));
      try {
        const answer = await fetch(running.url + '/v1/events', { method: 'POST', body: JSON.stringify(batch('p-fresh', [{ uuid: 'f-1' }])) });
        expect(await answer.json()).toEqual({ accepted: 1, duplicates: 0 });
      } finally {
        await running.close();
      }
      const aside = readdirSync(dir).filter((name) => name.startsWith(`${STORE_FILE}.unreadable-`));
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(dir, aside[0]), 'utf8')).toContain("somebody's file");
    });
  });
});
