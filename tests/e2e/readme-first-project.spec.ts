/**
 * The README's first project works when pasted: the JSON between its `first-project` markers is built
 * with the snippet build, loaded in `<head>` of a page like the one it describes, and its heading test
 * and click goal run against the local collector.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildSnippet } from '../../compiler/build';
import { ROOT } from '../../compiler/snippet';

/** The site's page, served under the services' own origin (a public origin may not call a loopback collector). */
const SITE_PATH = '/readme-first-project/';

/** The README's example project, with the tracker pointed at this run's services. */
const readmeProject = (collector: string) => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = readme.match(/<!-- first-project:start -->\s*```json\n([\s\S]*?)```/);
  if (!block) throw new Error('README.md has no first-project block');
  const project = JSON.parse(block[1]);
  project.plugins.options.tracker.host = collector;
  return project;
};

let snippet = '';

test.beforeAll(async ({ baseURL }) => {
  const dir = join(tmpdir(), `varia-readme-${process.pid}`);
  const file = join(dir, 'my-site.json');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(readmeProject(baseURL!)));
  const built = await buildSnippet(file, join(dir, 'my-site.js'));
  snippet = readFileSync(built.file, 'utf8');
});

test.beforeEach(async ({ page }) => {
  await page.route(`**${SITE_PATH}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><link rel="icon" href="data:,">
<script>window.varia = window.varia || [];</script><script>${snippet}</script></head>
<body><h1>Welcome to my site</h1><button id="signup">Sign up</button></body></html>`,
    }),
  );
});

test.describe('the README first project', () => {
  test('CFG-21 DEC-6 the pasted project builds; the forced variation changes the heading, the original keeps it', async ({ page }) => {
    await page.goto(`${SITE_PATH}?varia_force_variations=new_heading`);
    await expect(page.locator('h1')).toHaveText('Ship experiments in minutes');
    await page.goto(`${SITE_PATH}?varia_force_variations=original`);
    await expect(page.locator('h1')).toHaveText('Welcome to my site');
  });

  test('TRK-3 URL-21 its click goal reaches the local collector (a forced page tracks with varia_force_tracking)', async ({ page, request }) => {
    await page.goto(`${SITE_PATH}?varia_force_variations=new_heading&varia_force_tracking=true`);
    await expect(page.locator('h1')).toHaveText('Ship experiments in minutes');
    await page.click('#signup');
    await page.evaluate(() => (window as unknown as { varia: { push(call: unknown): void } }).varia.push(['sendEvents']));
    const clicks = async () => {
      const response = await request.get('/v1/events?projectId=my-site');
      if (!response.ok()) return 0;
      const { events } = (await response.json()) as { events: Array<{ key?: string; type?: string }> };
      return events.filter((event) => event.key === 'signup_click').length;
    };
    await expect.poll(clicks).toBeGreaterThan(0);
  });
});
