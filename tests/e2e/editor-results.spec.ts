/**
 * Results next to the experiment (EDT-24), from real page visits: a project authored in the editor
 * (a view with its URL rule checked live, an event, a campaign with a two-variation experiment),
 * published, visited by several visitors, some converting; the results table counts them.
 */
import { expect, test } from '@playwright/test';
import { addAndName, expectSaved, openProject, startEditorServices, type EditorServices } from './editor-kit';

const PROJECT = 'shop-results';
let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

test('EDT-8 EDT-24 a project authored in the editor, published and visited: decisions and conversions per variation in the results', async ({ browser, page }) => {
  test.setTimeout(420_000);
  const created = await fetch(`${services.url}/api/editor/projects`, { method: 'POST', body: JSON.stringify({ projectId: PROJECT, name: 'Shop' }) });
  expect(created.status).toBe(200);
  await openProject(page, services, PROJECT);

  // A view whose URL rule is checked live with the runtime's own matcher.
  await addAndName(page, 'Add view', 'Shop demo');
  await page.getByRole('button', { name: 'URL rule', exact: true }).click();
  await page.getByRole('combobox', { name: 'URL match' }).selectOption('substring');
  await page.locator('input[name="url-value"]').fill('/demo/shop-results');
  await page.locator('input[name="url-value"]').press('Enter');
  await page.locator('input[name="url-check"]').fill(`${services.url}/demo/shop-results?utm_source=mail`);
  await expect(page.locator('.url-check__result')).toHaveText(/Matches this view/);
  await page.locator('input[name="url-check"]').fill('https://www.example.com/cart');
  await expect(page.locator('.url-check__result')).toHaveText(/Does not match/);

  await addAndName(page, 'Add event', 'Buy');
  await addAndName(page, 'Add campaign', 'Shop campaign');
  await page.locator('.check', { hasText: 'Shop demo' }).locator('input').check();
  await addAndName(page, 'Add experiment to Shop campaign', 'Shop test');
  await addAndName(page, 'Add variation to Shop test', 'Variant');
  await expectSaved(page);

  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid', exact: true })).toBeVisible({ timeout: 150_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.notice--ok')).toContainText('is live', { timeout: 150_000 });

  // Six visitors; three of them buy.
  for (let visitor = 0; visitor < 6; visitor += 1) {
    const context = await browser.newContext();
    const visit = await context.newPage();
    await visit.goto(`${services.url}/demo/${PROJECT}`);
    await visit.waitForFunction(() => !Array.isArray((window as unknown as { varia: unknown }).varia));
    const sent = visit.waitForResponse((response) => response.url().includes('/v1/events') && response.ok());
    await visit.evaluate((buys) => {
      const api = (window as unknown as { varia: { push(call: unknown[]): void } }).varia;
      if (buys) api.push(['event', 'buy']);
      api.push(['sendEvents']);
    }, visitor % 2 === 0);
    await sent;
    await context.close();
  }

  await page.getByRole('button', { name: 'Results', exact: true }).click();
  const card = page.locator('.result-card', { hasText: 'Shop test' });
  await expect(card).toBeVisible();
  const sum = async (cell: string) =>
    (await card.locator(`td[data-cell="${cell}"]`).allTextContents()).reduce((total, text) => total + Number(text), 0);
  await expect.poll(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    return sum('visitors');
  }, { timeout: 20_000 }).toBe(6);
  expect(await sum('conversions')).toBe(3);
  await expect(card.locator('.bar-chart')).toBeVisible();
});
