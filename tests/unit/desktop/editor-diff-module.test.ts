/**
 * EDT-10: the entity diff; EDT-13: the module a publish builds turns code kept as source text into
 * real functions through the same build as `npm run build:snippet`; EDT-8: traffic percentages.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffProjects } from '../../../editor-model/project-diff';
import { evenRanges, percentsFromRanges, rangesFromPercents } from '../../../desktop/renderer/src/model/traffic';
import { buildSnippet } from '../../../compiler/build';
import { pathToFileURL } from 'node:url';
import { decodeProject, encodeProject } from '../../../editor-model/project-codec';
import { ROOT } from '../../../compiler/snippet';
import { projectModule, toLiteral } from '../../../services/editor/module';

const base = {
  projectId: 'p', accountId: 'a', revision: 1,
  layers: [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', name: 'Hero', variations: [{ id: 'A', actions: [{ id: 'x', pageId: 'P', changes: [{ id: 'c', type: 'custom_code', value: { $fn: 'function () { return 1; }' } }] }] }] }] }],
  pages: [{ id: 'P', apiName: 'home' }],
};

describe('entity diff', () => {
  it('EDT-10 reports added, removed and changed entities with their changed fields and formats', () => {
    const after = structuredClone(base) as typeof base & { audiences: unknown[] };
    after.layers[0].experiments[0].name = 'Hero copy';
    after.layers[0].experiments[0].variations[0].actions[0].changes[0].value = { $fn: 'function () { return 2; }' };
    after.pages = [];
    after.audiences = [{ id: 'aud', conditions: ['and'] }];
    after.revision = 2;
    const diff = diffProjects(base, after);
    const byKey = Object.fromEntries(diff.map((entity) => [entity.key, entity]));
    expect(byKey['experiment:E']).toMatchObject({ status: 'changed', fields: [{ field: 'name', before: 'Hero', after: 'Hero copy', format: 'text' }] });
    expect(byKey['variation:A/action:x/change:c'].fields[0]).toMatchObject({ field: 'value', format: 'code' });
    // The tree's words: a changed change is named by its kind, a layer is a campaign.
    expect(byKey['variation:A/action:x/change:c'].label).toMatch(/^Custom code change c in /);
    expect(byKey['page:P'].status).toBe('removed');
    expect(byKey['audience:aud'].status).toBe('added');
    expect(byKey.project).toBeUndefined();
  });

  it('EDT-10 a value written back with its keys in another order is not a change', () => {
    // fails when stableJson no longer sorts the keys: review and history list the untouched audience
    const before = { ...base, audiences: [{ id: 'aud', conditions: ['and', { type: 'url', match: 'simple', value: 'https://x.test/' }] }] };
    const after = { ...base, audiences: [{ conditions: ['and', { value: 'https://x.test/', match: 'simple', type: 'url' }], id: 'aud' }] };
    expect(diffProjects(before, after)).toEqual([]);
    after.audiences[0].conditions[1] = { value: 'https://x.test/b', match: 'simple', type: 'url' };
    expect(diffProjects(before, after).map((entity) => entity.key)).toEqual(['audience:aud']);
  });
});

describe('publish module', () => {
  it('EDT-13 code kept as source text becomes a real function in the built snippet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-'));
    const data = { ...base, layers: [] as unknown[], projectJS: { $fn: 'function (api) { api.log.info("from source text 41"); }' } };
    const file = join(dir, 'project.ts');
    writeFileSync(file, await projectModule(data));
    const built = await buildSnippet(file, join(dir, 'out.js'));
    const code = await readFile(built.file, 'utf8');
    expect(code).toContain('from source text 41');
    expect(code).not.toMatch(/\beval\s*\(|new Function/);
    expect(toLiteral({ a: [1, { $fn: '() => 2' }] })).toContain('(() => 2)');
  }, 60_000);
});

describe('publish module of a config project', () => {
  it('EDT-4 EDT-13 an unchanged function keeps its closure (taken from the config module); an edited one is built from its text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-'));
    const file = join(dir, 'project.ts');
    writeFileSync(file, [
      `import { defineProject } from ${JSON.stringify(join(ROOT, 'core/index.ts'))};`,
      `const GREETING = 'closure value 73';`,
      `export default defineProject({ data: { projectId: 'closure', accountId: 'a', revision: 1, projectJS: (api: any) => { api.log.info(GREETING); } }, plugins: [] });`,
    ].join('\n'));
    const original = (await import(pathToFileURL(file).href)).default;
    const data = decodeProject(encodeProject(original.data)).data;
    const unchanged = await projectModule(data, file, original.data);
    expect(unchanged).toContain('__variaConfig.data["projectJS"]');
    writeFileSync(join(dir, 'unchanged.ts'), unchanged);
    expect(await readFile((await buildSnippet(join(dir, 'unchanged.ts'), join(dir, 'a.js'))).file, 'utf8')).toContain('closure value 73');

    const edited = await projectModule({ ...data, projectJS: { $fn: '(api) => { const run = __name(() => api.log.info("edited 74"), "run"); run(); }' } }, file, original.data);
    expect(edited).not.toContain('__variaConfig');
    writeFileSync(join(dir, 'edited.ts'), edited);
    const code = await readFile((await buildSnippet(join(dir, 'edited.ts'), join(dir, 'b.js'))).file, 'utf8');
    expect(code).toContain('edited 74');
  }, 90_000);
});

describe('traffic', () => {
  it('EDT-8 percentages are stored as endOfRange over 10000 and read back', () => {
    const ranges = rangesFromPercents(['a', 'b', 'c'], [25, 25.5, 40]);
    expect(ranges).toEqual([{ entityId: 'a', endOfRange: 2500 }, { entityId: 'b', endOfRange: 5050 }, { entityId: 'c', endOfRange: 9050 }]);
    expect(percentsFromRanges(ranges, ['a', 'b', 'c'])).toEqual([25, 25.5, 40]);
    expect(evenRanges(['a', 'b', 'c']).map((range) => range.endOfRange)).toEqual([3333, 6666, 10000]);
  });
});
