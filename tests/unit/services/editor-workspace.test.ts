/**
 * EDT-4, EDT-5: the workspace of projects on disk. A project created in the editor gets its defaults;
 * a working copy file that cannot be read is kept aside and restored from the best there is (the last
 * explicit save, else the live revision, else an empty project), and the editor is told from what.
 * Each workspace here is a fresh one over the same folder, as a restarted services process would be.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SETTINGS_ROW } from '../../../editor-model/project-schema';
import { RequestError } from '../../../services/http/body';
import { writeRevision } from '../../../services/editor/revisions';
import { Workspace } from '../../../services/editor/workspace';

let root: string;
const opened: Workspace[] = [];
/** A workspace over the test's folder, closed after the test. */
const workspace = () => {
  const made = new Workspace(join(root, 'editor'), join(root, 'snippets'));
  opened.push(made);
  return made;
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'varia-workspace-'));
});
afterEach(async () => {
  for (const made of opened.splice(0)) await made.close();
  vi.restoreAllMocks();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('creating a project', () => {
  it('EDT-4 a new project gets its id as name and namespace, the local account, revision 0 and empty lists; given ones are trimmed', async () => {
    const project = await workspace().create({ projectId: 'plain' });
    expect(project.meta).toMatchObject({ projectId: 'plain', name: 'plain', source: null });
    expect(project.store.getRow('settings', SETTINGS_ROW)).toMatchObject({ projectId: 'plain', accountId: 'local', revision: 0, namespace: 'plain' });
    expect(project.store.getCell('settings', SETTINGS_ROW, 'lists')).toEqual(['layers', 'audiences', 'pages', 'events']);
    const named = await workspace().create({ projectId: 'named', name: '  Hero tests ', accountId: ' acc-1 ' });
    expect(named.meta.name).toBe('Hero tests');
    expect(named.store.getCell('settings', SETTINGS_ROW, 'accountId')).toBe('acc-1');
    const blank = await workspace().create({ projectId: 'blank', name: '   ', accountId: '  ' });
    expect(blank.meta.name).toBe('blank');
    expect(blank.store.getCell('settings', SETTINGS_ROW, 'accountId')).toBe('local');
  });

  it('EDT-4 a taken id is a 409, an invalid one a 400 saying the rule, an unknown project a 404', async () => {
    const made = workspace();
    await made.create({ projectId: 'taken' });
    await expect(made.create({ projectId: 'taken' })).rejects.toMatchObject({ status: 409, message: 'A project "taken" already exists.' });
    await expect(made.create({ projectId: 'Not Valid' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^The project id must be a project id: .+ \(it names the snippet file\)\.$/) });
    await expect(made.get('nosuch')).rejects.toMatchObject({ status: 404, message: 'There is no project "nosuch".' });
    await expect(made.get('../x')).rejects.toBeInstanceOf(RequestError);
    // A refused opening is not remembered: the project can be opened once it exists.
    await made.create({ projectId: 'nosuch' });
    expect((await made.get('nosuch')).meta.projectId).toBe('nosuch');
  });
});

describe('a working copy that cannot be read', () => {
  const corrupt = (projectId: string) => writeFileSync(join(root, 'editor', 'projects', projectId, 'working.json'), '{ not json');
  const projectFiles = (projectId: string) => readdirSync(join(root, 'editor', 'projects', projectId));

  it('EDT-5 is kept aside and restored from the last explicit save, saying so', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = workspace();
    const project = await first.create({ projectId: 'saved' });
    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'explicitly saved');
    await project.save();
    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'autosaved only');
    await first.close();
    corrupt('saved');
    const restored = await workspace().get('saved');
    const kept = projectFiles('saved').find((name) => /^working\.corrupt-\d+\.json$/.test(name));
    expect(kept).toBeDefined();
    expect(restored.notice).toBe(`The working copy file could not be read (kept as ${kept}); it was restored from the last explicit save.`);
    expect(restored.store.getCell('settings', SETTINGS_ROW, 'namespace')).toBe('explicitly saved');
    expect(console.warn).toHaveBeenCalledWith(`[editor] saved: ${restored.notice}`);
  });

  it('EDT-5 without a save, from the live revision; a missing file is not kept aside', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = workspace();
    const project = await first.create({ projectId: 'published' });
    await writeRevision(project.dir, { revision: 1, kind: 'publish', note: '', time: new Date(0).toISOString(), sizes: null, data: { projectId: 'published', namespace: 'one' }, snippet: null });
    await writeRevision(project.dir, { revision: 2, kind: 'publish', note: '', time: new Date(0).toISOString(), sizes: null, data: { projectId: 'published', namespace: 'two' }, snippet: null });
    await first.close();
    rmSync(join(project.dir, 'working.json'));
    const restored = await workspace().get('published');
    expect(restored.notice).toBe('The working copy file could not be read; it was restored from live revision 2.');
    expect(restored.store.getCell('settings', SETTINGS_ROW, 'namespace')).toBe('two');
    expect(projectFiles('published').some((name) => name.startsWith('working.corrupt-'))).toBe(false);
  });

  it('EDT-5 with nothing to restore from, an empty project of its own id', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = workspace();
    await first.create({ projectId: 'lost' });
    await first.close();
    corrupt('lost');
    const restored = await workspace().get('lost');
    expect(restored.notice).toMatch(/^The working copy file could not be read \(kept as working\.corrupt-\d+\.json\); it was restored from an empty project\.$/);
    expect(restored.store.getRow('settings', SETTINGS_ROW)).toEqual({ projectId: 'lost', accountId: 'local', revision: 0 });
  });

  it('EDT-4 a readable working copy opens without a notice, and what was edited is on disk after closing', async () => {
    const first = workspace();
    const project = await first.create({ projectId: 'kept' });
    expect(project.notice).toBeUndefined();
    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'closed with this');
    await first.close();
    const again = await workspace().get('kept');
    expect(again.notice).toBeUndefined();
    expect(again.store.getCell('settings', SETTINGS_ROW, 'namespace')).toBe('closed with this');
    expect(existsSync(join(again.dir, 'working.saved.json'))).toBe(false);
  });
});
