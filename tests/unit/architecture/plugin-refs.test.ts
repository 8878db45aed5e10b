/**
 * Plugins outside this package: a JSON project names them by package specifier or relative path as well as
 * by the built-in short names, and a TypeScript project combines its own plugins with the standard preset
 * fitted to its data (its own before the preset's pages module, which is last).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSnippet, loadProject } from '../../../compiler/build';
import { ROOT } from '../../../compiler/snippet';

const data = {
  projectId: 'refs',
  accountId: 'a',
  revision: 1,
  pages: [{ id: 'home', apiName: 'home' }],
  audiences: [{ id: 'spring', conditions: [{ type: 'utm_campaign', value: 'spring' }] }],
};
const matcher = (name: string) => `export default { type: 'audienceMatcher', name: '${name}', match: (condition, profile) => profile.query?.utm_campaign === undefined ? null : profile.query.utm_campaign === condition.value };\n`;

describe('plugin references outside the package', { timeout: 120_000 }, () => {
  it('a JSON project names a plugin by package specifier and by relative path beside the built-in short names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-refs-'));
    mkdirSync(join(dir, 'node_modules', 'acme-utm'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'acme-utm', 'package.json'), JSON.stringify({ name: 'acme-utm', type: 'module', exports: './index.js' }));
    writeFileSync(join(dir, 'node_modules', 'acme-utm', 'index.js'), matcher('utm_campaign'));
    writeFileSync(join(dir, 'source.js'), matcher('utm_source'));
    const project = join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ data, plugins: ['modules/audiences', 'acme-utm', './source.js'] }));
    const loaded = await loadProject(project);
    expect(loaded.project.plugins?.map((plugin) => plugin.name)).toEqual(['audiences', 'utm_campaign', 'utm_source']);
    const built = await buildSnippet(project, join(dir, 'out.js'));
    expect(readFileSync(built.file, 'utf8')).toContain('utm_campaign');
  });

  it('an unknown reference says where it was looked for, not a path expected inside the package', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-refs-'));
    const project = join(dir, 'project.json');
    writeFileSync(project, JSON.stringify({ data, plugins: ['acme-nothing'] }));
    const failure = await loadProject(project).then(() => '', (error: Error) => error.message);
    expect(failure).toBe(`Unknown plugin "acme-nothing": neither a built-in plugin (kind/name, as plugins/<kind>/<name>/ of this package) nor a module found from ${dir}`);
  });

  it('a TypeScript project gets the standard preset fitted to its data, its own plugins before pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-refs-'));
    writeFileSync(join(dir, 'utm.ts'), matcher('utm_campaign'));
    writeFileSync(
      join(dir, 'project.ts'),
      [
        `import { defineProject } from ${JSON.stringify(join(ROOT, 'core'))};`,
        `import utm from './utm';`,
        `export default defineProject({ data: ${JSON.stringify(data)}, plugins: [utm], preset: { preset: 'standard' } });`,
      ].join('\n'),
    );
    const loaded = await loadProject(join(dir, 'project.ts'));
    const names = loaded.project.plugins!.map((plugin) => `${plugin.type} ${plugin.name}`);
    expect(loaded.fitted).toBe(true);
    expect(names.at(-1)).toBe('apiModule pages');
    expect(names.at(-2)).toBe('audienceMatcher utm_campaign');
    // Fitted: the device matcher is not in a project that names no device condition.
    expect(names).not.toContain('audienceMatcher device');
    const built = await buildSnippet(join(dir, 'project.ts'), join(dir, 'out.js'));
    const code = readFileSync(built.file, 'utf8');
    expect(code).toContain('utm_campaign');
    expect(code).not.toContain('desktop_laptop');
  });
});
