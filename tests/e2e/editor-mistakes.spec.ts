/**
 * The editor refuses mistakes where they are typed (issue 36), in web mode against its own services:
 * a traffic share out of range, too precise or over the total; a selector the browser would refuse; an
 * unsafe URL rule pattern, flagged on the rule that review's problem link focuses. And "Preview as
 * visitor" shows the working copy, not the live revision, with the page's notice saying so.
 */
import { expect, test, type Page } from '@playwright/test';
import { createMergeableStore } from 'tinybase';
import { TABLES_SCHEMA } from '../../editor-model/project-schema';
import { newVariation, pick } from './editor-canvas-kit';
import { addAndName, editorApi, expectSaved, openProject, PROJECT, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  // The hook runs under the test's timeout: the tests here set 180 s in their bodies, after it, so the
  // services' start on a loaded machine gets the same room.
  test.setTimeout(180_000);
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services?.stop();
});

/** Types into a field and presses Enter, as a person commits it. */
async function typeAndCommit(page: Page, selector: string, value: string): Promise<void> {
  const field = page.locator(selector);
  await field.fill(value);
  await field.press('Enter');
}

test('EDT-8 traffic out of range, too precise or over the total is refused on the field with its reason, never clamped', async ({ page }) => {
  test.setTimeout(180_000);
  await openProject(page, services);
  await addAndName(page, 'Add campaign', 'Hero test campaign');
  await addAndName(page, 'Add experiment to Hero test campaign', 'Hero headline');
  await addAndName(page, 'Add variation to Hero headline', 'Bold headline');
  await page.locator('.tree-row__name', { hasText: 'Hero headline' }).click();
  const first = 'input[name^="traffic-"] >> nth=0';
  const second = page.locator('input[name^="traffic-"]').nth(1);
  const total = page.locator('.traffic__total');
  await expect(second).toHaveValue('50');

  await typeAndCommit(page, first, '150');
  await expect(page.getByRole('alert')).toHaveText('150% is more than 100%. Enter a value from 0 to 100%.');
  await expect(page.locator(first)).toHaveAttribute('aria-invalid', 'true');
  // Nothing was stored: the other share and the total are as they were.
  await expect(second).toHaveValue('50');
  await expect(total).toContainText('All traffic allocated');

  await typeAndCommit(page, first, '60');
  await expect(page.getByRole('alert')).toHaveText('The variations would take 110% of the traffic: at most 50% is left for this one. Lower another variation first.');
  await typeAndCommit(page, first, '33.333');
  await expect(page.getByRole('alert')).toHaveText('Use at most two decimals: 33.333% is more precise than the field stores.');
  await typeAndCommit(page, first, 'fifty');
  await expect(page.getByRole('alert')).toHaveText('"fifty" is not a number.');
  // Escape goes back to the stored value.
  await page.locator(first).press('Escape');
  await expect(page.locator(first)).toHaveValue('50');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A valid share is stored, and what does not add up is said in words.
  await typeAndCommit(page, first, '30.5');
  await expect(total).toContainText('19.50% unallocated: those visitors see the page unchanged and are not counted');
  await expectSaved(page);
  const holdback = page.locator('input[name="layerHoldback"]');
  await page.locator('.tree-row__name', { hasText: 'Hero test campaign' }).first().click();
  await typeAndCommit(page, 'input[name="layerHoldback"]', '-5');
  await expect(page.getByRole('alert')).toHaveText('-5% is less than 0%. Enter a value from 0 to 100%.');
  await expect(holdback).toHaveAttribute('aria-invalid', 'true');
});

test('EDT-19 a selector the browser would refuse is an error on the field, in words, and the change cannot be added', async ({ page }) => {
  test.setTimeout(180_000);
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 30_000 });
  await newVariation(page, 'Hero copy');
  await pick(page, 'h1.hero-title');
  await page.getByRole('button', { name: /^Text/ }).click();
  const selector = page.getByLabel('Selector', { exact: true });
  await expect(selector).toHaveValue('h1.hero-title');
  // The title holds a span per line: a Text change says it replaces them.
  await expect(page.getByTestId('text-markup-warning')).toContainText('This element holds markup (span');
  await page.getByLabel('Text', { exact: true }).fill('Ship faster with Varia');

  await selector.fill('h1..hero-title[');
  await expect(page.getByTestId('selector-error')).toHaveText('Not a valid CSS selector: "." at character 3 is not followed by a class name. The change would do nothing on the page.');
  await expect(selector).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('draft-matches')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add change' })).toBeDisabled();
  await expect(page.locator('.au-problems')).toContainText('Fix the selector to save this change.');

  await selector.fill('h1.hero-title[');
  await expect(page.getByTestId('selector-error')).toContainText('a "[" is never closed with "]"');

  await selector.fill('h1.hero-title');
  await expect(page.getByTestId('selector-error')).toHaveCount(0);
  await expect(page.getByTestId('draft-matches')).toHaveText('Matches 1 element');
  await expect(page.getByRole('button', { name: 'Add change' })).toBeEnabled();

  // A valid selector that names no element of the page: allowed, and review warns, naming the view.
  await selector.fill('h1.hero-headline');
  await expect(page.getByTestId('draft-matches')).toHaveText('Matches nothing on this page');
  await page.getByRole('button', { name: 'Add change' }).click();
  await page.keyboard.press('Control+s');
  await expectSaved(page);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const warning = page.locator('.problem--warning', { hasText: 'h1.hero-headline' });
  await expect(warning).toContainText('Text change in variation "Hero copy": The selector "h1.hero-headline" matches nothing on view "Homepage" (/): the change would do nothing there.', { timeout: 120_000 });
  await expect(page.getByTestId('page-check')).toContainText('1 matches nothing');
});

test('EDT-7 EDT-12 an unsafe URL rule pattern is flagged on the rule with the guard\'s reason, and review\'s problem link focuses that rule', async ({ page }) => {
  test.setTimeout(240_000);
  // The working copy gets a view whose second URL rule is a pattern the runtime's guard refuses.
  const opened = (await (await editorApi(services, `projects/${PROJECT}/open`)).json()) as { content: unknown };
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA as never);
  store.setMergeableContent(opened.content as never);
  const [pageRow] = Object.entries(store.getTable('pages')).find(([, row]) => row.name) ?? [];
  expect(pageRow).toBeTruthy();
  store.setCell('pages', pageRow!, 'staticConditions', ['and', { type: 'url', match: 'substring', value: '/' }, { type: 'url', match: 'regex', value: '^(a|a)+$' }] as never);
  expect((await editorApi(services, `projects/${PROJECT}/save`, { content: store.getMergeableContent() })).ok).toBe(true);

  await openProject(page, services, PROJECT, 'review');
  const link = page.locator('.problem', { hasText: 'Unsafe regular expression' }).getByRole('button');
  await expect(link).toBeVisible({ timeout: 150_000 });
  await link.click();
  const rule = page.locator('[data-field-path="staticConditions[2].value"]');
  await expect(rule).toBeFocused();
  await expect(rule).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Unsafe regular expression');
  await expect(page.getByRole('alert')).toContainText('The runtime would refuse this pattern.');

  // A safe pattern typed over it is stored, and the flag goes.
  await rule.fill('^/(pricing|docs)$');
  await rule.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectSaved(page);
});

test('EDT-23 Preview as visitor shows the working copy before it is published, with the page saying it is an unpublished preview', async ({ page, context }) => {
  test.setTimeout(240_000);
  test.skip(PROJECT !== 'homepage', 'the preview bootstrap runs on the homepage project');
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 30_000 });
  await newVariation(page, 'Preview me');
  await expect(page.getByTestId('preview-kind')).toHaveText('Live link');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Preview as visitor' }).click();
  const visitor = await opened;
  await expect(page.getByTestId('preview-kind')).toHaveText('Unpublished preview');
  await expect(page.getByLabel('Preview link', { exact: true })).toHaveValue(/varia_token=homepage\.[0-9a-f]{32}/);
  // The variation exists only in the working copy, yet the page runs it, and says so.
  const notice = visitor.locator('#varia-preview-notice');
  await expect(notice).toContainText('Unpublished preview of the working copy', { timeout: 60_000 });
  await expect(notice).toContainText('\u2192 Preview me');
});
