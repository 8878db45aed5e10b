/**
 * The use-case section on the stand-in homepage, with the real snippet, the real animation player and
 * the authored animations served by the local services, under the page's strict CSP
 * (tests/support/homepage-widgets-page.ts). Timings run on Playwright's controlled clock.
 */
import { expect, test } from '../support/e2e-fixtures';
import { openCase, wheelTo } from '../support/homepage-widgets-page';

const INJECTION = '#use-case-injection';
const SECTION = '#use-case-section';
const activeIndex = `[...document.querySelectorAll('${SECTION} [role=tab]')].findIndex((t) => t.getAttribute('aria-selected') === 'true')`;
const rightImage = (page: import('@playwright/test').Page) => page.locator(`${SECTION} .vucs-right img`).getAttribute('src');

test.describe('homepage use-case section', () => {
  test('WID-46 WID-47 WID-48 rendered when the injection point comes within 200 px, by real scrolling, once, before it', async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCase(page, 'use-case', { log: true });
    await page.waitForLoadState('load');
    await wheelTo(page, INJECTION, 260);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.locator(SECTION)).toHaveCount(0);
    await wheelTo(page, INJECTION, 150);
    await expect(page.locator(SECTION)).toHaveCount(1);
    expect(await page.evaluate(([s, i]) => document.querySelector(s)!.nextElementSibling === document.querySelector(i), [SECTION, INJECTION])).toBe(true);
    await page.evaluate((s) => ((document.querySelector(s) as unknown as { marked: boolean }).marked = true), SECTION);
    await page.mouse.wheel(0, -3000);
    await page.waitForFunction(() => scrollY < 100);
    await wheelTo(page, INJECTION, -200);
    await expect(page.locator(SECTION)).toHaveCount(1);
    expect(await page.evaluate((s) => (document.querySelector(s) as unknown as { marked?: boolean }).marked, SECTION)).toBe(true);
    expect(pageProblems.consoleWarnings).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('WID-39 WID-40 WID-41 WID-42 tab clicks on a controlled clock: left at once with a 50 ms fade, right after 100 ms with a 20 ms fade; the active tab does nothing', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1200, height: 900 });
    await openCase(page, 'use-case');
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await expect.poll(() => rightImage(page)).toBe('/assets/homepage/images/use-cases/vector_search.svg');
    await page.clock.pauseAt(Date.now() + 60_000);
    // CSS animations run on the compositor's time, not the page clock: record each fade as it starts.
    await page.evaluate(() => {
      const fades: string[] = ((window as unknown as { fades: string[] }).fades = []);
      document.addEventListener('animationstart', (event) => fades.push(`${(event.target as Element).className} ${getComputedStyle(event.target as Element).animationDuration}`));
    });
    const fades = () => page.evaluate(() => (window as unknown as { fades: string[] }).fades);
    await page.getByRole('tab', { name: 'Transactional' }).click();
    expect(await page.evaluate(activeIndex)).toBe(3);
    await expect(page.locator(`${SECTION} .vucs-left h3`)).toHaveText('Keep data consistent across documents');
    await expect.poll(fades).toEqual(['vucs-left vucs-fade-left 0.05s']);
    await page.clock.runFor(99);
    expect(await rightImage(page)).toBe('/assets/homepage/images/use-cases/vector_search.svg');
    await page.clock.runFor(1);
    await expect.poll(() => rightImage(page)).toBe('/assets/homepage/images/use-cases/transactional.svg');
    await expect.poll(fades).toEqual(['vucs-left vucs-fade-left 0.05s', 'vucs-right vucs-fade-right 0.02s']);
    // The active tab: nothing is rebuilt, nothing scheduled.
    await page.evaluate((s) => ((document.querySelector(s) as unknown as { marked: boolean }).marked = true), `${SECTION} .vucs-right img`);
    await page.getByRole('tab', { name: 'Transactional' }).click();
    await page.clock.runFor(500);
    expect(await page.evaluate((s) => (document.querySelector(s) as unknown as { marked?: boolean }).marked, `${SECTION} .vucs-right img`)).toBe(true);
  });

  test('WID-43 WID-44 WID-45 below 1080 px a dropdown activates tabs; resizing below 1080 px resets to the first tab', async ({ page }) => {
    await page.setViewportSize({ width: 1279, height: 900 });
    await openCase(page, 'use-case');
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Graph' }).click();
    expect(await page.evaluate(activeIndex)).toBe(6);
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect.poll(() => page.evaluate(activeIndex)).toBe(0);
    await expect(page.getByRole('tab', { name: 'Graph' })).toBeHidden();
    const select = page.locator(`${SECTION} select`);
    await expect(select).toBeVisible();
    await expect(select).toHaveValue('0');
    await select.selectOption({ label: 'Geospatial' });
    expect(await page.evaluate(activeIndex)).toBe(7);
    await expect(page.locator(`${SECTION} .vucs-left h3`)).toHaveText('Build location-aware experiences');
  });

  test('WID-53 WID-37 at 1270 px and up the real player plays the served animations; the player is requested once; no CSP problem', async ({ page, pageProblems }) => {
    const playerRequests: string[] = [];
    const animationRequests: string[] = [];
    page.on('request', (request) => request.url().includes('lottie_light') && playerRequests.push(request.url()));
    page.on('request', (request) => request.url().includes('/animations/') && animationRequests.push(new URL(request.url()).pathname));
    await page.setViewportSize({ width: 1400, height: 900 });
    await openCase(page, 'use-case');
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await expect(page.locator(`${SECTION} .vucs-right .varia-animation svg`)).toHaveCount(1);
    // It plays: the drawing changes from one moment to the next.
    const frame = () => page.locator(`${SECTION} .vucs-right .varia-animation svg`).innerHTML();
    const first = await frame();
    await expect.poll(frame).not.toBe(first);
    for (const name of ['Stream Processing', 'Operational', 'Graph', 'Vector Search', 'Graph']) {
      // The shown animation is marked, so the wait is for the next tab's own animation.
      await page.locator(`${SECTION} .vucs-right .varia-animation`).evaluate((el) => el.setAttribute('data-seen', ''));
      await page.getByRole('tab', { name }).click();
      await expect(page.locator(`${SECTION} .vucs-right .varia-animation:not([data-seen]) svg`)).toHaveCount(1);
      await expect(page.locator(`${SECTION} .vucs-right .varia-animation`)).toHaveCount(1);
    }
    // Each animation file is fetched once, however often its tab comes back.
    expect(animationRequests.sort()).toEqual(['graph', 'operational', 'stream_processing', 'vector_search'].map((topic) => `/assets/homepage/animations/${topic}.json`));
    expect(playerRequests).toEqual([expect.stringContaining('/assets/homepage/npm/lottie-web@5.13.0/build/player/lottie_light.min.js')]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('WID-51 a broken animation file on the asset host: the static image instead, with a warning', async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openCase(page, 'use-case-broken', { log: true });
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await expect.poll(() => rightImage(page)).toBe('/assets/homepage/images/use-cases/vector_search.svg');
    await expect(page.locator(`${SECTION} .vucs-right svg`)).toHaveCount(0);
    expect(pageProblems.consoleWarnings.join('\n')).toContain('animation animations/broken.json not played');
    // The next tab's animation is fine and plays.
    await page.getByRole('tab', { name: 'Analytical' }).click();
    await expect(page.locator(`${SECTION} .vucs-right .varia-animation svg`)).toHaveCount(1);
  });

  test('WID-52 below 1270 px the static image, and the player is never requested', async ({ page }) => {
    const playerRequests: string[] = [];
    page.on('request', (request) => request.url().includes('lottie') && playerRequests.push(request.url()));
    await page.setViewportSize({ width: 1269, height: 900 });
    await openCase(page, 'use-case');
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await expect.poll(() => rightImage(page)).toBe('/assets/homepage/images/use-cases/vector_search.svg');
    await expect(page.locator(`${SECTION} .vucs-right img`)).toHaveJSProperty('complete', true);
    expect(await page.locator(`${SECTION} .vucs-right img`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(560);
    expect(playerRequests).toEqual([]);
  });

  test('WID-52 a visitor who asks for reduced motion gets the static image at any width, and the player is not requested', async ({ page }) => {
    const playerRequests: string[] = [];
    page.on('request', (request) => request.url().includes('lottie') && playerRequests.push(request.url()));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1600, height: 900 });
    await openCase(page, 'use-case');
    await page.locator(INJECTION).scrollIntoViewIfNeeded();
    await expect.poll(() => rightImage(page)).toBe('/assets/homepage/images/use-cases/vector_search.svg');
    expect(playerRequests).toEqual([]);
  });
});
