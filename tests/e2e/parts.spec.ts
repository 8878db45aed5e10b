/**
 * Parts loaded on demand (plugins/_shared/parts.ts), in Chromium on the real services: the demo page of the
 * e2e-parts project (tests/fixtures/projects/e2e-parts, the whole standard preset, not fitted) under the
 * services' strict Content-Security-Policy. A part is fetched from beside the snippet only when the page
 * needs it, runs under the same CSP, and a part that cannot be had (404, a body that is not a part, a part
 * that registers nothing) gives the catalogue message and never an uncaught error.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import { runtimeConsole } from '../support/varia-page';

const DEMO = '/demo/e2e-parts';
const VALIDATE = '/snippets/e2e-parts.validate.js';
const BEHAVIOR = '/snippets/e2e-parts.behavior.js';
const QA_LOG = '/snippets/e2e-parts.qa-log.js';
const MATCHER_LOCATION = '/snippets/e2e-parts.matcher-location.js';

/** Data the page hands over with `load`: a layer that changes the demo headline. */
const LOADED = {
  projectId: 'e2e-parts',
  accountId: 'e2e-account',
  namespace: 'e2e-parts',
  revision: 2,
  pages: [{ id: 'parts-page', apiName: 'parts_page', staticConditions: [{ type: 'url', match: 'substring', value: '/demo/e2e-parts' }] }],
  layers: [
    {
      id: 'layer-loaded',
      policy: 'single_experiment',
      pageIds: ['parts-page'],
      experiments: [
        {
          id: 'exp-loaded',
          weightDistributions: [{ entityId: 'var-loaded', endOfRange: 10000 }],
          variations: [{ id: 'var-loaded', actions: [{ pageId: 'parts-page', changes: [{ id: 'c-loaded', type: 'attribute', selector: '#demo-headline', attributes: { text: 'Loaded data' } }] }] }],
        },
      ],
    },
  ],
};

/** Queues `['load', data]` before the snippet runs (the demo page's queue script keeps an existing queue). */
const queueLoad = (page: Page, data: unknown) =>
  page.addInitScript((loaded) => {
    (window as unknown as { varia: unknown[] }).varia = [['load', loaded]];
  }, data);


/** The paths of every request the page made to the snippets folder. */
const snippetRequests = (page: Page): string[] => {
  const paths: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/snippets/')) paths.push(path);
  });
  return paths;
};

const headline = (page: Page) => page.locator('#demo-headline');

test.describe('parts loaded on demand', () => {
  test('KRN-27 data handed over by load is validated by the validate part, fetched from beside the snippet under the strict CSP, then runs', async ({ page, pageProblems }) => {
    const requests = snippetRequests(page);
    await queueLoad(page, LOADED);
    await page.goto(DEMO);
    await expect(headline(page)).toHaveText('Loaded data');
    // The validate part, and no behaviour engine: the loaded data has no behaviour condition (the demo page's
    // queued log level also asks for the QA log's part).
    expect(requests.slice(0, 2)).toEqual(['/snippets/e2e-parts.js', VALIDATE]);
    expect(requests).not.toContain(BEHAVIOR);
    expect(await page.evaluate(() => (window as unknown as { varia: { get(name: string): { revision: number } } }).varia.get('data').revision)).toBe(2);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('KRN-27 without load the validate part is never fetched: the snippet runs its own data at once', async ({ page, pageProblems }) => {
    const requests = snippetRequests(page);
    await page.goto(DEMO);
    await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as { varia: unknown }).varia))).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { varia: { get(name: string): { activePageIds(): string[] } } }).varia.get('pages').activePageIds())).toEqual(['parts-page']);
    expect(requests).not.toContain(VALIDATE);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('CFG-21 invalid data handed over by load is refused by the validate part with its problems logged', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    await queueLoad(page, { ...LOADED, layers: [{ id: 'empty', policy: 'single_experiment', experiments: [] }] });
    await page.goto(`${DEMO}?varia_log=INFO`);
    await expect.poll(() => lines.find((line) => line.includes('Invalid project data'))).toBeTruthy();
    expect(lines.some((line) => line.includes('No experiments in layer'))).toBe(true);
    await expect(headline(page)).toHaveText('A headline the project may change');
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('CHG-3 AUD-4 the modules\' project rules come with the validate part: an unknown change type and condition type in loaded data refuse it', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    const change = { id: 'c-odd', type: 'nonsense', selector: '#demo-headline' };
    const layers = [{ ...LOADED.layers[0], experiments: [{ ...LOADED.layers[0].experiments[0], audienceIds: ['or', 'aud-odd'], variations: [{ id: 'var-loaded', actions: [{ pageId: 'parts-page', changes: [change] }] }] }] }];
    const audiences = [{ id: 'aud-odd', conditions: ['and', { type: 'no_such_matcher', value: 1 }] }];
    await queueLoad(page, { ...LOADED, layers, audiences });
    await page.goto(`${DEMO}?varia_log=INFO`);
    await expect.poll(() => lines.find((line) => line.includes('Invalid project data'))).toBeTruthy();
    expect(lines.some((line) => line.includes('Unrecognized change type "nonsense"'))).toBe(true);
    expect(lines.some((line) => line.includes('No audience matcher for condition type "no_such_matcher"'))).toBe(true);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('URL-5 AUD-13 an unsafe pattern in data handed over by load is refused by the validate part: a page URL rule refuses the data', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    const pages = [{ id: 'parts-page', apiName: 'parts_page', staticConditions: [{ type: 'url', match: 'regex', value: '^/demo/(a+)+$' }] }];
    await queueLoad(page, { ...LOADED, pages });
    await page.goto(`${DEMO}?varia_log=INFO`);
    await expect.poll(() => lines.find((line) => line.includes('Invalid project data'))).toBeTruthy();
    expect(lines.some((line) => line.includes('Unsafe regular expression'))).toBe(true);
    await expect(headline(page)).toHaveText('A headline the project may change');
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('URL-5 AUD-13 ruling 22 an unsafe pattern in a loaded audience condition is found with the validate part\'s analysis: the condition is unknown, the rest runs', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    const audiences = [{ id: 'aud-q', conditions: ['and', { type: 'query', name: 'q', match: 'regex', value: '^(a+)+$' }] }];
    const layers = [{ ...LOADED.layers[0], experiments: [{ ...LOADED.layers[0].experiments[0], audienceIds: ['or', 'aud-q'] }] }];
    await queueLoad(page, { ...LOADED, audiences, layers });
    await page.goto(`${DEMO}?varia_log=INFO&q=aaaa`);
    await expect.poll(() => lines.find((line) => line.includes('Unsafe regular expression') && line.endsWith('the condition is unknown'))).toBeTruthy();
    await expect.poll(() => lines.some((line) => line.includes('Page parts_page activated'))).toBe(true);
    // The audience's only condition is unknown: it does not qualify, so the loaded layer changes nothing.
    await expect(headline(page)).toHaveText('A headline the project may change');
    expect(pageProblems.pageErrors).toEqual([]);
  });

  const failures: Array<[title: string, fulfil: (route: Route) => Promise<void>, why: string]> = [
    ['answered 404', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }), 'the request failed'],
    ['not a script (an HTML error page)', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '<html><body>Gateway error</body></html>' }), 'it is not a valid part script'],
    ['a script that registers nothing', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__partRan = true;' }), 'the script registered nothing'],
    ['a script that registers something else', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.variaParts.validate = { prepareProject: 42 };' }), 'the validate part has no prepareProject'],
  ];
  for (const [title, fulfil, why] of failures) {
    test(`KRN-9 a validate part ${title}: the catalogue message with its address, the unchecked data not run, no uncaught error`, async ({ page, pageProblems }) => {
      const lines = runtimeConsole(page);
      await page.route(`**${VALIDATE}`, fulfil);
      await queueLoad(page, LOADED);
      await page.goto(`${DEMO}?varia_log=INFO`);
      await expect.poll(() => lines.find((line) => line.includes('Invalid project data'))).toBeTruthy();
      const url = new URL(VALIDATE, page.url()).href;
      expect(lines.filter((line) => line.includes('validate part')), lines.join('\n')).toContainEqual(
        expect.stringContaining(why === 'the validate part has no prepareProject' ? why : `Failed to load the validate part from ${url}: ${why}`),
      );
      expect(lines).toContain('The project data handed over by load is not run without its validators');
      await expect(headline(page)).toHaveText('A headline the project may change');
      // The page still has its API, which answers without throwing.
      expect(await page.evaluate(() => typeof (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']))).toBe('undefined');
      expect(pageProblems.pageErrors).toEqual([]);
    });
  }
  test('AUD-23 a behaviour audience: the behavior part is fetched from beside the snippet, the decision waits for it and matches once the visitor bought', async ({ page, pageProblems }) => {
    const requests = snippetRequests(page);
    const text = page.locator('#demo-text');
    await page.goto(DEMO);
    await expect.poll(() => requests).toContain(BEHAVIOR);
    await expect.poll(() => page.evaluate(() => (window as unknown as { variaParts?: Record<string, unknown> }).variaParts?.behavior !== undefined)).toBe(true);
    // Not a buyer yet: the audience does not match. After a purchase, the next page view's decision waits
    // for the part again (a new page) and matches: without the engine the condition would be unknown.
    await expect(text).toHaveText('Some text, and a button for click events.');
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    await page.reload();
    await expect(text).toHaveText('Welcome back, buyer');
    expect(requests.filter((path) => path === VALIDATE)).toEqual([]);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('KRN-9 a behavior part answered 404: its message once, the behaviour audience unknown (not matched), the page and its events unharmed', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    await page.route(`**${BEHAVIOR}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }));
    await page.goto(`${DEMO}?varia_log=INFO`);
    const url = new URL(BEHAVIOR, page.url()).href;
    await expect.poll(() => lines.filter((line) => line === `Failed to load the behavior part from ${url}: the request failed`).length).toBe(1);
    // The visitor buys; the event is tracked and sent as always.
    const sent = page.waitForRequest((request) => request.url().includes('/v1/events') && (request.postData() ?? '').includes('buy'));
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    await page.evaluate(() => (window as unknown as { varia: { get(name: string): { flush(): void } } }).varia.get('tracker').flush());
    await sent;
    await page.reload();
    await expect.poll(() => lines.filter((line) => line.startsWith('Failed to load the behavior part')).length).toBe(2);
    await expect.poll(() => lines.some((line) => line.includes('Page parts_page activated'))).toBe(true);
    await expect(page.locator('#demo-text')).toHaveText('Some text, and a button for click events.');
    expect(pageProblems.pageErrors).toEqual([]);
  });

  /** LOADED with its experiment for visitors in Australia (a location audience), and `calls` queued after `load`. */
  const queueLocated = (page: Page, calls: unknown[]) => {
    const audiences = [{ id: 'aud-au', conditions: ['and', { type: 'location', value: 'AU' }] }];
    const layers = [{ ...LOADED.layers[0], experiments: [{ ...LOADED.layers[0].experiments[0], audienceIds: ['or', 'aud-au'] }] }];
    return page.addInitScript((queue) => {
      (window as unknown as { varia: unknown[] }).varia = queue;
    }, [['load', { ...LOADED, audiences, layers }], ...calls]);
  };

  test('AUD-16 AUD-18 a location audience in loaded data: the location matcher is fetched as a part before init, under the strict CSP, and matches the pushed geolocation', async ({ page, pageProblems }) => {
    const requests = snippetRequests(page);
    await queueLocated(page, [['geolocation', { location: 'AU' }]]);
    await page.goto(DEMO);
    await expect(headline(page)).toHaveText('Loaded data');
    expect(requests).toContain(MATCHER_LOCATION);
    // Only the matcher the data names: no other matcher part.
    expect(requests.filter((path) => path.includes('.matcher-'))).toEqual([MATCHER_LOCATION]);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('AUD-16 a visitor elsewhere does not match the location audience (the part decides, not its stand-in)', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    await queueLocated(page, [['geolocation', { location: 'US' }]]);
    await page.goto(`${DEMO}?varia_log=INFO`);
    await expect.poll(() => lines.some((line) => line.includes('Page parts_page activated'))).toBe(true);
    await expect(headline(page)).toHaveText('A headline the project may change');
    expect(lines.filter((line) => line.startsWith('Failed to load'))).toEqual([]);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('KRN-9 a matcher part answered 404: its catalogue message, the location audience unknown (not matched), the rest of the page runs', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    await page.route(`**${MATCHER_LOCATION}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }));
    await queueLocated(page, [['geolocation', { location: 'AU' }]]);
    await page.goto(`${DEMO}?varia_log=INFO`);
    const url = new URL(MATCHER_LOCATION, page.url()).href;
    await expect.poll(() => lines.filter((line) => line === `Failed to load the matcher-location part from ${url}: the request failed`).length).toBe(1);
    await expect.poll(() => lines.some((line) => line.includes('Page parts_page activated'))).toBe(true);
    await expect(headline(page)).toHaveText('A headline the project may change');
    expect(await page.evaluate(() => (window as unknown as { varia: { get(name: string): { revision: number } } }).varia.get('data').revision)).toBe(2);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('TRK-43 KRN-26 performance reporting, a preset option, is its own part: fetched before init, a rum call queued before the snippet reaches it, the report is sent', async ({ page, pageProblems }) => {
    // The e2e-tracker project (not fitted) has the rum tracker on: its snippet carries a stand-in.
    const requests = snippetRequests(page);
    await page.addInitScript(() => {
      (window as unknown as { varia: unknown[] }).varia = [['rum', { force: true, from: 'parts-spec' }]];
    });
    const report = page.waitForRequest((request) => request.url().endsWith('/v1/rum') && request.method() === 'POST', { timeout: 15_000 });
    await page.goto('/demo/e2e-tracker');
    const body = JSON.parse((await report).postData() ?? '{}') as { extras?: Record<string, unknown>; project?: string };
    expect(body.extras).toEqual({ from: 'parts-spec' });
    expect(body.project).toBe('e2e-tracker');
    expect(requests).toContain('/snippets/e2e-tracker.tracker-rum.js');
    expect(pageProblems.pageErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('KRN-46 the preview module is its own part, fetched only for a visitor with the preview cookie, which it then reads', async ({ page, context, pageProblems }) => {
    const requests = snippetRequests(page);
    const previewOf = () => page.evaluate(() => (window as unknown as { varia: { get(name: string): { preview(): unknown } } }).varia.get('preview').preview());
    await page.goto(DEMO);
    await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as { varia: unknown }).varia))).toBe(true);
    expect(await previewOf()).toBeNull();
    expect(requests).not.toContain('/snippets/e2e-parts.module-preview.js');
    await context.addCookies([{ name: 'varia_preview', value: encodeURIComponent(JSON.stringify({ projectId: 'e2e-parts', layerIds: ['layer-buyers'] })), url: page.url() }]);
    await page.reload();
    await expect.poll(previewOf).toEqual({ projectId: 'e2e-parts', layerIds: ['layer-buyers'], variationIds: [] });
    expect(requests).toContain('/snippets/e2e-parts.module-preview.js');
    expect(pageProblems.pageErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('KRN-39 the QA log explains from its part, fetched only when the log is at INFO: every line written, none lost while it loads', async ({ page, pageProblems }) => {
    const requests = snippetRequests(page);
    const lines = runtimeConsole(page);
    await page.goto(`${DEMO}?varia_log=OFF`);
    await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as { varia: unknown }).varia))).toBe(true);
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    expect(requests).not.toContain(QA_LOG);
    await page.goto(`${DEMO}?varia_log=INFO`);
    // The decision and the page view happen before the part can arrive: they are explained once it does.
    await expect.poll(() => lines.find((line) => line.startsWith('Decision for layer layer-buyers on page parts-page:'))).toBeTruthy();
    await expect.poll(() => lines.find((line) => line === 'Event parts_page (pageview) tracked and queued to send')).toBeTruthy();
    expect(requests).toContain(QA_LOG);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  test('KRN-9 a QA log part answered 404: its message once, the page and its events unharmed', async ({ page, pageProblems }) => {
    const lines = runtimeConsole(page);
    await page.route(`**${QA_LOG}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }));
    await page.goto(`${DEMO}?varia_log=INFO`);
    const url = new URL(QA_LOG, page.url()).href;
    await expect.poll(() => lines.filter((line) => line === `Failed to load the qa-log part from ${url}: the request failed`).length).toBe(1);
    const sent = page.waitForRequest((request) => request.url().includes('/v1/events') && (request.postData() ?? '').includes('buy'));
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['event', 'buy']));
    await page.evaluate(() => (window as unknown as { varia: { get(name: string): { flush(): void } } }).varia.get('tracker').flush());
    await sent;
    expect(lines.filter((line) => line.startsWith('Failed to load'))).toHaveLength(1);
    expect(pageProblems.pageErrors).toEqual([]);
  });
});
