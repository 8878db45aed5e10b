/**
 * The part-1 widgets on the stand-in homepage (served at `/` by the local services, with its own
 * hydration script and strict CSP), in Chromium. The homepage snippet is swapped for the
 * `e2e-widgets-part1` project's (tests/fixtures/projects/e2e-widgets-part1), whose `case` pages show
 * one group of widgets each from `<head>`, as the real project does. Events are read from the
 * tracker's requests to the local collector.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';

const SNIPPET = '**/snippets/homepage.js';
const EVENTS = '**/v1/events';

/** Serves the part-1 project's snippet in place of the homepage's; returns the event names the tracker sends. */
const setUp = async (page: Page): Promise<string[]> => {
  const sent: string[] = [];
  await page.route(SNIPPET, async (route) => {
    const response = await page.request.get('/snippets/e2e-widgets-part1.js');
    await route.fulfill({ response });
  });
  await page.route(EVENTS, async (route) => {
    for (const [, name] of (route.request().postData() ?? '').matchAll(/"(?:k|key)":"([^"]+)"/g)) sent.push(name);
    await route.continue();
  });
  return sent;
};

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
const send = (page: Page) => page.evaluate(() => (window as unknown as { varia: { push(call: unknown): void } }).varia.push(['sendEvents']));

test.describe('part-1 widgets on the stand-in homepage', () => {
  test('WID-60 WID-61 WID-63 WID-1 the hero shown from <head>: page at opacity 0.01 while it waits, then before the site hero (hidden), once, the page visible', async ({ page, pageProblems }) => {
    await setUp(page);
    // The page's opacity when the header is parsed: the snippet has run, the hero's anchors are not there yet.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.getElementById('site-header')) return;
        observer.disconnect();
        (window as unknown as { __opacityAtHeader: string }).__opacityAtHeader = getComputedStyle(document.documentElement).opacity;
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/?case=hero');
    expect(await page.evaluate(() => (window as unknown as { __opacityAtHeader: string }).__opacityAtHeader)).toBe('0.01');
    await hydrated(page);
    await expect(page.locator('#varia-hero')).toHaveCount(1);
    expect(await page.evaluate(() => document.querySelector('#varia-hero')!.nextElementSibling!.matches('section.hero'))).toBe(true);
    await expect(page.locator('section.hero')).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).opacity)).toBe('1');
    expect(pageProblems.pageErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('WID-62 until the page has loaded, a change in the main container re-renders the hero; after the load event it no longer does', async ({ page }) => {
    await setUp(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The load event waits for this image, so the test can change the page while it is still loading.
    await page.route('**/site/assets/vectors.svg', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/?case=hero', { waitUntil: 'commit' });
    await page.waitForSelector('#varia-hero', { state: 'attached' });
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    await page.evaluate(() => document.getElementById('varia-hero')!.remove());
    await page.waitForSelector('#varia-hero', { state: 'attached' });
    release();
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => document.getElementById('varia-hero')!.remove());
    await page.waitForTimeout(300); // nothing to wait for: the hero must stay away
    await expect(page.locator('#varia-hero')).toHaveCount(0);
  });

  test('WID-68 WID-69 the word rotates every 3000 ms on the real page (page clock)', async ({ page }) => {
    // The page's time runs only when the test moves it, 50 ms at a time, so a loaded machine cannot let a
    // rotation slip in: the test notes the page time of each word change.
    await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T09:00:01Z'));
    await setUp(page);
    await page.goto('/?case=hero');
    const word = page.locator('#varia-hero-word');
    const changes: Array<{ at: number; text: string | null }> = [];
    for (let at = 0; at <= 12_000 && changes.length < 3; at += 50) {
      const text = (await word.count()) ? await word.textContent() : null;
      if (text && text !== changes.at(-1)?.text) changes.push({ at, text });
      await page.clock.runFor(50);
    }
    expect(changes.map((change) => change.text)).toEqual(['Full-Text Search', 'Transactions', 'Time Series Data']);
    // Every 3000 ms of page time, to the step of the test's clock.
    const interval = changes[2].at - changes[1].at;
    expect(interval).toBeGreaterThanOrEqual(2950);
    expect(interval).toBeLessThanOrEqual(3050);
  });

  test('WID-14 WID-15 WID-16 WID-17 WID-18 after the site hydrates, two analyst-report links replace the four hero blocks', async ({ page }) => {
    await setUp(page);
    await page.goto('/?case=trust');
    await hydrated(page);
    const blocks = page.locator('section.hero .hero-trust > .hero-trust-block');
    await expect(blocks).toHaveCount(2);
    await expect(blocks.nth(0)).toHaveAttribute('data-report', 'forrester');
    await expect(blocks.nth(0)).toHaveAttribute('href', '/resources/reports/forrester-wave');
    await expect(blocks.nth(1)).toHaveAttribute('data-report', 'gartner');
    await expect(blocks.nth(1)).toContainText('Gartner Magic Quadrant');
  });

  test('WID-18 the Forrester and Gartner click events fire on the report links', async ({ page }) => {
    const sent = await setUp(page);
    await page.goto('/?case=trust');
    await hydrated(page);
    await page.evaluate(() => document.querySelectorAll('a[data-report]').forEach((a) => a.addEventListener('click', (event) => event.preventDefault())));
    await page.locator('a[data-report="forrester"]').click();
    await page.locator('a[data-report="gartner"]').click();
    await send(page);
    await expect.poll(() => sent).toEqual(expect.arrayContaining(['forrester_link', 'gartner_link']));
  });

  test('WID-23 WID-27 WID-25 WID-26 at 375 px the top banner sits before the header and hides while the mobile menu is open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await setUp(page);
    await page.goto('/?case=top');
    const banner = page.locator('#varia-top-banner');
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => document.getElementById('varia-top-banner')!.nextElementSibling!.id)).toBe('site-header');
    await expect(page.locator('.promo-banner')).toBeHidden();
    const toggle = page.locator('nav.top-nav button.nav-menu-toggle');
    await toggle.click();
    await expect(toggle).toHaveText('Close Links');
    await expect(banner).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveText('Open Links');
    await expect(banner).toBeVisible();
  });

  test('WID-32 WID-31 WID-9 the pathfinder after its anchor once loaded, five links, on a locale page with the locale prefix', async ({ page }) => {
    await setUp(page);
    await page.goto('/fr-fr/?case=pathfinder');
    const block = page.locator('#varia-pathfinder');
    await expect(block).toBeVisible();
    expect(await page.evaluate(() => document.getElementById('varia-pathfinder')!.previousElementSibling!.id)).toBe('pathfinder-anchor');
    await expect(block.locator('.vw-pf-links a')).toHaveCount(5);
    await expect(block.locator('.vw-pf-cta')).toHaveAttribute('href', '/fr-fr/cloud/atlas/register');
    await expect(block.locator('.vw-pf-links a').nth(4)).toHaveAttribute('href', '/fr-fr/solutions/industries');
  });

  test('WID-103 WID-105 WID-106 the demo banner on desktop only; its click is sent as demo_banner_clicks', async ({ page }) => {
    const sent = await setUp(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/?case=demo');
    await hydrated(page);
    await page.waitForTimeout(300); // the banner would be in after 100 ms
    await expect(page.locator('#varia-demo-banner')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?case=demo');
    const link = page.locator('#varia-demo-banner a');
    await expect(link).toHaveAttribute('href', '/products/platform/atlas-product-tour?tck=demo_hp_banner_2');
    await page.evaluate(() => document.querySelector('#varia-demo-banner a')!.addEventListener('click', (event) => event.preventDefault()));
    await link.click();
    await send(page);
    await expect.poll(() => sent).toContain('demo_banner_clicks');
  });

  test('WID-110 WID-111 WID-112 WID-113 ruling 16: real scrolling and a click send the defined scroll and engagement events only', async ({ page }) => {
    const sent = await setUp(page);
    await page.goto('/?case=goals');
    await hydrated(page);
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
    await page.locator('footer').click({ position: { x: 5, y: 5 } });
    await send(page);
    // Besides the page view (case_goals): scroll 1 and 100 are pushed too, but the project does not define them.
    await expect.poll(() => [...new Set(sent)].filter((name) => !name.startsWith('case_')).sort()).toEqual(['engagement_all', 'scroll_25', 'scroll_50', 'scroll_75']);
  });

  test('WID-108 the 30 s time event is sent at 30 s of page time (page clock)', async ({ page }) => {
    const sent = await setUp(page);
    // Page time stands still unless the test moves it: a load that takes seconds on a busy machine must not
    // count as time on the page (with a flowing clock it once put page time past 30 s at the first check).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/?case=goals');
    await page.clock.runFor(29_000);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(true);
    // A click at 29 s sends the engagement event in the same batch a 30 s event sent too early would be in.
    await page.evaluate(() => document.querySelector('footer')!.click());
    await send(page);
    await page.clock.runFor(100); // the tracker posts in the task after the flush
    await expect.poll(() => sent).toContain('engagement_all');
    expect(sent).not.toContain('time_on_page_30s');
    await page.clock.runFor(1_000);
    await send(page);
    await page.clock.runFor(100);
    await expect.poll(() => sent).toContain('time_on_page_30s');
  });

  test('WID-7 every part-1 widget at once: no page error, console error or CSP violation; each one shown', async ({ page, pageProblems }) => {
    await setUp(page);
    await page.goto('/?case=all');
    await hydrated(page);
    for (const id of ['varia-hero', 'varia-top-banner', 'varia-pathfinder', 'varia-ai-banner', 'varia-demo-banner']) {
      await expect(page.locator(`#${id}`)).toBeVisible();
    }
    await expect(page.locator('#varia-korean-footer')).toBeAttached();
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });
});
