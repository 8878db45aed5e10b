/**
 * The README's guide to plugins in one's own repository, run as written: its files (a matcher, an applier,
 * a project on the fitted preset, a Vitest set-up with node and browser projects and their tests) are taken
 * from the README's marked blocks into a project outside this repository that imports the package by its
 * name (the package built as it is published, linked in with Vitest from this repository's install). Its
 * Vitest runs both projects, and the project is loaded and built as the snippet build does.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnippet, loadProject } from '../../../compiler/build';
import { ROOT } from '../../../compiler/snippet';
import { buildPackage } from '../../../scripts/build-package';
import { findChromium } from '../../../scripts/lib/chromium';
import { guideFiles } from '../../support/readme-guide';

const site = mkdtempSync(join(tmpdir(), 'varia-guide-'));
const link = (name: string, target: string) => {
  mkdirSync(dirname(join(site, 'node_modules', name)), { recursive: true });
  symlinkSync(target, join(site, 'node_modules', name), 'dir');
};

afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('README plugin guide', { timeout: 120_000 }, () => {
  beforeAll(() => {
    const files = guideFiles();
    expect(Object.keys(files).sort()).toEqual(['badge.browser.test.ts', 'badge.ts', 'project.ts', 'utm-campaign.node.test.ts', 'utm-campaign.ts', 'vitest.config.ts']);
    buildPackage();
    writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', private: true, type: 'module' }));
    for (const [name, code] of Object.entries(files)) writeFileSync(join(site, name), code);
    link('varia', ROOT);
    for (const name of ['vitest', '@vitest/browser-playwright', 'playwright', 'playwright-core']) link(name, join(ROOT, 'node_modules', name));
  }, 120_000);

  it('CHG-18 AUD-2 its Vitest set-up runs its matcher test in Node and its applier test in Chromium, both passing', () => {
    const vitest = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run'], {
      cwd: site,
      encoding: 'utf8',
      // Plain text to read the report from.
      env: { ...process.env, CHROMIUM_PATH: findChromium(), CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const output = vitest.stdout + vitest.stderr;
    expect(vitest.status, output).toBe(0);
    expect(output).toMatch(/\|node\| utm-campaign\.node\.test\.ts \(1 test\)/);
    expect(output).toMatch(/\|browser \(chromium\)\| badge\.browser\.test\.ts \(1 test\)/);
    expect(output).toMatch(/Tests\s+2 passed/);
  });

  it('KRN-12 its project puts its own plugins before the preset\'s pages and builds with no problem', async () => {
    const project = join(site, 'project.ts');
    const loaded = await loadProject(project);
    const names = loaded.project.plugins!.map((plugin) => plugin.name);
    expect(names.slice(-3)).toEqual(['utm_campaign', 'badge', 'pages']);
    expect(names).toContain('query');
    const built = await buildSnippet(project, join(site, 'varia.js'));
    expect(readFileSync(built.file, 'utf8')).toContain('badge');
  });
});
