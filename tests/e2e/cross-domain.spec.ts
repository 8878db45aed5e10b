/**
 * Cross-domain storage end to end (XDS-1..11): the e2e-visitor snippet on the services' host page at
 * two origins of the same server, `127.0.0.1` and `localhost`, both using the storage page served by
 * the services at `localhost` (services/routes/client-storage.ts). A visitor first seen on one origin
 * keeps the same id and the same variation on the other.
 *
 * Today's Chromium blocks a third-party frame's storage where third-party cookies are blocked (its
 * default here) and partitions it by top-level site otherwise. The storage page asks the Storage Access
 * API: where access is granted (here: a profile whose preferences allow third-party cookies, with
 * Chromium's storage partitioning left on) it gets the unpartitioned localStorage and the visitor is
 * shared; where it is not (Chromium's defaults), the runtime goes on with first-party storage and says so
 * in a debug line. Each page waits for `originsSynced` (the fixture allows the sync 10 s) rather than
 * racing activation. These tests run the full Chromium browser, not the headless shell of the other
 * tests: the shell has no profile preferences and leaves third-party storage open by default.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findFullChromium } from '../../scripts/lib/chromium';
import { expect, test, watchPageProblems } from '../support/e2e-fixtures';
import type { VariaApi, VariaWindow } from '../support/varia-page';

const HOST_PATH = '/client_storage/host/e2e-visitor';
const FRAME_KEY = 'varia_xds_e2e-account_visitor';

const profiles: string[] = [];
test.afterAll(() => profiles.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A browser whose visitor allows third-party storage (see the file comment); `false` keeps Chromium's defaults. */
const openBrowser = async (allowThirdPartyStorage = true): Promise<BrowserContext> => {
  const dir = mkdtempSync(join(tmpdir(), 'varia-xds-'));
  profiles.push(dir);
  if (allowThirdPartyStorage) {
    mkdirSync(join(dir, 'Default'));
    writeFileSync(join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  }
  return chromium.launchPersistentContext(dir, {
    executablePath: findFullChromium(),
    args: [...CHROMIUM_ARGS],
  });
};

/** Records the page's lifecycle events from the start (the queue's first call is a listener). */
const recordLifecycle = async (page: Page): Promise<string[]> => {
  const lifecycle: string[] = [];
  await page.exposeFunction('__xdsLifecycle', (name: string) => lifecycle.push(name));
  await page.addInitScript(() => {
    const win = window as unknown as VariaWindow & { __xdsLifecycle(name: string): void };
    win.varia = [['addListener', { type: 'lifecycle' }, (event: { name: string }) => win.__xdsLifecycle(event.name)]];
  });
  return lifecycle;
};

/** What the page's runtime says about its visitor once activation is done. */
const visitorOf = async (page: Page) => {
  await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as VariaWindow).varia) && !!((window as unknown as VariaWindow).varia as VariaApi).get('visitor'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => Object.keys(((window as unknown as VariaWindow).varia as VariaApi).get('visitor') ? (((window as unknown as VariaWindow).varia as VariaApi).get('visitor') as { variationMap(): object }).variationMap() : {}).length))
    .toBe(1);
  return page.evaluate(() => {
    const api = (window as unknown as VariaWindow).varia as VariaApi;
    const visitor = api.get('visitor') as { randomId(): string; id(): string; variationMap(): Record<string, Record<string, string>> };
    return { origin: location.origin, randomId: visitor.randomId(), id: visitor.id(), variationMap: visitor.variationMap(), publicId: (api.get('visitor_id') as { randomId: string }).randomId };
  });
};

/** The storage frame's stored visitor record, read inside the frame. */
const frameRecord = async (page: Page) => {
  const frame = page.frames().find((candidate) => candidate.url().includes('/client_storage/e2e-account.html'));
  return frame?.evaluate((key) => localStorage.getItem(key), FRAME_KEY);
};

test('XDS-1 XDS-2 XDS-11 a visitor keeps the same id and variation across two origins through the storage frame', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const context = await openBrowser();
  const first = await context.newPage();
  const problems = await watchPageProblems(first);
  const lifecycle = await recordLifecycle(first);
  await first.goto(`http://127.0.0.1:${port}${HOST_PATH}`);
  // XDS-11: the sync completes, then activation starts (it waits for the sync).
  await expect.poll(() => lifecycle, { timeout: 15_000 }).toContain('activate');
  expect(lifecycle.indexOf('originsSynced')).toBeGreaterThanOrEqual(0);
  expect(lifecycle.indexOf('originsSynced')).toBeLessThan(lifecycle.indexOf('activate'));
  const a = await visitorOf(first);
  expect(a.origin).toBe(`http://127.0.0.1:${port}`);
  expect(a.publicId).toBe(a.randomId);
  // The shared record reached the frame (localhost), with the id and the variation map.
  await expect.poll(async () => JSON.parse((await frameRecord(first)) ?? 'null')).toEqual({ randomId: a.randomId, variationMap: a.variationMap });
  expect(problems.pageErrors).toEqual([]);
  expect(await problems.cspViolations()).toEqual([]);

  const second = await context.newPage();
  const secondLifecycle = await recordLifecycle(second);
  await second.goto(`http://localhost:${port}${HOST_PATH}`);
  await expect.poll(() => secondLifecycle, { timeout: 15_000 }).toContain('activate');
  expect(secondLifecycle.indexOf('originsSynced')).toBeGreaterThanOrEqual(0);
  expect(secondLifecycle.indexOf('originsSynced')).toBeLessThan(secondLifecycle.indexOf('activate'));
  const b = await visitorOf(second);
  expect(b.origin).toBe(`http://localhost:${port}`);
  expect(b.randomId).toBe(a.randomId);
  expect(b.variationMap).toEqual(a.variationMap);
  await context.close();
});

test('XDS-1 without the storage frame each origin gets its own visitor (the control case)', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const context = await openBrowser();
  // The storage page never loads: activation waits its 1000 ms and goes on with a local visitor.
  await context.route('**/client_storage/e2e-account.html', (route) => route.abort());
  const first = await context.newPage();
  await first.goto(`http://127.0.0.1:${port}${HOST_PATH}`);
  const second = await context.newPage();
  await second.goto(`http://localhost:${port}${HOST_PATH}`);
  const [a, b] = [await visitorOf(first), await visitorOf(second)];
  expect(b.randomId).not.toBe(a.randomId);
  await context.close();
});

test('XDS-9 with Chromium\'s defaults the frame gets no storage access: the visitor stays first-party, with a debug line and no error', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const context = await openBrowser(false);
  const page = await context.newPage();
  const lines: Array<{ type: string; text: string }> = [];
  page.on('console', (message) => lines.push({ type: message.type(), text: message.text() }));
  const lifecycle = await recordLifecycle(page);
  // The host page's queue asks for INFO; this test reads the debug line, so its queue turns that into DEBUG.
  await page.addInitScript(() => {
    const queue = (window as unknown as VariaWindow).varia as unknown as unknown[];
    queue.push = (...calls: unknown[]) => Array.prototype.push.apply(queue, calls.map((call) => (Array.isArray(call) && call[0] === 'log' ? ['log', 'DEBUG'] : call)));
  });
  await page.goto(`http://127.0.0.1:${port}${HOST_PATH}`);
  await expect.poll(() => lifecycle, { timeout: 15_000 }).toContain('activate');
  const visitor = await visitorOf(page);
  expect(visitor.randomId).toMatch(/^\d+r/);
  expect(lifecycle).not.toContain('originsSynced');
  expect(lines.some((line) => line.text.includes('No storage access for the cross-origin storage frame: using first-party storage'))).toBe(true);
  expect(lines.filter((line) => line.type === 'error')).toEqual([]);
  // First-party storage keeps the visitor for the next page of this origin.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('varia_visitor_profile') ?? '{}').randomId)).toBe(visitor.randomId);
  await context.close();
});

test('XDS-2 the storage page is served per account and allows exactly the two loopback origins of the server', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const context = await openBrowser();
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/client_storage/e2e-account.html`);
  const html = await page.evaluate(() => document.documentElement.getAttribute('data-origins'));
  expect(JSON.parse(html!)).toEqual([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  await context.close();
});
