/**
 * The homepage snippet compiled for its project (`npm run build:snippet -- config/homepage/project.ts
 * --compiled`, compiler/specialise.ts) runs on the stand-in homepage, under the services' strict CSP, as the
 * generic snippet does: for seeded visitors (visitor id, device, country, locale page, a second visit), the
 * same variations, active experiments and views, widgets shown with their config, tracked events and
 * page text; no console error, failed request or CSP violation. The compiled snippet is served in place of
 * the generic one at its own address, so the parts it loads beside it are the same.
 */
import type { Browser } from '@playwright/test';
import { join } from 'node:path';
import { snippetCode } from '../../compiler/build';
import { ROOT } from '../../compiler/snippet';
import { PAGE } from '../../config/homepage/page-contract';
import { GEO_COUNTRY_COOKIE } from '../../services/routes/homepage';
import { expect, test, watchPageProblems } from '../support/e2e-fixtures';
import { seeded } from '../support/seeded';
import { activeExperiments, activeViews, DESKTOP_UA, openHomepage, PHONE_UA, recorded, recordHomepage, variations } from './homepage-helpers';

/** A visitor both snippets see: the same stored id (so the same buckets), browser, location and pages. */
interface SeededVisitor {
  id: string;
  userAgent: string;
  country: string;
  paths: string[];
}

const visitorsOf = (seed: number, count: number): SeededVisitor[] => {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, index) => ({
    id: `compiled-${seed}-${index}-${random.int(1e9)}`,
    userAgent: random.pick([DESKTOP_UA, PHONE_UA]),
    country: random.pick(['AU', 'NZ', 'US', 'FR']),
    // A second page view in the same context: a returning visitor's audiences.
    paths: [random.pick(['/', '/', '/de-de', '/ja-jp']), '/'],
  }));
};

/** What one page view decided and changed, as the public API and the page show it. */
const viewOf = async (browser: Browser, baseURL: string, visitor: SeededVisitor, code: string | undefined) => {
  const context = await browser.newContext({ userAgent: visitor.userAgent });
  await context.addCookies([
    { name: 'varia_visitor_id', value: visitor.id, url: baseURL },
    { name: GEO_COUNTRY_COOKIE, value: visitor.country, url: baseURL },
  ]);
  const page = await context.newPage();
  const problems = await watchPageProblems(page);
  await recordHomepage(page);
  if (code) await page.route('**/snippets/homepage.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: code }));
  const views = [];
  for (const path of visitor.paths) {
    await openHomepage(page, path);
    const { widgets, tracked } = await recorded(page);
    views.push({
      path,
      visitorId: await page.evaluate(() => (window as unknown as { varia: { get(name: string): { randomId: string } } }).varia.get('visitor_id').randomId),
      variations: await variations(page),
      experiments: (await activeExperiments(page)).sort(),
      views: (await activeViews(page)).sort(),
      widgets,
      tracked: tracked.map((event) => event.name),
      hero: await page.locator(PAGE.firstSection).innerText(),
      navigation: await page.locator(PAGE.header).innerText(),
      generated: await page.evaluate(() => typeof (window as unknown as { varia: { get(name: string): unknown } }).varia.get('specialised')),
    });
  }
  const seen = { consoleErrors: problems.consoleErrors, pageErrors: problems.pageErrors, failedRequests: problems.failedRequests, csp: await problems.cspViolations() };
  await context.close();
  return { views, problems: seen };
};

test('URL-1 AUD-7 compiled homepage snippet: the same decisions and changes as the generic snippet for seeded visitors, no console error or CSP violation', async ({ browser, baseURL }) => {
  test.setTimeout(180_000); // a compiled build, then two contexts and four page views per visitor
  const compiled = await snippetCode(join(ROOT, 'config/homepage/project.ts'), { compiled: true });
  for (const visitor of visitorsOf(20261204, 3)) {
    const generic = await viewOf(browser, baseURL!, visitor, undefined);
    const specialised = await viewOf(browser, baseURL!, visitor, compiled);
    for (const run of [generic, specialised]) expect(run.problems, visitor.id).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], csp: [] });
    // The stored id was the visitor's on every view, so both snippets bucketed the same visitor.
    for (const view of [...generic.views, ...specialised.views]) expect(view.visitorId).toBe(visitor.id);
    // Only the compiled snippet has the generated code's module.
    expect(generic.views.map((view) => view.generated)).toEqual(['undefined', 'undefined']);
    expect(specialised.views.map((view) => view.generated)).toEqual(['object', 'object']);
    const same = (run: typeof generic) => run.views.map(({ generated: _generated, ...view }) => view);
    expect(same(specialised), `${visitor.id} ${visitor.userAgent} ${visitor.country} ${visitor.paths.join(' ')}`).toEqual(same(generic));
  }
});
