/**
 * The package others build on (a plugin, a project, a build step): every entry of package.json's
 * `exports` exists and resolves through the package's own name, and the snippet build's `bin` runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';

/** An export: a path, or paths by condition (`source` the TypeScript, `types` and `default` the build in dist/lib). */
type Target = string | { source: string; types: string; default: string };

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  types: string;
  exports: Record<string, Target>;
  bin: Record<string, string>;
};

describe('the package', () => {
  it('every exported source exists (wildcards checked on one real plugin and kind); the built ones mirror them in dist/lib', () => {
    const one = (target: string) =>
      target.replace('./plugins/*/index', './plugins/audience-matchers/device/index').replace('./core/kinds/*', './core/kinds/audiences');
    const targets = Object.values(pkg.exports);
    expect(targets.map((target) => one(typeof target === 'string' ? target : target.source)).filter((target) => !existsSync(join(ROOT, target)))).toEqual([]);
    // The built paths are the sources' paths under dist/lib, as tsc (tsconfig.package.json) writes them.
    for (const target of targets) {
      if (typeof target === 'string') continue;
      const built = target.source.replace('./', './dist/lib/').replace(/\.ts$/, '');
      expect([target.types, target.default]).toEqual([`${built}.d.ts`, `${built}.js`]);
    }
    expect(pkg.types).toBe((pkg.exports['.'] as { types: string }).types);
  });

  it('the kernel, a plugin kind, the test kit and a plugin resolve through the package name', async () => {
    const core = await import(`${pkg.name}`);
    const testing = await import(`${pkg.name}/testing`);
    const kinds = await import(`${pkg.name}/kinds/audiences`);
    const device = await import(`${pkg.name}/plugins/audience-matchers/device`);
    expect(typeof core.createKernel).toBe('function');
    expect(typeof testing.bootKernel).toBe('function');
    expect(typeof testing.checkMatcher).toBe('function');
    expect(kinds.PROFILE_FIELDS).toBeDefined();
    expect(device.default.type).toBe('audienceMatcher');
  }, 60_000);

  it('the statistics resolve through the package name, with their types', async () => {
    const stats: typeof import('../../../stats') = await import(`${pkg.name}/stats`);
    const result = stats.compare({ n: 1000, sum: 100, sumSquares: 100 }, { n: 1000, sum: 130, sumSquares: 130 }, { method: 'frequentist', difference: 'absolute' });
    expect(result.error).toBeUndefined();
    expect(result.expected).toBeCloseTo(0.03, 12);
    expect(typeof stats.sampleSize).toBe('function');
    expect(typeof stats.verdict).toBe('function');
  });

  it('the varia-build-snippet command builds a project and refuses bad arguments with its usage', () => {
    const bin = join(ROOT, pkg.bin['varia-build-snippet']);
    const bad = spawnSync(process.execPath, [bin, '--nope'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('usage: npm run build:snippet');
    const out = join(ROOT, 'dist', 'bin-check', 'example.js');
    const good = spawnSync(process.execPath, [bin, join(ROOT, 'config/example/project.ts'), '--out', out], { encoding: 'utf8' });
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/gzip \d/);
    expect(existsSync(out)).toBe(true);
    // Two processes and a whole snippet build: seconds alone, much longer on a loaded 2-core machine.
  }, 120_000);
});
