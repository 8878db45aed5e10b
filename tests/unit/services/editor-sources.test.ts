/**
 * EDT-13, EDT-19: where editor projects come from and what a publish builds them with. Project files
 * under a folder of config/'s shape are loaded once (JSON and TypeScript; one that cannot be loaded is
 * logged and passed over), and a config project's hand-written plugin list gets the standard applier
 * of any change type its data now uses and the list lacks, right after the list's last applier.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../../compiler/snippet';
import type { Plugin } from '../../../core/types';
import { standardPreset } from '../../../plugins/presets/standard';
import { configSources, pluginsFor, publishPlugins, type ConfigSource } from '../../../services/editor/sources';

let root: string;
const write = (folder: string, name: string, text: string) => {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, name), text);
};

beforeAll(() => {
  // Under the repository (project folders are named relative to it), in its git-ignored scratch folder.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  root = mkdtempSync(join(ROOT, '.tmp', 'sources-'));
  write('json-one', 'project.json', JSON.stringify({ data: { projectId: 'json-one', accountId: 'a' } }));
  write('ts-one', 'project.ts', "export default { data: { projectId: 'ts-one' }, plugins: [] };\n");
  write('broken', 'project.ts', "throw new Error('cannot start');\n");
  write('unreadable', 'project.json', '{ not json');
  write('no-id', 'project.json', JSON.stringify({ data: { accountId: 'a' } }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('project files', () => {
  it('EDT-13 JSON and TypeScript project files are loaded with their id and path; one that cannot be loaded is logged and passed over', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const folder = relative(ROOT, root);
    const sources = await configSources([folder]);
    expect(sources.map((source) => [source.projectId, source.path]).sort()).toEqual([
      ['json-one', join(folder, 'json-one', 'project.json')],
      ['ts-one', join(folder, 'ts-one', 'project.ts')],
    ]);
    const json = sources.find((source) => source.projectId === 'json-one')!;
    expect(json.project).toEqual({ data: { projectId: 'json-one', accountId: 'a' }, plugins: [] });
    expect(json.pageParts).toEqual([]);
    const logged = errors.mock.calls.map((call) => `${call[0]} ${call[1]}`).sort();
    expect(logged).toEqual([
      `[editor] ${join(folder, 'broken', 'project.ts')} could not be loaded: cannot start`,
      expect.stringMatching(new RegExp(`^\\[editor\\] ${join(folder, 'unreadable', 'project.json').replace(/[.\\/-]/g, '\\$&')} could not be loaded: .*JSON`)),
    ]);
    // Loaded once per process: a file changed afterwards is not read again (the editor works on its copy).
    write('json-one', 'project.json', JSON.stringify({ data: { projectId: 'json-one', accountId: 'changed' } }));
    const again = await configSources([folder]);
    expect(again.find((source) => source.projectId === 'json-one')!.project.data).toEqual({ projectId: 'json-one', accountId: 'a' });
    expect(await configSources([join(folder, 'nothing-here')])).toEqual([]);
  });
});

describe('the plugins of a publish', () => {
  const plugin = (type: string, name: string) => ({ type, name }) as unknown as Plugin;
  const source = (file: string, plugins?: Plugin[]) => ({ file, project: { data: { projectId: 'p' }, plugins } }) as unknown as ConfigSource;
  const moving = { projectId: 'p', layers: [{ id: 'L', experiments: [{ id: 'E', variations: [{ id: 'V', actions: [{ pageId: 'P', changes: [{ id: 'c', type: 'rearrange', selector: 'h1', insertSelector: 'main', operator: 'before' }] }] }] }] }] };

  it('EDT-13 a project created in the editor, or a JSON one, validates with the standard preset; a TypeScript module with its own list', () => {
    const names = (plugins: readonly Plugin[]) => plugins.map((entry) => entry.name);
    expect(names(pluginsFor(undefined))).toEqual(names(standardPreset()));
    expect(names(pluginsFor(source('/x/project.json', [plugin('module', 'own')])))).toEqual(names(standardPreset()));
    const own = [plugin('module', 'own')];
    expect(pluginsFor(source('/x/project.ts', own))).toBe(own);
    expect(pluginsFor(source('/x/project.ts'))).toEqual([]);
  });

  it('EDT-19 an applier the data needs and the list lacks goes right after the list\'s last applier; nothing is added when none is needed', async () => {
    const own = [plugin('module', 'first'), plugin('changeApplier', 'attribute'), plugin('changeApplier', 'append'), plugin('module', 'last')];
    const publish = await publishPlugins(source('/x/project.ts', own), moving);
    expect(publish.added.map((entry) => entry.use)).toEqual(['change-appliers/rearrange']);
    expect(publish.at).toBe(3);
    expect(publish.plugins.map((entry) => entry.name)).toEqual(['first', 'attribute', 'append', publish.added[0].plugin.name, 'last']);
    expect(publish.added[0].plugin.type).toBe('changeApplier');

    // A list with no applier gets it at its end; a list that has it gets nothing.
    const noAppliers = [plugin('module', 'only')];
    const atEnd = await publishPlugins(source('/x/project.ts', noAppliers), moving);
    expect(atEnd.at).toBe(1);
    expect(atEnd.plugins.map((entry) => entry.name)).toEqual(['only', publish.added[0].plugin.name]);
    const having = [plugin('changeApplier', publish.added[0].plugin.name)];
    expect(await publishPlugins(source('/x/project.ts', having), moving)).toEqual({ plugins: having, added: [], at: 1 });

    // Data that needs nothing more builds with the list as it is.
    const unchanged = await publishPlugins(source('/x/project.ts', own), { projectId: 'p', layers: [] });
    expect(unchanged).toEqual({ plugins: own, added: [], at: 3 });
    expect(unchanged.plugins).toBe(own);
    // A JSON project or none: the standard preset, nothing added.
    expect(await publishPlugins(undefined, moving)).toMatchObject({ added: [] });
  });
});
