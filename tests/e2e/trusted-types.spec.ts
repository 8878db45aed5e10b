/**
 * Parts under Trusted Types (issue 35): the demo page of the e2e-parts project served with the services'
 * strict CSP plus `require-trusted-types-for 'script'; trusted-types varia`, where a plain string set as a
 * script's `src` is refused. The part loader makes the address with its own policy, `varia`
 * (plugins/_shared/parts.ts), so every part the page needs still loads: the validators of loaded data, the
 * location matcher that data names, the behaviour engine of the built project's audience and the QA log.
 * A site that does not allow the policy gets the loader's catalogue message, never a page error.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import { runtimeConsole } from '../support/varia-page';

const DEMO = '/demo/e2e-parts';
const PARTS = ['validate', 'matcher-location', 'behavior', 'qa-log'];

/** Serves the demo page with Trusted Types enforced for scripts, allowing the policies `allowed` names. */
const enforceTrustedTypes = (page: Page, allowed: string) =>
  page.route(`**${DEMO}*`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    headers['content-security-policy'] += `; require-trusted-types-for 'script'; trusted-types ${allowed}`;
    await route.fulfill({ response, headers });
  });

/** Data with a location audience for the demo headline, handed over by `load`, and the visitor in Australia. */
const queueLocatedLoad = (page: Page) =>
  page.addInitScript(() => {
    const page = { id: 'parts-page', apiName: 'parts_page', staticConditions: [{ type: 'url', match: 'substring', value: '/demo/e2e-parts' }] };
    const change = { id: 'c-loaded', type: 'attribute', selector: '#demo-headline', attributes: { text: 'Loaded data' } };
    const experiment = { id: 'exp-loaded', audienceIds: ['or', 'aud-au'], weightDistributions: [{ entityId: 'var-loaded', endOfRange: 10000 }], variations: [{ id: 'var-loaded', actions: [{ pageId: 'parts-page', changes: [change] }] }] };
    const data = {
      projectId: 'e2e-parts',
      accountId: 'e2e-account',
      namespace: 'e2e-parts',
      revision: 2,
      pages: [page],
      audiences: [{ id: 'aud-au', conditions: ['and', { type: 'location', value: 'AU' }] }],
      layers: [{ id: 'layer-loaded', policy: 'single_experiment', pageIds: ['parts-page'], experiments: [experiment] }],
    };
    (window as unknown as { varia: unknown[] }).varia = [['load', data], ['geolocation', { location: 'AU' }]];
  });

test('KRN-27 under Trusted Types with the varia policy allowed, every part the page needs loads and runs', async ({ page, pageProblems }) => {
  const lines = runtimeConsole(page);
  await enforceTrustedTypes(page, 'varia');
  await queueLocatedLoad(page);
  await page.goto(`${DEMO}?varia_log=INFO`);
  await expect(page.locator('#demo-headline')).toHaveText('Loaded data');
  await expect.poll(() => page.evaluate(() => Object.keys((window as unknown as { variaParts?: object }).variaParts ?? {}))).toEqual(expect.arrayContaining(PARTS));
  await expect.poll(() => lines.some((line) => line.startsWith('Decision for layer layer-loaded'))).toBe(true);
  expect(lines.filter((line) => line.startsWith('Failed to load'))).toEqual([]);
  expect(pageProblems.pageErrors).toEqual([]);
  expect(await pageProblems.cspViolations()).toEqual([]);
  // And Trusted Types were on: the page refuses a plain string as a script address.
  expect(await page.evaluate(() => {
    try {
      document.createElement('script').src = '/x.js';
      return 'accepted';
    } catch {
      return 'refused';
    }
  })).toBe('refused');
});

test('KRN-9 under Trusted Types without the varia policy allowed, a part fails with the loader\'s message and nothing is thrown', async ({ page, pageProblems }) => {
  const lines = runtimeConsole(page);
  await enforceTrustedTypes(page, 'other');
  await queueLocatedLoad(page);
  await page.goto(`${DEMO}?varia_log=INFO`);
  const url = new URL('/snippets/e2e-parts.validate.js', page.url()).href;
  await expect.poll(() => lines).toContain(`Failed to load the validate part from ${url}: Trusted Types refused it: allow policy varia`);
  await expect(page.locator('#demo-headline')).toHaveText('A headline the project may change');
  expect(pageProblems.pageErrors).toEqual([]);
});
