/**
 * One locale, one page's data: each in-language locale's copy is a page part (homepage.copy-<locale>.js,
 * config/homepage/site/copy/locale-copy.ts) that its own page includes before the snippet. On the real
 * page, served by the local services under their strict CSP: a locale page requests its own copy and no
 * other locale's, the in-language hero shows that copy, the default homepage requests none, and the parts
 * the snippet loads on demand are still found beside it.
 */
import type { Page } from '@playwright/test';
import { IN_LANGUAGE_VARIATIONS } from '../../config/homepage/layers/in-language';
import { P13N_VARIATIONS } from '../../config/homepage/layers/personalisation';
import { PAGE } from '../../config/homepage/page-contract';
import { EN_COPY, LOCALE_COPY } from '../../config/homepage/site/copy/locale-copy';
import { expect, test, type PageProblems } from '../support/e2e-fixtures';
import { force, openHomepage, recordHomepage, widgetConfig } from './homepage-helpers';

/** A copy page part's address, whichever locale. */
const COPY_PART = /\/snippets\/homepage\.copy-([a-z-]+)\.js(\?|$)/;

/** Keeps the locale of every copy page part the page requests. */
const recordCopyRequests = (page: Page): string[] => {
  const locales: string[] = [];
  page.on('request', (request) => {
    const match = COPY_PART.exec(request.url());
    if (match) locales.push(match[1]);
  });
  return locales;
};

/** Nothing went wrong on the page: no console error, no uncaught error, no failed request, no CSP violation. */
const expectNoProblems = async (problems: PageProblems) => {
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
  expect(await problems.cspViolations()).toEqual([]);
};

test.beforeEach(async ({ page }) => recordHomepage(page));

for (const locale of ['de-de', 'ja-jp', 'ko-kr'] as const) {
  test(`HPC-35 HPC-45 HPC-46 /${locale} loads its own copy part only, before the snippet, and the in-language hero shows that copy`, async ({ page, pageProblems }) => {
    const requested = recordCopyRequests(page);
    await openHomepage(page, `/${locale}`, force(IN_LANGUAGE_VARIATIONS.localised));
    expect(requested).toEqual([locale]);
    // Included synchronously before the snippet, so the snippet found the copy registered as it ran.
    const scripts = await page.evaluate(() => [...document.querySelectorAll('head script[src]')].map((script) => new URL((script as HTMLScriptElement).src).pathname));
    expect(scripts.indexOf(`/snippets/homepage.copy-${locale}.js`)).toBe(scripts.indexOf('/snippets/homepage.js') - 1);

    const copy = LOCALE_COPY[locale]!;
    expect(await widgetConfig(page, 'hero')).toMatchObject({
      title1: copy.hero.title1,
      description: copy.hero.description,
      dataTypesLabel: copy.widget.dataTypes,
      customersLabel: copy.widget.counters[0][1],
      ctaLink: `/${locale}/cloud/atlas/register`,
    });
    await expect(page.locator(PAGE.firstSection)).toContainText(copy.hero.title1);
    await expect(page.locator(PAGE.firstSection)).toContainText(copy.widget.dataTypes);
    await expectNoProblems(pageProblems);
  });
}

test('HPC-35 HPC-44 the default homepage (/) loads no copy part: its English hero is in the snippet', async ({ page, pageProblems }) => {
  const requested = recordCopyRequests(page);
  await openHomepage(page, '/', force(P13N_VARIATIONS.new));
  expect(requested).toEqual([]);
  expect(await widgetConfig(page, 'hero')).toMatchObject({ title1: EN_COPY.hero.title1, dataTypesLabel: EN_COPY.widget.dataTypes });
  await expect(page.locator(PAGE.firstSection)).toContainText(EN_COPY.widget.dataTypes);
  await expectNoProblems(pageProblems);
});

test('HPC-35 HPC-45 the Original of the in-language experiment leaves a locale page as the site renders it, its copy part loaded all the same', async ({ page, pageProblems }) => {
  const requested = recordCopyRequests(page);
  await openHomepage(page, '/fr-fr', force(IN_LANGUAGE_VARIATIONS.original));
  expect(requested).toEqual(['fr-fr']);
  expect(await widgetConfig(page, 'hero')).toBeUndefined();
  await expect(page.locator(PAGE.heroTitle)).toContainText(LOCALE_COPY['fr-fr']!.hero.title1);
  await expectNoProblems(pageProblems);
});

test('HPC-35 on a locale page the snippet still loads its on-demand parts from beside itself (the QA log, varia_log=INFO)', async ({ page, pageProblems }) => {
  const qaLog = page.waitForResponse((response) => response.url().endsWith('/snippets/homepage.qa-log.js'));
  await openHomepage(page, '/ja-jp', `${force(IN_LANGUAGE_VARIATIONS.localised)}&varia_log=INFO`);
  expect((await qaLog).status()).toBe(200);
  // The registry the page part made names the snippet's address, not the part's.
  const address = await page.evaluate(() => (window as unknown as { variaParts: { a?: string } }).variaParts.a);
  expect(new URL(address!).pathname).toBe('/snippets/homepage.js');
  await expect.poll(() => page.evaluate(() => 'qa-log' in (window as unknown as { variaParts: object }).variaParts)).toBe(true);
  await expectNoProblems(pageProblems);
});
