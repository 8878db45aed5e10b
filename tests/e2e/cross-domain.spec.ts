/**
 * Cross-domain storage end to end (XDS-1..11): the e2e-visitor snippet on the services' host page at
 * two origins of the same server, `127.0.0.1` and `localhost`, both using the storage page served by
 * the services at `localhost` (services/routes/client-storage.ts). A visitor first seen on one origin
 * keeps the same id and the same variation on the other.
 *
 * Current Chromium blocks third-party storage in incognito-like contexts and partitions it by top-level
 * site otherwise, which by design keeps a frame from sharing its localStorage across sites. Cross-domain
 * storage works only where the visitor's browser allows third-party storage unpartitioned, so this file
 * runs such a browser: a persistent profile whose preferences allow third-party cookies, with storage
 * partitioning turned off. With Chromium's defaults the storage page's localStorage access throws, it
 * answers ERROR, and the runtime disables cross-domain storage and goes on (tested in the last case).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium';
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
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, ...(allowThirdPartyStorage ? ['--disable-features=ThirdPartyStoragePartitioning'] : [])],
  });
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
  const lifecycle: string[] = [];
  await first.exposeFunction('__xdsLifecycle', (name: string) => lifecycle.push(name));
  await first.addInitScript(() => {
    const win = window as unknown as VariaWindow & { __xdsLifecycle(name: string): void };
    win.varia = [['addListener', { type: 'lifecycle' }, (event: { name: string }) => win.__xdsLifecycle(event.name)]];
  });
  await first.goto(`http://127.0.0.1:${port}${HOST_PATH}`);
  const a = await visitorOf(first);
  expect(a.origin).toBe(`http://127.0.0.1:${port}`);
  expect(a.publicId).toBe(a.randomId);
  await expect.poll(() => lifecycle).toContain('originsSynced');
  expect(lifecycle.indexOf('originsSynced')).toBeLessThan(lifecycle.indexOf('activate'));
  // The shared record reached the frame (localhost), with the id and the variation map.
  await expect.poll(async () => JSON.parse((await frameRecord(first)) ?? 'null')).toEqual({ randomId: a.randomId, variationMap: a.variationMap });
  expect(problems.pageErrors).toEqual([]);
  expect(await problems.cspViolations()).toEqual([]);

  const second = await context.newPage();
  await second.goto(`http://localhost:${port}${HOST_PATH}`);
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

test('XDS-9 where the browser denies the frame its storage, the page answers ERROR and the visitor goes on locally', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const context = await openBrowser(false);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`http://127.0.0.1:${port}${HOST_PATH}?varia_log=ERROR`);
  const visitor = await visitorOf(page);
  expect(visitor.randomId).toMatch(/^\d+r/);
  expect(errors.some((text) => text.includes('Cross-origin storage disabled:'))).toBe(true);
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
