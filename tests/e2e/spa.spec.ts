/**
 * A single-page app with the built e2e-spa snippet (config/e2e-spa, page served by
 * services/routes/spa.ts): route changes through history.pushState and the back button activate and
 * deactivate the right url_changed pages, apply and undo their campaign's change, and track one
 * pageview (view_activated) per activation. The collector is stood in by a Playwright route that
 * records each batch and answers 204.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';

interface TrackedEvent {
  type?: string;
  key?: string;
  y?: string;
  k?: string;
}

/** Records every batch the tracker sends; returns the keys of the view_activated events, in order. */
const recordPageviews = async (page: Page) => {
  const views: string[] = [];
  await page.route('**/v1/events', async (route) => {
    const body = route.request().postData() ?? '{}';
    try {
      const batch = JSON.parse(body) as { visitors?: Array<{ snapshots?: Array<{ events?: TrackedEvent[] }> }> };
      for (const visitor of batch.visitors ?? [])
        for (const snapshot of visitor.snapshots ?? [])
          for (const event of snapshot.events ?? []) if ((event.type ?? event.y) === 'view_activated') views.push(event.key ?? event.k ?? '');
    } catch {
      // Not a batch: nothing to count.
    }
    await route.fulfill({ status: 204 });
  });
  return views;
};

const activePages = (page: Page) =>
  page.evaluate(() => (window as unknown as { varia: { get(name: string): { activePageIds(): string[] } } }).varia.get('pages').activePageIds());

test.describe('single-page app', () => {
  test('PAG-6 PAG-12 PAG-18 route changes activate and deactivate pages, apply and undo changes, one pageview per activation', async ({ page, pageProblems }) => {
    const views = await recordPageviews(page);
    await page.goto('/spa');
    const promo = page.locator('#spa-promo');
    await expect.poll(() => activePages(page)).toEqual(['any']);
    await expect(promo).toHaveText('Original promo');

    await page.click('#nav-products');
    await expect(page.locator('#spa-title')).toHaveText('Products');
    await expect(promo).toHaveText('Products promo');
    expect(await activePages(page)).toEqual(['products', 'any']);

    await page.click('#nav-cart');
    await expect(promo).toHaveText('Cart promo');
    expect(await activePages(page)).toEqual(['cart', 'any']);

    await page.click('#nav-home');
    await expect(promo).toHaveText('Original promo');
    expect(await activePages(page)).toEqual(['any']);

    await page.goBack(); // popstate back to /spa/cart
    await expect(promo).toHaveText('Cart promo');
    expect(await activePages(page)).toEqual(['cart', 'any']);

    await expect.poll(() => [...views].sort()).toEqual(['spa_any', 'spa_cart', 'spa_cart', 'spa_products']);
    // The route changed without a page load: the immediate page activated once.
    expect(views.filter((key) => key === 'spa_any')).toHaveLength(1);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('PAG-6 a deep link to a route activates its page at load', async ({ page }) => {
    const views = await recordPageviews(page);
    await page.goto('/spa/products');
    await expect(page.locator('#spa-promo')).toHaveText('Products promo');
    await expect.poll(() => [...views].sort()).toEqual(['spa_any', 'spa_products']);
  });
});
