/**
 * The homepage project's events (HPC-36..43, WID-106..114) as the tracker records them: goal widgets
 * for the homepage and for the hero trust-signals experiment (suffix `_hts`), the registration form,
 * the hero-link and demo-banner clicks and the click events with their selector filters. Where a
 * variation is forced, `varia_force_tracking` keeps tracking on (URL-21). Times run on Playwright's
 * clock, never on sleeps.
 */
import type { Page } from '@playwright/test';
import { PAGE } from '../../config/homepage/page-contract';
import { ENGLISH } from '../../config/homepage/layers/english';
import { HERO_TRUST } from '../../config/homepage/layers/hero-trust';
import { P13N_VARIATIONS } from '../../config/homepage/layers/personalisation';
import { COPY } from '../../config/homepage/site/copy';
import { DEMO_BANNER_CONFIG } from '../../config/homepage/widgets';
import { expect, test } from '../support/e2e-fixtures';
import { DESKTOP_UA, force, openHomepage, recordHomepage, recorded, widgetConfig } from './homepage-helpers';

/** Names of the events tracked so far. */
const tracked = async (page: Page) => (await recorded(page)).tracked.map((event) => event.name);
const tracking = (...ids: string[]) => `${force(...ids)}&varia_force_tracking=true`;

test.beforeEach(async ({ page }) => {
  await recordHomepage(page);
  // Links stay on the page, so a click is tracked and the test goes on (the runtime's listeners run first).
  await page.addInitScript(() => window.addEventListener('click', (event) => (event.target as Element).closest?.('a') && event.preventDefault()));
});

/** Event keys (`k`/`key`) in the batches the page sends to the collector, gathered as they leave. */
const sentKeys = (page: Page): string[] => {
  const keys: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        if ((name === 'k' || name === 'key') && typeof item === 'string') keys.push(item);
        else walk(item);
      }
    }
  };
  page.on('request', (request) => {
    if (!request.url().includes('/v1/events') || request.method() !== 'POST') return;
    try {
      walk(JSON.parse(request.postData() ?? 'null'));
    } catch {
      // Not JSON: not a batch.
    }
  });
  return keys;
};

test('HPC-37 HPC-39 WID-107 WID-112 the goal widgets run with the homepage suffixes and with the experiment suffixes', async ({ page }) => {
  await openHomepage(page, '/', force(HERO_TRUST.variations[1]));
  const widgets = (await recorded(page)).widgets;
  const configs = (id: string) => widgets.filter((item) => item.widgetId === id).map((item) => item.config);
  expect(configs('timer_goals')).toEqual(expect.arrayContaining([expect.objectContaining({ experimentSuffix: '' }), expect.objectContaining({ experimentSuffix: '_hts' })]));
  expect(configs('scroll_goals')).toEqual(expect.arrayContaining([expect.objectContaining({ eventSuffix: '' }), expect.objectContaining({ eventSuffix: '_hts' })]));
  expect(configs('engagement_goals')).toEqual(expect.arrayContaining([expect.objectContaining({ eventSuffix: '_all' }), expect.objectContaining({ eventSuffix: '_all_hts' })]));
});

test('HPC-37 WID-108 time on page is tracked at 30, 45 and 60 seconds for the homepage and the experiment', async ({ page }) => {
  await page.clock.install();
  await openHomepage(page, '/');
  expect(await tracked(page)).not.toContain('time_on_page_30s');
  await page.clock.runFor(30_000);
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['time_on_page_30s', 'time_on_page_30s_hts']));
  expect(await tracked(page)).not.toContain('time_on_page_45s');
  await page.clock.runFor(30_000);
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['time_on_page_45s', 'time_on_page_60s', 'time_on_page_45s_hts', 'time_on_page_60s_hts']));
});

test('HPC-38 WID-110 WID-111 scrolling to the end sends 25, 50 and 75 percent once each; 1 and 100 are pushed but not sent (ruling 16)', async ({ page }) => {
  const sent = sentKeys(page);
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.clock.install();
  await openHomepage(page, '/');
  for (const fraction of [0.3, 0.6, 1, 0.2, 1]) {
    await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), fraction);
    await page.evaluate(() => new Promise(requestAnimationFrame)); // the scroll event is dispatched
    await page.clock.runFor(300); // past the widget's 250 ms debounce
  }
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['scroll_1', 'scroll_100', 'scroll_25', 'scroll_50', 'scroll_75', 'scroll_25_hts', 'scroll_50_hts', 'scroll_75_hts']));
  expect((await tracked(page)).filter((name) => name === 'scroll_50')).toHaveLength(1);
  await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): unknown } }).varia.push(['sendEvents']));
  await expect.poll(() => sent).toEqual(expect.arrayContaining(['scroll_25', 'scroll_50', 'scroll_75', 'scroll_25_hts', 'scroll_50_hts', 'scroll_75_hts']));
  expect(sent).not.toContain('scroll_100');
  expect(sent).not.toContain('scroll_1');
});

test('HPC-39 WID-112 the first engagement tracks engagement-all for the homepage and the experiment, once', async ({ page }) => {
  await openHomepage(page, '/');
  await page.locator(PAGE.footer).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Tab');
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['engagement_all', 'engagement_all_hts']));
  expect((await tracked(page)).filter((name) => name === 'engagement_all')).toHaveLength(1);
});

test('HPC-40 submitting the registration form tracks Registration Form Submitted', async ({ page }) => {
  await openHomepage(page, '/');
  await page.locator(`${PAGE.registrationForm} input[name="name"]`).fill('Ada');
  await page.locator(`${PAGE.registrationForm} button[type="submit"]`).click();
  await expect.poll(() => tracked(page)).toContain('registration_form_submitted');
});

test('HPC-43 clicks on the hero CTAs, any register link and the chat launcher are tracked by their selector filters', async ({ page }) => {
  await openHomepage(page, '/', tracking(P13N_VARIATIONS.newOriginal, P13N_VARIATIONS.returningOriginal));
  await page.locator(PAGE.heroPrimaryCta).click();
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['hero_primary_cta', 'hero_any_link', 'register_link_any']));
  await page.locator(PAGE.heroSecondaryCta).click();
  await page.locator(PAGE.chatbotLauncher).click();
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['hero_secondary_cta', 'chatbot_engaged']));
  expect(await tracked(page)).not.toContain('forrester_link');
});

test('HPC-43 clicks on the Forrester and Gartner report links of the trust signals are tracked', async ({ page }) => {
  await openHomepage(page, '/', tracking(HERO_TRUST.variations[1], P13N_VARIATIONS.newOriginal, P13N_VARIATIONS.returningOriginal));
  await expect(page.locator(PAGE.heroBlocks)).toHaveCount(2);
  await page.locator(PAGE.heroBlocks).nth(0).click();
  await page.locator(PAGE.heroBlocks).nth(1).click();
  await expect.poll(() => tracked(page)).toEqual(expect.arrayContaining(['forrester_link', 'gartner_link']));
});

test('HPC-41 WID-114 a click on a hero link pushes the hero-link click once per page', async ({ page }) => {
  await openHomepage(page, '/', tracking(P13N_VARIATIONS.new));
  expect(await widgetConfig(page, 'hero')).toBeDefined();
  const cta = page.getByRole('link', { name: COPY[''].hero.cta }).filter({ visible: true }).first();
  await cta.click();
  await cta.click();
  await expect.poll(() => tracked(page)).toContain('hero_link_click');
  expect((await tracked(page)).filter((name) => name === 'hero_link_click')).toHaveLength(1);
});

test('HPC-42 WID-106 a click on the desktop demo banner pushes demo_banner_clicks', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: DESKTOP_UA });
  const page = await context.newPage();
  await recordHomepage(page);
  await page.addInitScript(() => window.addEventListener('click', (event) => event.preventDefault()));
  await openHomepage(page, '/', tracking(ENGLISH.demoBanner.variation));
  await page.getByRole('link', { name: DEMO_BANNER_CONFIG.ctaText }).click();
  await expect.poll(() => tracked(page)).toContain('demo_banner_clicks');
  await context.close();
});

test('HPC-1 HPC-7 the local collector receives the homepage visit (IP anonymised): its page view, decisions and a custom event, for this visitor', async ({ page, request }) => {
  const batches: unknown[] = [];
  page.on('request', (sent) => sent.url().includes('/v1/events') && sent.method() === 'POST' && batches.push(JSON.parse(sent.postData() ?? 'null')));
  await openHomepage(page, '/');
  await page.locator(`${PAGE.registrationForm} button[type="submit"]`).click();
  const visitorId = await page.evaluate(() => {
    const api = (window as unknown as { varia: { get(name: string): { randomId: string }; push(call: unknown): unknown } }).varia;
    api.push(['sendEvents']);
    return api.get('visitor_id').randomId;
  });
  const stored = async () => {
    const response = await request.get(`/v1/events?projectId=homepage&visitorId=${encodeURIComponent(visitorId)}`);
    return ((await response.json()) as { events: Array<{ type: string; key?: string; name?: string }> }).events;
  };
  await expect.poll(async () => (await stored()).length, { timeout: 10_000 }).toBeGreaterThan(1);
  const text = JSON.stringify(await stored());
  expect(text).toContain('registration_form_submitted');
  expect(text).toContain('homepage');
  // The browser reports its requests to the test over the protocol, which can lag behind the collector's
  // answer on a busy machine: wait for the report rather than assume it came first.
  await expect.poll(() => batches.length).toBeGreaterThan(0);
  for (const batch of batches) expect(batch).toMatchObject({ anonymize_ip: true });
});
