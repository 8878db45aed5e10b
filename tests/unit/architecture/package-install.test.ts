/**
 * The package as a site's own repository gets it: built (`npm run build:package`), packed with `npm pack`,
 * installed from the tarball into a project outside the repository, where a matcher, an applier and a
 * project (the README guide's; the kit checks in tests/fixtures/outside/) are type-checked under NodeNext and strict, the package is imported by
 * plain Node, the snippet is built with the package's bin, the plugins are tested with the kit (in Node and
 * in Chromium), and the snippet runs the project on a page in Chromium.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';
import { buildPackage } from '../../../scripts/build-package';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/chromium';
import { guideFiles } from '../../support/readme-guide';

const site = mkdtempSync(join(tmpdir(), 'varia-site-'));
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: site, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let browser: Browser;

/** A page at `url` served from memory: the site's markup with the snippet, nothing else from the network. */
// The page queues a listener before the snippet loads, so a test can wait for the end of activation.
const ACTIVATED = `<script>window.varia = [['addListener', { type: 'lifecycle', name: 'activateDeferredDone' }, () => { window.activated = true; }]];</script>`;

const openSite = async (url: string, snippet: string, body = '<h1>Spring offers</h1>') => {
  const page = await browser.newPage();
  await page.route('**/*', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/snippet.js') return route.fulfill({ contentType: 'text/javascript', body: snippet });
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${body}${ACTIVATED}<script src="/snippet.js"></script></body></html>` });
    return route.abort();
  });
  await page.goto(url);
  return page;
};

// Building, packing and installing take most of the time: well under two minutes on this machine together.
describe('the package installed outside the repository', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    buildPackage();
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', site], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', version: '1.0.0', private: true, type: 'module' }));
    // From npm's cache where it can; the registry only for what the cache lacks.
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(site, tarball)]);
    cpSync(join(ROOT, 'tests/fixtures/outside'), site, { recursive: true });
    // The matcher, the applier and the project are the README guide's, as written.
    const guide = guideFiles();
    for (const name of ['utm-campaign.ts', 'badge.ts', 'project.ts']) writeFileSync(join(site, name), guide[name]);
    browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('is publishable: not private, with a license and its build\'s run-time needs as dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(site, 'node_modules/varia/package.json'), 'utf8'));
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBeTruthy();
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['esbuild', 'terser', 'tsx']);
    expect(readdirSync(join(site, 'node_modules/varia/dist/lib/core'))).toContain('index.d.ts');
  });

  it('type-checks the site\'s matcher, applier, project and tests under NodeNext and strict, with no error', () => {
    expect(() => run(process.execPath, [tsc, '-p', 'tsconfig.json'])).not.toThrow();
  });

  it('imports from plain Node: the kernel, the project helpers, the kit, a plugin and the fitted preset', () => {
    const out = run(process.execPath, [
      '--input-type=module',
      '-e',
      `const names = await Promise.all(['varia', 'varia/project', 'varia/testing', 'varia/plugins/audience-matchers/url', 'varia/presets/fit', 'varia/stats'].map(async (name) => Object.keys(await import(name)).length));
       console.log(JSON.stringify(names));`,
    ]);
    expect(JSON.parse(out).every((count: number) => count > 0)).toBe(true);
  });

  it('AUD-2 tests the matcher with the kit: exact, prefix and unknown right, hostile profiles survived', () => {
    const found = JSON.parse(run(process.execPath, ['--import', 'tsx', 'check.ts']));
    expect(found).toEqual({ check: [], probe: [] });
  });

  it('CHG-18 tests the applier with the kit in Chromium: the badge after its target, an exact undo', async () => {
    const bundled = await build({ entryPoints: [join(site, 'browser-kit.ts')], bundle: true, write: false, format: 'iife', absWorkingDir: site, logLevel: 'silent' });
    const page = await openSite('https://site.test/', bundled.outputFiles[0].text, '<div id="kit"><h1>Hello</h1></div>');
    const kitRun = await page.waitForFunction(() => (window as { kitRun?: unknown }).kitRun).then((handle) => handle.jsonValue());
    expect(kitRun).toEqual({ applied: '<h1>Hello</h1><span class="badge">New</span>', restored: true, calls: 1 });
  });

  it('KRN-13 builds the snippet with the bin and runs it on a page: the badge for a spring campaign only', async () => {
    const out = run(join(site, 'node_modules/.bin/varia-build-snippet'), ['project.ts', '--out', 'public/snippet.js']);
    expect(out).toMatch(/^public\/snippet\.js {2}raw /);
    const snippet = readFileSync(join(site, 'public/snippet.js'), 'utf8');
    const spring = await openSite('https://site.test/?utm_campaign=spring-sale', snippet);
    await spring.waitForSelector('h1 + span.badge');
    expect(await spring.textContent('span.badge')).toBe('New');
    // Without the parameter the matcher cannot tell: the audience does not qualify, no badge once activation is done.
    const plain = await openSite('https://site.test/', snippet);
    await plain.waitForFunction(() => (window as { activated?: boolean }).activated);
    expect(await plain.locator('span.badge').count()).toBe(0);
  });
});
