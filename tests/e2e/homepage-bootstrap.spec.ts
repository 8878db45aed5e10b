/**
 * The homepage snippet's bootstrap (config/homepage/bootstrap.ts, BOOT-1..12) on the stand-in page: the
 * script it loads by page context (editor agent, preview panel, preview data), pjs_disable, QA mode by
 * cookie and by parameter, its three notices, the preview project check and its error handler.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { NOTICES, PREVIEW_LAYERS_PARAM } from '../../config/homepage/bootstrap';
import { ENGLISH } from '../../config/homepage/layers/english';
import { PAGE } from '../../config/homepage/page-contract';
import { ATLAS_NAV_LABEL, QA_COOKIE, QA_PARAM } from '../../config/homepage/placeholders';
import { createMergeableStore } from 'tinybase';
import project from '../../config/homepage/project';
import { TABLES_SCHEMA } from '../../editor-model/project-schema';
import { SERVICES_TOKEN_ENV } from '../../scripts/lib/reports';
import { editorCall, type EditorSession } from '../support/editor-client';
import { expect, test } from '../support/e2e-fixtures';
import { activeExperiments, openHomepage, recordHomepage, recorded } from './homepage-helpers';

/** Console lines of the page, as `type: text`. */
const consoleLines = (page: Page): string[] => {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
};
/** Paths of the page's requests. */
const requestedPaths = (page: Page): string[] => {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname + new URL(request.url()).search));
  return paths;
};
/** Whether the runtime started: `window.varia` became the API object. */
const started = (page: Page) => page.evaluate(() => !Array.isArray((window as unknown as { varia: unknown }).varia));
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

test.beforeEach(async ({ page }) => recordHomepage(page));

test('BOOT-1 BOOT-12 an ordinary visit loads no editor or preview script and calls nothing but the page, its files, the geolocation stand-in and the collector', async ({ page, baseURL }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const paths = requestedPaths(page);
  await openHomepage(page, '/');
  await page.evaluate(() => (window as unknown as { varia: { push(c: unknown): unknown } }).varia.push(['sendEvents']));
  await expect.poll(() => paths.some((path) => path.startsWith('/v1/events'))).toBe(true);
  expect([...origins]).toEqual([new URL(baseURL!).origin]);
  const unexpected = paths.filter((path) => !/^\/($|\?|site\/|snippets\/homepage\.js|v1\/events|assets\/homepage\/)/.test(path));
  expect(unexpected).toEqual([]);
});

test('BOOT-1 in an editor the editor agent is loaded and the runtime starts without activating', async ({ page }) => {
  const paths = requestedPaths(page);
  await page.goto('/?varia_editor=true');
  await hydrated(page);
  await expect.poll(() => paths).toContain('/editor/agent.js');
  expect(await started(page)).toBe(true);
  expect((await recorded(page)).lifecycle).not.toContain('pageActivated');
  await expect(page.locator(PAGE.navPlatformLink)).toBeVisible();
});

test('BOOT-1 BOOT-3 in preview the preview panel is loaded and lists what was decided', async ({ page }) => {
  const paths = requestedPaths(page);
  await openHomepage(page, '/', '?varia_preview=true');
  expect(paths).toContain('/homepage/preview.js');
  await expect(page.locator('#varia-preview-panel')).toContainText(ENGLISH.nav.experiment);
});

/** The editor's session with the services of the end-to-end run (their URL and token, from the global setup). */
const editorSession = (baseURL: string | undefined): EditorSession => ({ url: baseURL!, token: process.env[SERVICES_TOKEN_ENV] ?? '' });

test('BOOT-1 BOOT-2 preview data is requested with the token, the preview layer ids and the forced variations; only those layers run', async ({ page, baseURL }) => {
  const { token } = await editorCall<{ token: string }>(editorSession(baseURL), 'projects/homepage/preview-link', { variationIds: [ENGLISH.nav.variation] });
  const paths = requestedPaths(page);
  await openHomepage(page, '/', `?varia_token=${token}&${PREVIEW_LAYERS_PARAM}=${ENGLISH.nav.layer}&varia_force_variations=${ENGLISH.nav.variation}`);
  const request = new URL(paths.find((path) => path.startsWith('/homepage/preview-data.js'))!, 'http://x');
  expect(Object.fromEntries(request.searchParams)).toEqual({ token, layers: ENGLISH.nav.layer, variations: ENGLISH.nav.variation });
  expect(await activeExperiments(page)).toEqual([ENGLISH.nav.experiment]);
  await expect(page.locator(PAGE.navAtlasLink)).toHaveText(ATLAS_NAV_LABEL);
  await expect(page.locator('#varia-preview-notice')).toContainText('Unpublished preview of the working copy');
});

test('EDT-23 BOOT-2 a preview link shows the working copy before it is published, with a notice naming the forced variation', async ({ page, baseURL }) => {
  const session = editorSession(baseURL);
  // The working copy's navigation variation gets a new label (the live snippet still has the old one).
  const opened = await editorCall<{ content: unknown }>(session, 'projects/homepage/open');
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA);
  store.setMergeableContent(opened.content as never);
  const label = 'Atlas: the managed database, previewed';
  let edited = 0;
  for (const [rowId, row] of Object.entries(store.getTable('changes'))) {
    const attributes = row.attributes as Record<string, unknown> | undefined;
    if (attributes && Object.values(attributes).includes(ATLAS_NAV_LABEL)) {
      const replaced = Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, value === ATLAS_NAV_LABEL ? label : value]));
      store.setCell('changes', rowId, 'attributes', replaced as never);
      edited += 1;
    }
  }
  expect(edited).toBeGreaterThan(0);
  await editorCall(session, 'projects/homepage/save', { content: store.getMergeableContent() });
  const { token } = await editorCall<{ token: string }>(session, 'projects/homepage/preview-link', { variationIds: [ENGLISH.nav.variation] });
  await openHomepage(page, '/', `?varia_token=${token}&varia_force_variations=${ENGLISH.nav.variation}`);
  await expect(page.locator(PAGE.navAtlasLink)).toHaveText(label);
  const notice = page.locator('#varia-preview-notice');
  await expect(notice).toContainText('Unpublished preview of the working copy of homepage');
  const experiment = (project.data.layers ?? []).flatMap((layer) => layer.experiments).find((item) => item.id === ENGLISH.nav.experiment)!;
  const variation = experiment.variations.find((item) => item.id === ENGLISH.nav.variation)!;
  await expect(notice).toContainText(`Forced: ${experiment.name} \u2192 ${variation.name}`);
  // The live site is unchanged.
  const live = await page.context().newPage();
  await openHomepage(live, '/', `?varia_force_variations=${ENGLISH.nav.variation}`);
  await expect(live.locator(PAGE.navAtlasLink)).toHaveText(ATLAS_NAV_LABEL);
});

test("BOOT-10 preview data of another project: 'Preview projectId does not match expected', and the runtime does not start", async ({ page }) => {
  const lines = consoleLines(page);
  await page.goto(`/?varia_token=other-project.t1&${PREVIEW_LAYERS_PARAM}=${ENGLISH.nav.layer}`);
  await hydrated(page);
  await expect.poll(() => lines).toContainEqual(`error: [Varia] ${NOTICES.previewMismatch}`);
  expect(await started(page)).toBe(false);
});

test('BOOT-4 pjs_disable turns the project script off: the registration form is no longer tracked', async ({ page }) => {
  const lines = consoleLines(page);
  await openHomepage(page, '/', '?pjs_disable');
  expect(lines).toContainEqual(expect.stringContaining(NOTICES.projectScriptOff));
  await page.locator(`${PAGE.registrationForm} button[type="submit"]`).click();
  await expect(page.locator(`${PAGE.registrationForm} .form-thanks`)).toBeVisible();
  await page.locator(PAGE.chatbotLauncher).click();
  await expect.poll(async () => (await recorded(page)).tracked.map((event) => event.name)).toContain('chatbot_engaged');
  expect((await recorded(page)).tracked.map((event) => event.name)).not.toContain('registration_form_submitted');
});

/** Makes the project script throw, as a broken deploy would: its capture-phase submit listener is refused. */
const breakProjectScript = (page: Page) =>
  page.addInitScript(() => {
    const original = Document.prototype.addEventListener;
    Document.prototype.addEventListener = function (this: Document, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (type === 'submit' && options === true) throw new Error('broken project script');
      return original.call(this, type, listener as EventListenerOrEventListenerObject, options);
    } as typeof original;
  });

/** The failed script left the registration form untracked: submit it and see that only the site answered. */
const registrationTracked = async (page: Page) => {
  await page.locator(`${PAGE.registrationForm} button[type="submit"]`).click();
  await expect(page.locator(`${PAGE.registrationForm} .form-thanks`)).toBeVisible();
  await page.locator(PAGE.chatbotLauncher).click();
  await expect.poll(async () => (await recorded(page)).tracked.map((event) => event.name)).toContain('chatbot_engaged');
  return (await recorded(page)).tracked.some((event) => event.name === 'registration_form_submitted');
};

for (const [how, query, cookie] of [['the QA query parameter', `?${QA_PARAM}=1`, false], ['the QA cookie', '', true]] as const) {
  test(`BOOT-5 BOOT-6 in QA mode by ${how} a project script error is written to the console`, async ({ page, context, baseURL }) => {
    if (cookie) await context.addCookies([{ name: QA_COOKIE, value: '1', url: baseURL! }]);
    await breakProjectScript(page);
    const lines = consoleLines(page);
    await openHomepage(page, '/', query);
    expect(lines).toContainEqual(expect.stringContaining(`[Varia] ${NOTICES.qaError} Error: broken project script`));
    expect(await registrationTracked(page)).toBe(false);
  });
}

test('BOOT-6 outside QA mode a project script error reaches no console and no page error', async ({ page, pageProblems }) => {
  await breakProjectScript(page);
  await openHomepage(page, '/');
  expect(await registrationTracked(page)).toBe(false);
  expect(pageProblems.consoleErrors).toEqual([]);
  expect(pageProblems.pageErrors).toEqual([]);
});

test('BOOT-7 when another snippet has initialised, a notice and no second start', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { varia: unknown }).varia = { push: () => undefined, get: () => undefined, other: true };
  });
  const lines = consoleLines(page);
  await page.goto('/');
  await hydrated(page);
  expect(lines).toContainEqual(`info: [Varia] ${NOTICES.anotherSnippet}`);
  expect(await page.evaluate(() => (window as unknown as { varia: { other?: boolean } }).varia.other)).toBe(true);
});

for (const [how, setup] of [['the desktop editor parameter', '?varia_desktop_editor=true'], ["the desktop app's API on the window", '']] as const) {
  test(`BOOT-8 in the desktop app (${how}) a notice and the snippet bails`, async ({ page }) => {
    if (!setup) await page.addInitScript(() => ((window as unknown as { variaDesktop: unknown }).variaDesktop = {}));
    const paths = requestedPaths(page);
    const lines = consoleLines(page);
    await page.goto(`/${setup}`);
    await hydrated(page);
    expect(lines).toContainEqual(`info: [Varia] ${NOTICES.desktopApp}`);
    expect(await started(page)).toBe(false);
    expect(paths).not.toContain('/editor/agent.js');
  });
}

test('BOOT-9 the indefinite-observation directive gets its notice; the page runs on', async ({ page }) => {
  const lines = consoleLines(page);
  await openHomepage(page, '/', '?varia_x=observe_changes');
  expect(lines).toContainEqual(`info: [Varia] ${NOTICES.observeChanges}`);
  expect(await started(page)).toBe(true);
});

test('BOOT-11 an error in the main function goes to the error handler, never to the page', async ({ page, pageProblems }) => {
  await page.addInitScript(() => {
    console.info = () => {
      throw new Error('console refused');
    };
  });
  const lines = consoleLines(page);
  await page.goto('/?varia_x=observe_changes');
  await hydrated(page);
  expect(lines).toContainEqual(expect.stringContaining(`error: [Varia] ${NOTICES.bootstrapError} Error: console refused`));
  expect(pageProblems.pageErrors).toEqual([]);
});

test('EDT-23 BOOT-2 a preview link forces its variation over the one this browser stored, and the notice names the other campaigns it was decided into', async ({ page, baseURL }) => {
  // A visitor first, decided and stored in every campaign of the homepage.
  await openHomepage(page, '/');
  const variationMap = () =>
    page.evaluate(() => (window as unknown as { varia: { get(n: string): { getVariationMap(): Record<string, { id: string }> } } }).varia.get('state').getVariationMap());
  const stored = (await variationMap())[ENGLISH.nav.experiment]?.id;
  expect([ENGLISH.nav.original, ENGLISH.nav.variation]).toContain(stored);
  // The preview forces the other variation of the navigation experiment: it wins over the stored one.
  const forced = stored === ENGLISH.nav.original ? ENGLISH.nav.variation : ENGLISH.nav.original;
  const { token } = await editorCall<{ token: string }>(editorSession(baseURL), 'projects/homepage/preview-link', { variationIds: [forced] });
  await openHomepage(page, '/', `?varia_token=${token}&varia_force_variations=${forced}`);
  expect((await variationMap())[ENGLISH.nav.experiment]?.id).toBe(forced);
  const experiment = (project.data.layers ?? []).flatMap((layer) => layer.experiments).find((item) => item.id === ENGLISH.nav.experiment)!;
  const notice = page.locator('#varia-preview-notice');
  await expect(notice).toContainText(`Forced: ${experiment.name} \u2192 ${experiment.variations.find((item) => item.id === forced)!.name}`);
  // Every other campaign this browser is in is named, so a clash on the page can be explained.
  await expect(notice).toContainText('Also decided for this browser:');
  expect(await notice.innerText()).not.toContain(`${experiment.name} \u2192 ${experiment.variations.find((item) => item.id === stored)!.name};`);
});
