/**
 * Results next to the experiment (EDT-24), from real page visits: a project authored in the editor
 * (a view with its URL rule checked live, an event, a campaign with a two-variation experiment),
 * published, visited by several visitors, some converting on one event (with a revenue), some on
 * another; the results count them per variation and per event, and show each variation's rate and
 * revenue per visitor (events sent by the real snippet, stored by the real collector), and their
 * exposed visitors (ruling 24) beside the decided ones.
 */
import { expect, test } from '@playwright/test';
import type { ProjectData } from '../../core/project/types';
import type { Revision } from '../../editor-model/api-contract';
import { sampleRatioTest, sharesFromRanges } from '../../editor-model/srm';
import { addAndName, editorApi, expectSaved, openProject, startEditorServices, type EditorServices } from './editor-kit';

const PROJECT = 'shop-results';
let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

test('EDT-8 EDT-24 a project authored in the editor, published and visited: decisions, conversions per event, rates and revenue per visitor in the results', async ({ browser, page }) => {
  test.setTimeout(420_000);
  const created = await editorApi(services, 'projects', { projectId: PROJECT, name: 'Shop' });
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
  await addAndName(page, 'Add event', 'Share');
  await addAndName(page, 'Add campaign', 'Shop campaign');
  await page.locator('.check', { hasText: 'Shop demo' }).locator('input').check();
  await addAndName(page, 'Add experiment to Shop campaign', 'Shop test');
  await addAndName(page, 'Add variation to Shop test', 'Variant');
  await expectSaved(page);

  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid', exact: true })).toBeVisible({ timeout: 150_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.notice--ok')).toContainText('is live', { timeout: 150_000 });

  // Six visitors: those 0, 2 and 4 buy, those 0 and 3 share; each one's variation read from the runtime.
  const seen: Array<{ variation: string; buy: boolean; share: boolean; revenue: number }> = [];
  for (let visitor = 0; visitor < 6; visitor += 1) {
    const context = await browser.newContext();
    const visit = await context.newPage();
    await visit.goto(`${services.url}/demo/${PROJECT}`);
    const variation = await visit.waitForFunction(() => {
      const api = (window as unknown as { varia: unknown[] | { get(name: string): { layerStates(): Record<string, { decision?: { variationId?: string | null } }> } } }).varia;
      if (Array.isArray(api)) return false;
      const decided = Object.values(api.get('decisions').layerStates()).find((state) => state.decision?.variationId);
      return decided?.decision?.variationId ?? false;
    }).then((handle) => handle.jsonValue() as Promise<string>);
    // A purchase carries a revenue (whole units: the tracker floors it): 10, 30 and 50.
    const goals = { buy: visitor % 2 === 0, share: visitor % 3 === 0, revenue: 10 * (visitor + 1) };
    seen.push({ variation, ...goals });
    const sent = visit.waitForResponse((response) => response.url().includes('/v1/events') && response.ok());
    await visit.evaluate((send) => {
      const api = (window as unknown as { varia: { push(call: unknown[]): void } }).varia;
      if (send.buy) api.push(['event', 'buy', { revenue: send.revenue }]);
      if (send.share) api.push(['event', 'share']);
      api.push(['sendEvents']);
    }, goals);
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
  // Any goal event: visitors 0, 2, 3 and 4.
  await page.getByRole('combobox', { name: 'Goal of Shop test' }).selectOption('');
  expect(await sum('goal-total')).toBe(4);
  // Just published: live; the split checked against the configured traffic: the pill says what the
  // chi-square test of the visitors each one was decided into, against the published weights, says.
  await expect(card.locator('.pill[data-state]')).toHaveText('Live');
  const published = (await (await editorApi(services, `projects/${PROJECT}/revisions/1`)).json()) as Revision;
  const experiment = (published.data as unknown as ProjectData).layers.flatMap((layer) => layer.experiments).find((item) => item.name === 'Shop test')!;
  const ids = experiment.variations.map((variation) => variation.id);
  const shares = sharesFromRanges(experiment.weightDistributions ?? [], ids);
  const srm = sampleRatioTest(ids.map((id) => seen.filter((entry) => entry.variation === id).length), shares);
  await expect(card.locator('.pill').nth(1)).toHaveText(srm.mismatch ? /^Sample ratio mismatch \(p = / : /^split as configured$/);

  // Per variation and event, against what each visitor was decided into and sent.
  const variations = [...new Set(seen.map((entry) => entry.variation))];
  const goal = page.getByRole('combobox', { name: 'Goal of Shop test' });
  for (const [event, name] of [['buy', 'Buy'], ['share', 'Share']] as const) {
    await goal.selectOption(event);
    await expect(card.locator('th.result-card__goal')).toHaveText(`Converted ${name}`);
    for (const variation of variations) {
      const visitors = seen.filter((entry) => entry.variation === variation);
      const converted = visitors.filter((entry) => entry[event]).length;
      const row = card.locator(`tr[data-variation="${variation}"]`);
      await expect(row.locator('td[data-cell="visitors"]')).toHaveText(String(visitors.length));
      await expect(row.locator('td[data-cell="goal-total"]')).toHaveText(String(converted));
      // The rate each variation shows is its converters over its visitors (a figure from two visitors on).
      await expect(row.locator('td[data-cell="estimate"] .figure, td[data-cell="estimate"].muted')).toHaveText(
        visitors.length < 2 ? '—' : `${((converted / visitors.length) * 100).toFixed(1)}%`,
      );
    }
  }
  // Revenue per visitor from the purchases' revenue: every visitor of the variation counts, a non-buyer as 0.
  await goal.selectOption('buy');
  const metric = page.getByRole('combobox', { name: 'Metric of Shop test' });
  await metric.selectOption('revenue');
  for (const variation of variations) {
    const visitors = seen.filter((entry) => entry.variation === variation);
    const revenue = visitors.filter((entry) => entry.buy).reduce((total, entry) => total + entry.revenue, 0);
    const row = card.locator(`tr[data-variation="${variation}"]`);
    await expect(row.locator('td[data-cell="goal-total"]')).toHaveText(revenue.toFixed(2));
    await expect(row.locator('td[data-cell="estimate"] .figure, td[data-cell="estimate"].muted')).toHaveText(
      visitors.length < 2 ? '—' : (revenue / visitors.length).toFixed(2),
    );
  }
  // Ruling 24: neither variation changes anything, so every visitor counts as exposed from the decision,
  // on the variation's basis too (the control's counterfactual needs no element): exposed equals decided,
  // and the card says the comparison is on exposed visitors.
  await expect(card.locator('.result-card__counted')).toHaveText(/^Compared on exposed visitors/);
  for (const variation of variations) {
    const visitors = seen.filter((entry) => entry.variation === variation);
    await expect(card.locator(`tr[data-variation="${variation}"] td[data-cell="exposed"]`)).toHaveText(String(visitors.length));
  }
  // Six visitors are too few to compare: the verdict says so.
  await expect(card.locator('.verdict').first()).toHaveText(/^Not enough data yet/);
});
