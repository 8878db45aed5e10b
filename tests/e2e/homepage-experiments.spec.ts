/**
 * The homepage project's experiments on the stand-in page, each variation forced with the
 * force-variation parameter (URL-20), and its audiences met for real: device from the user agent,
 * location from the geolocation stand-in, first session across two visits, stored traits.
 */
import { PAGE } from '../../config/homepage/page-contract';
import { ATLAS_NAV_LABEL, KOREAN_REGISTRATION_NUMBER, REGISTERED_TRAIT, USER_TRAITS_KEY } from '../../config/homepage/placeholders';
import { ENGLISH, GETTING_STARTED_PATH } from '../../config/homepage/layers/english';
import { HERO_TRUST } from '../../config/homepage/layers/hero-trust';
import { IN_LANGUAGE_LOCALES, IN_LANGUAGE_VARIATIONS } from '../../config/homepage/layers/in-language';
import { NEW_EXPERIMENT, P13N_VARIATIONS, RETURNING_EXPERIMENT } from '../../config/homepage/layers/personalisation';
import { COPY } from '../../config/homepage/site/copy';
import { USE_CASE_CONFIG } from '../../config/homepage/use-case';
import { AI_BANNER_CONFIG, BANNER_NV_CONFIG, DEMO_BANNER_CONFIG, PATHFINDER_CONFIG, PENCIL_BANNER_CONFIG, TOP_BANNER_CONFIG } from '../../config/homepage/widgets';
import { GEO_COUNTRY_COOKIE } from '../../services/routes/homepage';
import { expect, test } from '../support/e2e-fixtures';
import { activeExperiments, DESKTOP_UA, force, openHomepage, PHONE_UA, recordHomepage, shownWidgets, widgetConfig } from './homepage-helpers';

test.beforeEach(async ({ page }) => recordHomepage(page));

test.describe('navigation experiment', () => {
  test('HPC-48 WID-116 WID-117 Variation #1 hides the platform link and rewords the Atlas link (placeholder label, ruling 18)', async ({ page }) => {
    await openHomepage(page, '/', force(ENGLISH.nav.variation));
    await expect(page.locator(PAGE.navPlatformLink)).toBeHidden();
    await expect(page.locator(PAGE.navAtlasLink)).toHaveText(ATLAS_NAV_LABEL);
    await expect(page.locator(`${PAGE.navAtlasLink} + .nav-badge`)).toHaveText('New');
  });

  test('HPC-48 the Original leaves the navigation as the site renders it', async ({ page }) => {
    await openHomepage(page, '/', force(ENGLISH.nav.original));
    await expect(page.locator(PAGE.navPlatformLink)).toBeVisible();
    await expect(page.locator(PAGE.navAtlasLink)).toHaveText('Atlas');
    await expect(page.locator('.nav-badge')).toHaveCount(0);
  });

  test('HPC-51 WID-118 Variation #1 re-points the guides link to getting started, keeping the locale prefix', async ({ page }) => {
    test.setTimeout(40_000); // three page loads
    await openHomepage(page, '/', force(ENGLISH.guides.variation));
    await expect(page.locator(PAGE.navGuidesLink)).toHaveAttribute('href', GETTING_STARTED_PATH);
    await openHomepage(page, '/ko-kr', force(ENGLISH.guides.variation));
    await expect(page.locator(PAGE.navGuidesLink)).toHaveAttribute('href', `/ko-kr${GETTING_STARTED_PATH}`);
    await openHomepage(page, '/de-de', force(ENGLISH.guides.original));
    await expect(page.locator(PAGE.navGuidesLink)).toHaveAttribute('href', '/de-de/docs/');
  });
});

test.describe('desktop free-demo banner', () => {
  test('HPC-49 HPC-26 the experiment runs for a desktop user agent and not for a phone', async ({ browser }) => {
    test.setTimeout(40_000); // two browser contexts
    for (const [userAgent, expected] of [[DESKTOP_UA, true], [PHONE_UA, false]] as const) {
      const context = await browser.newContext({ userAgent });
      const page = await context.newPage();
      await recordHomepage(page);
      await openHomepage(page, '/');
      expect((await activeExperiments(page)).includes(ENGLISH.demoBanner.experiment), userAgent).toBe(expected);
      await context.close();
    }
  });

  test('HPC-49 WID-103 WID-105 Variation #1 on a desktop shows the demo banner above the hero with tck demo_hp_banner_2', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    const page = await context.newPage();
    await recordHomepage(page);
    await openHomepage(page, '/', force(ENGLISH.demoBanner.variation));
    expect(await widgetConfig(page, 'demo_banner')).toMatchObject({ tck: 'demo_hp_banner_2' });
    const banner = page.getByText(DEMO_BANNER_CONFIG.copy);
    await expect(banner).toBeVisible();
    const [bannerTop, heroTop] = await Promise.all([banner.evaluate((el) => el.getBoundingClientRect().top), page.locator('main#main-content').evaluate((el) => el.getBoundingClientRect().top)]);
    expect(bannerTop).toBeLessThan(heroTop + 200);
    await expect(page.locator('a[href*="tck=demo_hp_banner_2"]')).toHaveCount(1);
    await context.close();
  });
});

test.describe('AU/NZ event pencil banner', () => {
  for (const [country, expected] of [['AU', true], ['NZ', true], ['FR', false]] as const) {
    test(`HPC-50 HPC-29 a visitor located in ${country} ${expected ? 'is' : 'is not'} in the experiment`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: GEO_COUNTRY_COOKIE, value: country, url: baseURL! }]);
      await openHomepage(page, '/');
      expect((await activeExperiments(page)).includes(ENGLISH.pencil.experiment)).toBe(expected);
    });
  }

  test('HPC-50 HPC-29 a visitor without a known location is not in the experiment', async ({ page }) => {
    await openHomepage(page, '/');
    expect((await activeExperiments(page)).includes(ENGLISH.pencil.experiment)).toBe(false);
  });

  test('HPC-50 WID-20 Variation #1 in Australia shows the pencil banner before the navigation', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: GEO_COUNTRY_COOKIE, value: 'AU', url: baseURL! }]);
    await openHomepage(page, '/', force(ENGLISH.pencil.variation, P13N_VARIATIONS.newOriginal));
    expect(await widgetConfig(page, 'top_banner')).toMatchObject(PENCIL_BANNER_CONFIG);
    const banner = page.getByText(PENCIL_BANNER_CONFIG.copy);
    await expect(banner).toBeVisible();
    const before = await banner.evaluate((el, header) => !!(document.querySelector(header)!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING), PAGE.header);
    expect(before).toBe(true);
  });
});

test.describe('personalisation: Returning and New', () => {
  test('HPC-44 HPC-27 HPC-28 a first visit is New; a visit 31 minutes later is Returning', async ({ page }) => {
    await page.clock.install();
    await openHomepage(page, '/');
    let active = await activeExperiments(page);
    expect(active).toContain(NEW_EXPERIMENT);
    expect(active).not.toContain(RETURNING_EXPERIMENT);
    await page.clock.fastForward('31:00');
    await openHomepage(page, '/');
    active = await activeExperiments(page);
    expect(active).toContain(RETURNING_EXPERIMENT);
    expect(active).not.toContain(NEW_EXPERIMENT);
  });

  test('HPC-44 WID-30 Returning Variation #1 shows the welcome-back hero (54K+ customers), the path chooser and the rewritten events banner', async ({ page }) => {
    await openHomepage(page, '/', force(P13N_VARIATIONS.returning));
    await expect.poll(() => shownWidgets(page)).toEqual(expect.arrayContaining(['hero', 'pathfinder', 'banner']));
    expect(await widgetConfig(page, 'hero')).toMatchObject({ customersCount: '54K+', eyebrow: 'Welcome back' });
    await expect(page.getByText('54K+').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: PATHFINDER_CONFIG.header })).toBeVisible();
    await expect(page.locator(PAGE.banner)).toContainText(BANNER_NV_CONFIG.title);
  });

  test('HPC-44 HPC-55 New Variation #1 shows the hero, the top promo banner, the AI banner and the use-case section', async ({ page }) => {
    await openHomepage(page, '/', force(P13N_VARIATIONS.new));
    await expect.poll(() => shownWidgets(page)).toEqual(expect.arrayContaining(['hero', 'top_banner', 'ai_banner', 'use_case_section']));
    await expect(page.getByText(TOP_BANNER_CONFIG.copy)).toBeVisible();
    await expect(page.locator(PAGE.promoBanner)).toBeHidden();
    await expect(page.getByRole('heading', { name: AI_BANNER_CONFIG.title })).toBeVisible();
    // The use-case section renders when its injection point comes near the viewport (WID-49).
    await page.locator(PAGE.useCaseInjection).scrollIntoViewIfNeeded();
    await expect(page.getByText(String(USE_CASE_CONFIG.ddp_header)).first()).toBeVisible();
  });
});

test.describe('hero trust signals for unregistered users', () => {
  const cases: Array<[string, Record<string, string>, Record<string, string>, boolean]> = [
    ['no stored traits', {}, {}, true],
    ['a registered-users trait of false', { segResponse: JSON.stringify({ found_traits: { [REGISTERED_TRAIT]: false } }) }, {}, true],
    ['a registered-users trait of true', { segResponse: JSON.stringify({ found_traits: { [REGISTERED_TRAIT]: true } }) }, {}, false],
    ['a signup_source user trait', {}, { [USER_TRAITS_KEY]: JSON.stringify({ signup_source: 'homepage' }) }, false],
    ['a loggedIn user trait', {}, { [USER_TRAITS_KEY]: JSON.stringify({ loggedIn: true }) }, false],
  ];
  for (const [name, session, local, expected] of cases) {
    test(`HPC-52 HPC-30 HPC-31 HPC-32 a visitor with ${name} ${expected ? 'is' : 'is not'} in the experiment`, async ({ page }) => {
      await page.addInitScript(({ session, local }) => {
        for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
        for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
      }, { session, local });
      await openHomepage(page, '/');
      expect((await activeExperiments(page)).includes(HERO_TRUST.experiment)).toBe(expected);
    });
  }

  for (const tampered of ['not json', '{"found_traits":"yes"}', '[1,2,3]', 'null']) {
    test(`HPC-30 a tampered segResponse (${tampered}) leaves the audience unknown: no exception, not in the experiment`, async ({ page, pageProblems }) => {
      await page.addInitScript((value) => sessionStorage.setItem('segResponse', value), tampered);
      await openHomepage(page, '/');
      expect(pageProblems.pageErrors).toEqual([]);
      expect((await activeExperiments(page)).includes(HERO_TRUST.experiment)).toBe(false);
    });
  }

  test('HPC-30 without storage (blocked) the audience stays unknown and the page runs on', async ({ page, pageProblems }) => {
    await page.addInitScript(() => {
      for (const name of ['sessionStorage', 'localStorage']) Object.defineProperty(window, name, { get: () => { throw new DOMException('blocked', 'SecurityError'); } });
    });
    await openHomepage(page, '/');
    expect(pageProblems.pageErrors).toEqual([]);
    expect((await activeExperiments(page)).includes(HERO_TRUST.experiment)).toBe(false);
  });

  test('HPC-53 WID-14 WID-15 WID-16 each Variation swaps the hero trust blocks for its report badges after hydration; the Original keeps them', async ({ page }) => {
    test.setTimeout(60_000); // four page loads
    await openHomepage(page, '/', force(HERO_TRUST.variations[0]));
    expect(await shownWidgets(page)).not.toContain('hero_trust_signals');
    await expect(page.locator(PAGE.heroBlocks)).toHaveCount(4);
    for (const id of HERO_TRUST.variations.slice(1)) {
      await openHomepage(page, '/', force(id, P13N_VARIATIONS.newOriginal));
      const config = (await widgetConfig(page, 'hero_trust_signals'))!;
      await expect(page.locator(PAGE.heroBlocks)).toHaveCount(2);
      await expect(page.locator(PAGE.heroBlocks).nth(0)).toHaveAttribute('href', String(config.firstReportLink));
      await expect(page.locator(PAGE.heroBlocks).nth(0)).toContainText(String(config.firstReportText));
      await expect(page.locator(PAGE.heroBlocks).nth(1)).toHaveAttribute('href', String(config.secondReportLink));
    }
  });
});

test('HPC-52 WID-15 WID-16 with the New visitor hero widget shown, the badges replace the blocks of the hero the visitor sees', async ({ page }) => {
  await openHomepage(page, '/', force(HERO_TRUST.variations[1], P13N_VARIATIONS.new));
  const config = (await widgetConfig(page, 'hero_trust_signals'))!;
  const visibleReports = page.locator('[data-report]').filter({ visible: true });
  await expect(visibleReports).toHaveCount(2);
  await expect(visibleReports.nth(0)).toContainText(String(config.firstReportText));
});

test.describe('Korean footer and in-language heroes', () => {
  test('HPC-47 WID-115 Variation #1 on the Korean homepage adds the business registration details (placeholders)', async ({ page }) => {
    await openHomepage(page, '/ko-kr', force(ENGLISH.koreanFooter.variation));
    await expect(page.locator(PAGE.footer)).toContainText(KOREAN_REGISTRATION_NUMBER);
    await expect(page.locator(PAGE.footer)).toContainText('사업자등록번호');
  });

  for (const locale of IN_LANGUAGE_LOCALES) {
    test(`HPC-45 HPC-46 the in-language variation shows the ${locale} hero on /${locale} only`, async ({ page }) => {
      await openHomepage(page, `/${locale}`, force(IN_LANGUAGE_VARIATIONS.localised));
      expect(await widgetConfig(page, 'hero')).toMatchObject({ title1: COPY[locale].hero.title1, ctaLink: `/${locale}/cloud/atlas/register` });
      await expect(page.getByText(COPY[locale].hero.title1).first()).toBeVisible();
    });
  }
});
