/**
 * The banner carousel on the stand-in homepage with the real snippet, Swiper 6.8.3 and the stand-in
 * spreadsheet service of the local services (tests/support/homepage-widgets-page.ts): real mouse
 * drags, breakpoints by window size, dimming by measured opacity, and every kind of bad sheet.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import { openCase } from '../support/homepage-widgets-page';

const READY = 'varia-banner-ready';

/** Titles of the cards left to right from the first one at the carousel's content start. */
const visibleTitles = (page: Page) =>
  page.evaluate(() => {
    const container = document.querySelector('.vbn-swiper')!;
    const start = container.getBoundingClientRect().left;
    return [...document.querySelectorAll<HTMLElement>('.vbn .swiper-slide')]
      .map((slide) => ({ slide, left: slide.getBoundingClientRect().left }))
      .filter(({ left }) => left >= start - 2 && left < innerWidth)
      .sort((a, b) => a.left - b.left)
      .map(({ slide }) => [slide.querySelector('.vbn-title')!.textContent, Number(getComputedStyle(slide).opacity)] as const);
  });

/** Whether the carousel is at rest with a card on the content start. */
const snapped = (page: Page) =>
  page.evaluate(() => {
    const container = document.querySelector('.vbn-swiper')!;
    const wrapper = document.querySelector<HTMLElement>('.vbn .swiper-wrapper')!;
    const start = container.getBoundingClientRect().left;
    const lefts = [...document.querySelectorAll('.vbn .swiper-slide')].map((slide) => slide.getBoundingClientRect().left);
    return wrapper.style.transitionDuration === '0ms' && lefts.some((left) => Math.abs(left - start) < 1);
  });

const activeDot = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.vbn .swiper-pagination-bullet')].findIndex((dot) => dot.classList.contains('swiper-pagination-bullet-active')));

/** Swiper keeps no release speed once the pointer has rested this long (its `onTouchEnd`). */
const SWIPER_REST_MS = 300;

/**
 * Drags the carousel with the mouse by `dx` px, from the middle of the first visible card, and holds
 * still before letting go, as a person placing a card does. Released while moving, free mode carries
 * the carousel on by the speed of the last two moves, which the machine's load decides (a fast run
 * carried it round the loop back to the first card): held, it snaps to the card closest to where the
 * drag ended. Waiting longer than the rest time can only keep the speed at zero, so this is no race.
 */
async function drag(page: Page, dx: number) {
  const box = (await page.locator('.vbn-swiper').boundingBox())!;
  const x = box.x + 200;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(x + (dx * step) / 12, y);
  await page.waitForTimeout(SWIPER_REST_MS + 50);
  await page.mouse.up();
}

const openCarousel = async (page: Page, name: string, width = 1400, log = false) => {
  await page.setViewportSize({ width, height: 900 });
  await openCase(page, name, { log });
  await page.locator('.vbn').scrollIntoViewIfNeeded();
  await expect(page.locator('.vbn .swiper-container-initialized')).toHaveCount(1);
  await expect.poll(() => snapped(page)).toBe(true);
};

test.describe('homepage banner carousel', () => {
  test('WID-83 WID-84 WID-85 WID-86 WID-91 WID-100 the configured slides replace the events banner; the page gets its ready class', async ({ page, pageProblems }) => {
    const sheetRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/sheets/') && sheetRequests.push(request.url()));
    await openCarousel(page, 'slides');
    await expect(page.locator('section.events-banner')).toHaveCount(0);
    await expect(page.locator('.vbn .swiper-slide:not(.swiper-slide-duplicate) .vbn-title')).toHaveText(['Developer Day London', 'Data Summit', 'Analytics webinar', 'AI Applications Program']);
    const links = await page.locator('.vbn .swiper-slide:not(.swiper-slide-duplicate) a').evaluateAll((list) => list.map((a) => [new URL((a as HTMLAnchorElement).href).pathname, (a as HTMLAnchorElement).target]));
    expect(links).toEqual([['/events/developer-day-london', ''], ['/summit', '_blank'], ['/use-cases/analytics', ''], ['/services/consulting/ai-applications-program', '']]);
    // No spreadsheet address: no request to the service (WID-86).
    expect(sheetRequests).toEqual([]);
    await expect(page.locator('html')).toHaveClass(new RegExp(READY));
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('WID-93 WID-94 dragged with the real mouse: free-snap to a card, loops past both ends, the active dot follows', async ({ page }) => {
    await openCarousel(page, 'slides');
    expect((await visibleTitles(page))[0][0]).toBe('Developer Day London');
    await drag(page, -420);
    await expect.poll(() => snapped(page)).toBe(true);
    const after = (await visibleTitles(page))[0][0];
    expect(after).not.toBe('Developer Day London');
    const titles = ['Developer Day London', 'Data Summit', 'Analytics webinar', 'AI Applications Program'];
    expect(await activeDot(page)).toBe(titles.indexOf(after!));
    // Dragging right goes back through the cards and past the first one: the loop brings the last
    // cards in, so the index goes up once.
    let index = titles.indexOf(after!);
    let wrapped = false;
    for (let tries = 0; tries < 8 && !wrapped; tries++) {
      await drag(page, 420);
      await expect.poll(() => snapped(page)).toBe(true);
      const next = titles.indexOf((await visibleTitles(page))[0][0]!);
      wrapped = next > index;
      index = next;
      expect(await activeDot(page)).toBe(index);
    }
    expect(wrapped).toBe(true);
  });

  test('WID-95 WID-97 WID-98 WID-99 by window size: cards per view and dimming by measured opacity', async ({ page }) => {
    await openCarousel(page, 'slides', 1400);
    await expect.poll(async () => (await visibleTitles(page)).slice(0, 3).map(([, o]) => o)).toEqual([1, 1, 0.65]);
    await page.setViewportSize({ width: 2300, height: 900 });
    await expect.poll(async () => (await visibleTitles(page)).slice(0, 4).map(([, o]) => o)).toEqual([1, 1, 1, 0.65]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await visibleTitles(page)).slice(0, 2).map(([, o]) => o)).toEqual([1, 0.65]);
    // Cards per view: 1.5 at 1280, 1.35 at 375 (the narrowest rule, ruling 19).
    const perView = () =>
      page.evaluate(() => {
        const container = document.querySelector<HTMLElement>('.vbn-swiper')!;
        const slide = document.querySelector<HTMLElement>('.vbn .swiper-slide')!;
        const space = parseFloat(getComputedStyle(slide).marginRight);
        const size = container.clientWidth - parseFloat(getComputedStyle(container).paddingRight);
        return Math.round(((size + space) / (slide.getBoundingClientRect().width + space)) * 100) / 100;
      });
    await expect.poll(perView).toBe(1.5);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(perView).toBe(1.35);
  });

  test('WID-86 WID-87 WID-88 WID-90 cards from the spreadsheet service; links off the vendor\'s domain open in a new tab', async ({ page }) => {
    await openCarousel(page, 'sheet');
    const cards = page.locator('.vbn .swiper-slide:not(.swiper-slide-duplicate)');
    await expect(cards.locator('.vbn-title')).toHaveText(['Build faster with the document model', 'Data Summit Sydney', 'Vector search for AI applications', 'Real-time analytics without ETL', 'From prototype to production', 'How a payments platform cut latency by 60%']);
    await expect(cards.first().locator('.vbn-eyebrow')).toHaveText('Developer Day');
    await expect(cards.first().locator('.vbn-date')).toHaveText('Mar 12, 2027');
    const targets = await cards.locator('a').evaluateAll((links) => links.map((a) => [new URL((a as HTMLAnchorElement).href).hostname, (a as HTMLAnchorElement).target]));
    expect(targets).toEqual([['127.0.0.1', ''], ['events.example.org', '_blank'], ['127.0.0.1', ''], ['127.0.0.1', ''], ['127.0.0.1', ''], ['stories.example.org', '_blank']]);
    await expect(cards.nth(2).locator('.vbn-play')).toHaveCount(1);
  });

  test('WID-86 a hostile sheet: text shown as text, script and data links dropped, nothing executed, no CSP violation', async ({ page, pageProblems }) => {
    await openCarousel(page, 'hostile');
    const cards = page.locator('.vbn .swiper-slide:not(.swiper-slide-duplicate)');
    await expect(cards.locator('.vbn-title')).toHaveText(['Relative link &amp; <i>entities</i>', 'Absolute https link']);
    expect(await page.evaluate(() => (window as unknown as { __sheetPwned?: unknown }).__sheetPwned)).toBeUndefined();
    expect(await page.evaluate(() => [...document.querySelectorAll('.vbn [href],.vbn [src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src')).filter((url) => !/^https?:/.test(url!)))).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('.vbn i, .vbn script, .vbn [onerror], .vbn [onmouseover]').length)).toBe(0);
    expect(await pageProblems.cspViolations()).toEqual([]);
    expect(pageProblems.pageErrors).toEqual([]);
  });

  for (const [name, problem] of [
    ['malformed', 'not JSON'],
    ['truncated', 'not JSON'],
    ['oversized', 'larger than'],
    ['failing', 'answered 500'],
  ] as const) {
    test(`WID-86 WID-87 a ${name} sheet leaves the configured slides, with a warning`, async ({ page, pageProblems }) => {
      await openCarousel(page, name, 1400, true);
      await expect(page.locator('.vbn .swiper-slide:not(.swiper-slide-duplicate) .vbn-title').first()).toHaveText('Developer Day London');
      expect(pageProblems.consoleWarnings.join('\n')).toContain(problem);
      expect(pageProblems.pageErrors).toEqual([]);
    });
  }

  test('WID-86 a slow sheet: the original banner stays until the timeout, then the configured slides', async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    // The page's time moves only when the test moves it, so a loaded machine cannot run past the timeout
    // before the original banner is seen.
    await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T09:00:01Z'));
    await openCase(page, 'slow', { log: true });
    await page.waitForLoadState('load');
    await expect(page.locator('section.events-banner')).toHaveCount(1);
    await page.clock.runFor(1400);
    await expect(page.locator('section.events-banner')).toHaveCount(1);
    await expect(page.locator('.vbn')).toHaveCount(0);
    // Past the 1500 ms timeout, the configured slides (time moved on in small steps while they render).
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return page.locator('.vbn .swiper-container-initialized').count();
      }, { timeout: 30_000, intervals: [0] })
      .toBe(1);
    await expect(page.locator('section.events-banner')).toHaveCount(0);
    expect(pageProblems.consoleWarnings.join('\n')).toContain('no answer within 1500 ms');
  });

  test('WID-100 a malformed sheet and no slides: the original banner stays and the page is still marked ready', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openCase(page, 'malformed-bare');
    await expect(page.locator('html')).toHaveClass(new RegExp(READY));
    await expect(page.locator('section.events-banner')).toHaveCount(1);
    await expect(page.locator('.vbn')).toHaveCount(0);
  });

  test('WID-81 WID-82 WID-101 type NV rewrites the events banner once the page is complete', async ({ page }) => {
    await openCase(page, 'nv');
    const banner = page.locator('section.events-banner');
    await expect(banner.locator('h2')).toHaveText('Leafline.local 2027in 14 cities');
    await expect(banner.locator('p:not(.eyebrow)').first()).toHaveText('Talks and workshops near you.');
    await expect(banner.locator('a').first()).toHaveText('Register free');
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
  });

  test('WID-89 type NV with a spreadsheet address: the sheet\'s first card fills the values the config leaves empty', async ({ page }) => {
    await openCase(page, 'nv-sheet');
    const banner = page.locator('section.events-banner');
    await expect(banner.locator('h2')).toHaveText('Build faster with the document modeland more');
    await expect(banner.locator('p:not(.eyebrow)').first()).toHaveText('A full day of hands-on sessions on schema design, indexing and search, for teams of every size.');
    await expect(banner.locator('a').first()).toHaveText('Save your seat');
    expect(new URL((await banner.locator('a').first().getAttribute('href'))!).pathname).toBe('/events/developer-day-london');
  });
});
