/**
 * A move and a redirect authored in the homepage project are published and applied on the stand-in
 * homepage (EDT-12, EDT-13, EDT-19). The homepage's plugin list (config/homepage/plugins.ts) is
 * written by hand for the data it has and carries no rearrange or redirect applier: the publish adds
 * the standard ones for the change types the data now uses, so the review finds the project valid
 * and the published snippet moves the element and sends the visitor on. On the canvas the move is
 * previewed and the redirect is not followed (EDT-21).
 */
import { expect, test, type Page } from '@playwright/test';
import { canvasFrame, newVariation, pick } from './editor-canvas-kit';
import { expectSaved, openProject, servedSnippet, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

/** Opens a change form by its type, fills it and adds the change. */
async function add(page: Page, kind: string, fill: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
  await fill();
  await page.getByRole('button', { name: 'Add change' }).click();
  await expect(page.locator('.au-editor')).toHaveCount(0);
}

/** The class of the element right after the feature cards ('' when none). */
const afterGrid = (frame: { locator(selector: string): { evaluate<R>(fn: (el: Element) => R): Promise<R> } }) =>
  frame.locator('div.feature-grid').evaluate((el) => el.nextElementSibling?.className ?? '');

test('EDT-12 EDT-13 EDT-19 EDT-21 a move and a redirect authored in the homepage project are published and applied on the homepage', async ({ page, context }) => {
  test.setTimeout(300_000);
  await openProject(page, services);
  const frame = canvasFrame(page);
  const before = await servedSnippet(services);

  // A move: the lead paragraph goes under the cards (stable selectors: a positional one would match
  // again once moved).
  const moveId = await newVariation(page, 'Lead under the cards');
  expect(await afterGrid(frame)).toBe('');
  await pick(page, 'section.features p.section-lead');
  await add(page, 'Move', async () => {
    await page.getByLabel('Position').selectOption('after');
    await pick(page, 'div.feature-grid article.feature p');
    for (let up = 0; up < 2; up += 1) await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('selected-selector')).toHaveText('div.feature-grid');
    await page.getByRole('button', { name: 'Use selection' }).click();
  });
  await expect.poll(() => afterGrid(frame)).toBe('section-lead');

  // A redirect, in a variation of its own (the visitor forced into it lands on the Portuguese page).
  const redirectId = await newVariation(page, 'To the Portuguese page');
  await pick(page, 'section.features h2');
  await add(page, 'Redirect', () => page.getByLabel('Destination URL').fill('/pt-br'));
  expect(await frame.locator('html').evaluate(() => location.pathname)).toBe('/');

  await page.keyboard.press('Control+s');
  await expectSaved(page);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Unrecognized change type/)).toHaveCount(0);
  await page.locator('textarea[name="note"]').fill('Move and redirect');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.notice--ok')).toContainText('is live', { timeout: 90_000 });
  expect(await servedSnippet(services)).not.toBe(before);

  // The visitor forced into the move's variation sees the paragraph under the cards.
  const visitor = await context.newPage();
  await visitor.goto(`${services.url}/?varia_force_variations=${moveId}`);
  await expect.poll(() => afterGrid(visitor), { timeout: 15_000 }).toBe('section-lead');
  await expect(visitor.locator('section.features p.section-lead')).toBeVisible();

  // The visitor forced into the redirect's variation is sent to the Portuguese page.
  await visitor.goto(`${services.url}/?varia_force_variations=${redirectId}`);
  await expect.poll(() => new URL(visitor.url()).pathname, { timeout: 15_000 }).toBe('/pt-br');
});
