/**
 * EDT-13: what the services serve for a published project stays the newest published revision.
 * On a real workspace in a temporary folder: installing a snippet writes it with the parts it may load
 * that the folder lacks; at start, a project whose served file is not its newest published snippet
 * (another build replaced it, or a process died between installing and recording) is served again,
 * and a project only ever imported keeps what the folder has.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTS, partFile } from '../../../compiler/snippet-parts';
import type { Revision } from '../../../editor-model/api-contract';
import { installSnippet, isFitted, missingParts, repairServed, servedSnippetFile } from '../../../services/editor/install';
import { writeRevision } from '../../../services/editor/revisions';
import type { ConfigSource } from '../../../services/editor/sources';
import { Workspace } from '../../../services/editor/workspace';

let root: string;
let workspace: Workspace;
const snippets = () => join(root, 'snippets');
const served = (projectId: string) => readFileSync(join(snippets(), `${projectId}.js`), 'utf8');

const revision = (number: number, kind: Revision['kind'], snippet: string | null): Revision => ({
  revision: number, kind, note: '', time: new Date(0).toISOString(), sizes: null, data: { projectId: 'x' }, snippet,
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'varia-install-'));
  workspace = new Workspace(join(root, 'editor'), snippets());
});
afterAll(async () => {
  await workspace?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('installing a snippet', () => {
  it('EDT-13 the snippet is written with the parts the folder lacks beside it; a part already there is not made again', async () => {
    const parts = missingParts(snippets(), 'fresh', false);
    expect(parts.map((part) => part.name)).toEqual(PARTS.map((part) => part.name));
    // A fitted snippet asks only for the parts a fitted snippet can load.
    expect(missingParts(snippets(), 'fresh', true).map((part) => part.name)).toEqual(PARTS.filter((part) => part.fitted).map((part) => part.name));
    await installSnippet(snippets(), 'fresh', '/* fresh */', parts);
    expect(served('fresh')).toBe('/* fresh */');
    const target = servedSnippetFile(snippets(), 'fresh');
    for (const part of PARTS) expect(readFileSync(partFile(target, part.name), 'utf8'), part.name).toMatch(/\S/);
    expect(missingParts(snippets(), 'fresh', false)).toEqual([]);
    // Each snippet's parts are named after it: another project's are still missing.
    expect(missingParts(snippets(), 'other', false)).toHaveLength(PARTS.length);
    const [first, ...rest] = PARTS;
    for (const part of rest) writeFileSync(partFile(servedSnippetFile(snippets(), 'other'), part.name), '/* kept */');
    expect(missingParts(snippets(), 'other', false)).toEqual([first]);
  });

  it('EDT-13 a snippet is fitted only for a TypeScript config module that says so', () => {
    const source = (file: string, fitted?: boolean) => ({ file, project: { fitted } }) as unknown as ConfigSource;
    expect(isFitted(source('config/a/project.ts', true))).toBe(true);
    expect(isFitted(source('config/a/project.ts', false))).toBe(false);
    expect(isFitted(source('config/a/project.ts'))).toBe(false);
    expect(isFitted(source('config/a/project.json', true))).toBe(false);
    expect(isFitted(undefined)).toBe(false);
    expect(servedSnippetFile(snippets(), 'home')).toBe(join(snippets(), 'home.js'));
  });
});

describe('serving the newest published revision at start', () => {
  it('EDT-13 a project whose served file is not its newest published snippet is served again, and says why', async () => {
    const mine = await workspace.create({ projectId: 'mine', name: 'Mine' });
    await writeRevision(mine.dir, revision(1, 'publish', '/* revision 1 */'));
    await writeRevision(mine.dir, revision(2, 'rollback', '/* revision 2 */'));
    // Never served yet (a process that died between installing and recording would leave it so).
    expect(await repairServed(workspace)).toEqual(['mine: serving published revision 2']);
    expect(served('mine')).toBe('/* revision 2 */');
    // Served as published: nothing to do.
    expect(await repairServed(workspace)).toEqual([]);
    // Another build replaced it (npm start rebuilds config projects): the published one comes back.
    writeFileSync(join(snippets(), 'mine.js'), '/* a fresh build */');
    expect(await repairServed(workspace)).toEqual(['mine: serving published revision 2 (the served file was another build)']);
    expect(served('mine')).toBe('/* revision 2 */');
  });

  it('EDT-13 a project only ever imported, or whose newest revision has no snippet, keeps what is served', async () => {
    const imported = await workspace.create({ projectId: 'imported', name: 'Imported' });
    await writeRevision(imported.dir, revision(1, 'import', '/* import */'));
    const empty = await workspace.create({ projectId: 'nosnippet', name: 'No snippet' });
    await writeRevision(empty.dir, revision(1, 'publish', null));
    writeFileSync(join(snippets(), 'imported.js'), '/* the file\'s build */');
    const lines = await repairServed(workspace);
    expect(lines.filter((line) => !line.startsWith('mine:'))).toEqual([]);
    expect(served('imported')).toBe('/* the file\'s build */');
    expect(existsSync(join(snippets(), 'nosnippet.js'))).toBe(false);
  });
});
