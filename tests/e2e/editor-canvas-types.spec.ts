/**
 * One change of every type authored on the canvas (EDT-19, EDT-20, EDT-21), published, and applied by
 * the published snippet on the stand-in homepage exactly as the live preview showed it (same DOM of
 * the changed regions). A move and a redirect, whose appliers the publish adds to the homepage's
 * hand-written plugin list, are authored, previewed and published in editor-publish-move.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { canvasFrame, fillMonaco, newVariation, pick } from './editor-canvas-kit';
import { expectSaved, openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

/** Regions no other experiment of the homepage touches, compared between preview and visitor page. */
const REGIONS = ['section.features', 'footer.site-footer'];

const regionsOf = (page: { locator(selector: string): { evaluate<R>(fn: (el: Element) => R): Promise<R> } }) =>
  Promise.all(REGIONS.map((selector) => page.locator(selector).evaluate((el) => el.outerHTML)));

async function add(page: Page, kind: string, fill: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
  await fill();
  await page.getByRole('button', { name: 'Add change' }).click();
  await expect(page.locator('.au-editor')).toHaveCount(0);
}

/** Selects the n-th feature card: a click lands on its text, the arrow up reaches the card. */
async function pickArticle(page: Page, n: number): Promise<void> {
  await pick(page, `article.feature:nth-of-type(${n}) p`);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('selected-selector')).toHaveText(new RegExp(`article.feature:nth-of-type\\(${n}\\)$`));
}

async function publish(page: Page, note: string): Promise<void> {
  await page.keyboard.press('Control+s');
  await expectSaved(page);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid' })).toBeVisible({ timeout: 30_000 });
  await page.locator('textarea[name="note"]').fill(note);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.notice--ok')).toContainText('is live', { timeout: 90_000 });
}

test('EDT-19 EDT-20 EDT-21 every change type authored on the canvas is applied by the published snippet exactly as previewed', async ({ page, context }) => {
  test.setTimeout(300_000);
  await openProject(page, services);
  const frame = canvasFrame(page);
  const before = await regionsOf(frame);
  const variationId = await newVariation(page, 'Every type');

  await pick(page, 'section.features h2');
  await add(page, 'Text', () => page.getByLabel('Text', { exact: true }).fill('Every workload, one platform'));
  await pick(page, 'section.features p.section-lead');
  await add(page, 'HTML', () => fillMonaco(page, '<strong>Free</strong> to start, global when you grow.'));
  await pick(page, '.footer-brand p');
  await add(page, 'Attributes', () => page.getByLabel('Value of title').fill('Our tagline'));
  await pick(page, '.feature-grid');
  await add(page, 'Class', () => page.getByLabel('Classes').fill('feature-grid feature-grid--dense'));
  await pick(page, '.footer-bottom p');
  await add(page, 'Style', () => fillMonaco(page, 'element { color: rgb(220, 38, 38); letter-spacing: 0.05em; }'));
  await pickArticle(page, 4);
  await add(page, 'Hide', async () => undefined);
  await pickArticle(page, 3);
  await add(page, 'Remove', async () => undefined);
  await pick(page, 'section.features p.section-lead');
  await add(page, 'Insert HTML', async () => {
    await page.getByLabel('Position').selectOption('after');
    await fillMonaco(page, '<p class="added-note">Added by an experiment</p>');
  });
  await add(page, 'Custom code', () =>
    // The snippet runs in <head>: the code waits for its element, as custom code on a real page must.
    fillMonaco(page, "(api) => { const stop = api.get('changes').observeSelector('section.features', (el) => el.setAttribute('data-custom', 'yes')); return () => { stop(); api.win.document.querySelector('section.features')?.removeAttribute('data-custom'); }; }"),
  );
  await add(page, 'Widget', async () => {
    await page.getByLabel('Widget', { exact: true }).selectOption('korean_footer');
    await expect(page.locator('.au-editor .monaco-editor')).toContainText('"', { timeout: 20_000 });
  });
  await expect(page.locator('.au-item')).toHaveCount(10);

  // The preview has settled with every change applied and none flagged.
  const flags = () => page.getByTestId('change-flag').evaluateAll((els) => els.map((el) => `${el.closest('li')?.textContent}: ${(el as HTMLElement).title}`));
  await expect.poll(flags, { timeout: 15_000 }).toEqual([]);
  await expect(page.getByTestId('preview-status')).toHaveText(/^10 previewed/);
  await expect(frame.locator('section.features')).toHaveAttribute('data-custom', 'yes');
  const previewed = await regionsOf(frame);
  expect(previewed).not.toEqual(before);

  await publish(page, 'Every change type');
  const visitor = await context.newPage();
  await visitor.goto(`${services.url}/?varia_force_variations=${variationId}`);
  await expect.poll(() => regionsOf(visitor), { timeout: 10_000 }).toEqual(previewed);

  // Switching to no variation undoes the preview exactly (EDT-21).
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  await page.locator('[data-node="settings:project"]').click();
  await expect.poll(() => regionsOf(frame)).toEqual(before);
});
