/**
 * A single-page app with the built e2e-spa snippet (tests/fixtures/projects/e2e-spa, page served by
 * services/routes/spa.ts): route changes through history.pushState and the back button activate and
 * deactivate the right url_changed pages, apply and undo their campaign's change, and track one
 * pageview (view_activated) per activation. The tracker posts to the real collector of the local
 * services (no batching in this project); the pageviews are counted from what the collector stored for
 * the visitor (`GET /v1/events?projectId=&visitorId=`). The collector's database outlives a run, so
 * everything is counted per visitor. The lifecycle is read through the timeline module.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import type { StoredEvent } from '../../services/collector/store';
import type { VariaApi } from '../support/varia-page';


interface TimelineEntry {
  type: string;
  name: string;
  detail?: { pageId?: string; page?: { id?: string } } & Record<string, unknown>;
}

/** Events the collector stored for the visitor, oldest first. */
const collected = async (request: APIRequestContext, visitorId: string): Promise<StoredEvent[]> => {
  const response = await request.get(`/v1/events?projectId=e2e-spa&visitorId=${encodeURIComponent(visitorId)}`);
  return ((await response.json()) as { events: StoredEvent[] }).events;
};

/** The api names of the stored pageviews (view_activated), sorted. */
const storedPageviews = async (request: APIRequestContext, visitorId: string): Promise<string[]> =>
  (await collected(request, visitorId))
    .filter((event) => event.type === 'view_activated')
    .map((event) => event.key ?? '')
    .sort();

const visitorIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('visitor') as { id(): string }).id());

const timeline = (page: Page): Promise<TimelineEntry[]> =>
  page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('timeline') as { entries(): TimelineEntry[] }).entries());

const activePages = (page: Page) =>
  page.evaluate(() => (window as unknown as { varia: { get(name: string): { activePageIds(): string[] } } }).varia.get('pages').activePageIds());

test.describe('single-page app', () => {
  test('PAG-6 PAG-12 PAG-18 PAG-15 PAG-19 route changes activate and deactivate pages, apply and undo changes, one pageview per activation at the collector', async ({
    page,
    request,
    pageProblems,
  }) => {
    await page.goto('/spa');
    const promo = page.locator('#spa-promo');
    await expect.poll(() => activePages(page)).toEqual(['any']);
    await expect(promo).toHaveText('Original promo');
    const visitorId = await visitorIdOf(page);

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

    // PAG-15: one stored pageview per activation; the route changed without a page load, so the
    // immediate page activated once.
    await expect.poll(() => storedPageviews(request, visitorId), { timeout: 10_000 }).toEqual(['spa_any', 'spa_cart', 'spa_cart', 'spa_products']);
    const stored = await collected(request, visitorId);
    expect(new Set(stored.map((event) => event.uuid)).size).toBe(stored.length);

    // PAG-15, PAG-19: pageActivated per activation and pageDeactivated per deactivation, in route order.
    const pageEvents = (await timeline(page))
      .filter((entry) => entry.type === 'lifecycle' && (entry.name === 'pageActivated' || entry.name === 'pageDeactivated'))
      .map((entry) => `${entry.name}:${String(entry.detail?.pageId ?? entry.detail?.page?.id)}`);
    expect(pageEvents).toEqual([
      'pageActivated:any',
      'pageActivated:products',
      'pageDeactivated:products',
      'pageActivated:cart',
      'pageDeactivated:cart',
      'pageActivated:cart',
    ]);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('PAG-16 PAG-17 a page\'s click goal is attached while the page is active and detached when it deactivates', async ({ page, request }) => {
    await page.goto('/spa');
    const visitorId = await visitorIdOf(page);
    const clicks = async () => (await collected(request, visitorId)).filter((event) => event.key === 'cart_promo_click').length;
    const promo = page.locator('#spa-promo');

    await page.click('#nav-products');
    await expect(promo).toHaveText('Products promo');
    await promo.click(); // the cart page is not active: nothing is attached
    await page.click('#nav-cart');
    await expect(promo).toHaveText('Cart promo');
    await promo.click();
    await promo.click();
    await page.click('#nav-home'); // the cart page deactivates: its click goal is detached
    await expect(promo).toHaveText('Original promo');
    await promo.click();

    // The pageviews of the three activations arrive too, so once they are in, the clicks are settled.
    await expect.poll(() => storedPageviews(request, visitorId), { timeout: 10_000 }).toEqual(['spa_any', 'spa_cart', 'spa_products']);
    expect(await clicks()).toBe(2);
  });

  test('PAG-6 PAG-15 a deep link to a route activates its page at load', async ({ page, request }) => {
    await page.goto('/spa/products');
    await expect(page.locator('#spa-promo')).toHaveText('Products promo');
    const visitorId = await visitorIdOf(page);
    await expect.poll(() => storedPageviews(request, visitorId), { timeout: 10_000 }).toEqual(['spa_any', 'spa_products']);
  });

  test('PAG-28 PAG-29 PAG-31 PAG-35 PAG-36 PAG-37 PAG-38 the activation runs its steps in order: at the collector, one client activation, then the pageviews and decisions of that activation', async ({
    page,
    request,
  }) => {
    await page.goto('/spa/cart');
    await expect(page.locator('#spa-promo')).toHaveText('Cart promo');
    const visitorId = await visitorIdOf(page);
    const activation = await page.evaluate(() =>
      ((window as unknown as { varia: VariaApi }).varia.get('pages') as { activation(): { id: string; timestamp: number } }).activation(),
    );
    // Step 1: the activation is recorded with its id and time.
    expect(typeof activation.id).toBe('string');
    expect(activation.timestamp).toBeGreaterThan(0);
    // The promo's change applied: the visitor is exposed to its variation (ruling 24).
    await expect
      .poll(async () => (await collected(request, visitorId)).map((event) => event.key ?? event.type).sort(), { timeout: 10_000 })
      .toEqual(['campaign_activated', 'client_activation', 'exposure', 'spa_any', 'spa_cart']);
    const stored = await collected(request, visitorId);
    const at = (type: string, key?: string) => stored.find((event) => event.type === type && (key === undefined || event.key === key))!.timestamp;
    // Step 3 set the visitor id every event carries; step 8 (client activation) precedes step 10 (views and decisions).
    expect(stored.every((event) => event.visitorId === visitorId)).toBe(true);
    expect(at('client_activation')).toBeGreaterThanOrEqual(activation.timestamp);
    expect(at('view_activated', 'spa_cart')).toBeGreaterThanOrEqual(at('client_activation'));
    expect(at('campaign_activated')).toBeGreaterThanOrEqual(at('view_activated', 'spa_cart'));
    expect(stored.find((event) => event.type === 'campaign_activated')!.entityId).toBe('layer-cart');

    // Step 10: the lifecycle of the activation, in order.
    const names = (await timeline(page)).filter((entry) => entry.type === 'lifecycle').map((entry) => entry.name);
    const order = ['activate', 'pageActivated', 'layerDecided', 'activated'].map((name) => names.indexOf(name));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
