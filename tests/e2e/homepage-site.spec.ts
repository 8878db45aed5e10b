/**
 * The stand-in homepage (config/homepage/site/) at `/` and each locale prefix: every block of the page
 * contract, translated copy, the strict CSP, no request to another origin, hydration marked the way a
 * React site marks it, the mobile menu toggle, and each locale view activating only on its own path.
 */
import { HYDRATED_EVENT, LOCALES, PAGE } from '../../config/homepage/page-contract';
import { COPY } from '../../config/homepage/site/copy';
import { viewId } from '../../config/homepage/views';
import { expect, test } from '../support/e2e-fixtures';
import { activeViews, openHomepage, recordHomepage } from './homepage-helpers';

const STRICT_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

test.describe('stand-in homepage', () => {
  for (const locale of LOCALES) {
    const path = `/${locale}`;
    test(`HPC-2 HPC-35 ${path} renders every block of the page contract in its language, under the strict CSP, with no problem`, async ({ page, pageProblems }) => {
      const origins = new Set<string>();
      page.on('request', (request) => origins.add(new URL(request.url()).origin));
      await recordHomepage(page);
      const response = await page.goto(path + '?varia_disable');
      expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      for (const [name, selector] of Object.entries(PAGE)) expect(await page.locator(selector).count(), name).toBeGreaterThan(0);
      await expect(page.locator(PAGE.heroBlocks)).toHaveCount(4);
      await expect(page.locator(PAGE.heroTitle)).toContainText(COPY[locale].hero.title1);
      expect(await page.getAttribute('html', 'lang')).toBe(COPY[locale].lang);
      expect([...origins]).toEqual([new URL(page.url()).origin]);
      expect(pageProblems.pageErrors).toEqual([]);
      expect(pageProblems.consoleErrors).toEqual([]);
      expect(pageProblems.failedRequests).toEqual([]);
      expect(await pageProblems.cspViolations()).toEqual([]);
    });
  }

  test('HPC-34 HPC-35 each locale view activates only on its own path; the default view not on a locale path', async ({ page }) => {
    test.setTimeout(60_000); // ten page loads
    await recordHomepage(page);
    for (const locale of LOCALES) {
      await openHomepage(page, `/${locale}`);
      expect(await activeViews(page), `/${locale}`).toEqual([viewId(locale)]);
    }
    await openHomepage(page, '/', '?utm_source=mail#pricing');
    expect(await activeViews(page)).toEqual([viewId('')]);
  });

  test('HPC-2 HPC-35 the stand-in serves the homepage at the nine paths only', async ({ request }) => {
    for (const path of ['/ko-kr/pricing', '/en-gb', '/ko-krx']) expect((await request.get(path)).status(), path).toBe(404);
  });

  test('HPC-2 hydration is marked on <html> and announced on window after the document has loaded', async ({ page }) => {
    await page.addInitScript((name) => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      window.addEventListener('load', () => seen.push(`load:${document.documentElement.hasAttribute('data-hydrated')}`));
      window.addEventListener(name, () => seen.push(`hydrated:${document.documentElement.hasAttribute('data-hydrated')}`));
    }, HYDRATED_EVENT);
    await page.goto('/?varia_disable');
    await page.waitForFunction(() => (window as unknown as { __seen: string[] }).__seen.length === 2);
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual(['load:false', 'hydrated:true']);
  });

  test('HPC-2 hydration re-renders the hero trust blocks from the page state, as a framework does', async ({ page }) => {
    await page.addInitScript((selector) => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      const text = () => document.querySelector(selector)!.textContent!;
      document.addEventListener('DOMContentLoaded', () => (document.querySelector(selector)!.textContent = 'changed before hydration'));
      window.addEventListener('load', () => seen.push(text()));
      window.addEventListener('site:hydrated', () => seen.push(text()));
    }, PAGE.heroBlocks);
    await page.goto('/?varia_disable');
    await page.waitForFunction(() => (window as unknown as { __seen: string[] }).__seen.length === 2);
    const [atLoad, hydrated] = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(atLoad).toBe('changed before hydration');
    expect(hydrated).toContain(COPY[''].hero.blocks[0].description);
  });

  for (const path of ['/', '/ko-kr']) {
    test(`HPC-1 the homepage snippet runs on ${path} with its widgets and no error, failed request or CSP violation`, async ({ page, pageProblems }) => {
      await recordHomepage(page);
      await openHomepage(page, path);
      expect(pageProblems.pageErrors).toEqual([]);
      expect(pageProblems.consoleErrors).toEqual([]);
      expect(pageProblems.failedRequests).toEqual([]);
      expect(await pageProblems.cspViolations()).toEqual([]);
    });
  }

  test('WID-25 WID-26 the mobile menu toggle reads Open Links, then Close Links while the menu is open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/?varia_disable');
    const toggle = page.locator(PAGE.mobileMenuToggle);
    await expect(toggle).toHaveText('Open Links');
    await expect(page.locator(PAGE.navAtlasLink)).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveText('Close Links');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(PAGE.navAtlasLink)).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveText('Open Links');
  });

  test('the list of snippets stays available at /projects and links back to the homepage', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'homepage', exact: true })).toHaveAttribute('href', '/demo/homepage');
    await expect(page.getByRole('link', { name: /homepage project on its stand-in page/ })).toHaveAttribute('href', '/');
  });
});
