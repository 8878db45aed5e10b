/**
 * No id or name steers a write out of its folder (issue 33): random project ids and working-copy
 * settings (path separators, `..`, percent-encoded forms, NUL, very long, Unicode look-alikes) sent
 * through the real HTTP API never produce a file outside the services' folders, and `containedPath`,
 * which every write goes through, refuses whatever would leave its folder. Seeded and bounded; a
 * failure prints its seed (`VARIA_PATHS_SEED`, `VARIA_PATHS_ROUNDS` for a longer run).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { createMergeableStore } from 'tinybase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProjectId } from '../../../editor-model/api-contract';
import { SETTINGS_ROW, TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { containedPath, PathOutsideError } from '../../../compiler/files';
import { startServices, type RunningServices } from '../../../services/index';
import { editorApi, editorCall, sessionOf, type EditorSession } from '../../support/editor-client';
import { envNumber, seeded, type Seeded } from '../../support/seeded';

const SEED = envNumber('VARIA_PATHS_SEED', 20261202);
const ROUNDS = envNumber('VARIA_PATHS_ROUNDS', 120);

/** Pieces an attacker puts in a name. */
const PIECES = ['..', '.', '/', '\\', '%2e%2e', '%2f', '%5c', '\0', '\u2215', '\u2024\u2024', '\uff0e\uff0e', '\uff0f', 'C:', '~', 'example', 'victim', 'a', '-', '_', ' ', '\n', '.js', 'ſ', 'K'];

/** A hostile name: a few pieces, sometimes very long. */
function hostileName(random: Seeded): string {
  const length = 1 + random.int(6);
  let name = Array.from({ length }, () => random.pick(PIECES)).join('');
  if (random.int(10) === 0) name = name.repeat(40);
  return name;
}

let root: string;
let services: RunningServices;
let session: EditorSession;

/** Every file under `folder`, relative to it. */
const files = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path).map((inner) => join(name, inner)) : [name];
  });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'varia-paths-'));
  mkdirSync(join(root, 'snippets'));
  mkdirSync(join(root, 'outside'));
  services = await startServices({ port: 0, dataDir: join(root, 'data'), snippetsDir: join(root, 'snippets') });
  session = sessionOf(services);
});
afterAll(async () => {
  await services?.close();
  rmSync(root, { recursive: true, force: true });
});

describe(`paths stay in their folders (seed ${SEED})`, () => {
  it('EDT-8 containedPath refuses every name that would leave its folder and keeps the others inside', () => {
    const random = seeded(SEED);
    const folder = join(root, 'box');
    for (let round = 0; round < ROUNDS * 20; round += 1) {
      const name = hostileName(random);
      let path: string | undefined;
      try {
        path = containedPath(folder, name);
      } catch (error) {
        expect(error).toBeInstanceOf(PathOutsideError);
        continue;
      }
      const inside = relative(resolve(folder), path);
      expect(inside === '' || inside === '..' || inside.startsWith(`..${sep}`), JSON.stringify(name)).toBe(false);
      expect(path.startsWith(resolve(folder) + sep), JSON.stringify(name)).toBe(true);
    }
  });

  it('EDT-8 EDT-13 random project ids and working-copy settings through the API never write outside the folders', async () => {
    const random = seeded(SEED + 1);
    await editorCall(session, 'projects', { projectId: 'target' });
    const opened = await editorCall<{ content: unknown }>(session, 'projects/target/open');
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = hostileName(random);
      // As a project id of a new project: created only when it is a valid id, inside the workspace.
      const created = await editorApi(session, 'projects', { projectId: name });
      // A valid id is created, or found taken (409): `example` is a config project, and ids repeat.
      expect(isProjectId(name) ? [200, 409] : [400], JSON.stringify(name)).toContain(created.status);
      // As a project id in the address: refused or not found, never a 500.
      const addressed = await editorApi(session, `projects/${encodeURIComponent(name)}/revisions`);
      expect([400, 404, 200], JSON.stringify(name)).toContain(addressed.status);
    }
    // As the id in a working copy's settings: refused at publish whenever it is not the project's own.
    for (let round = 0; round < Math.max(3, ROUNDS / 20); round += 1) {
      const name = hostileName(random);
      const store = createMergeableStore();
      store.setTablesSchema(TABLES_SCHEMA);
      store.setMergeableContent(opened.content as never);
      store.setCell('settings', SETTINGS_ROW, 'projectId', name);
      await editorCall(session, 'projects/target/save', { content: store.getMergeableContent() });
      expect((await editorApi(session, 'projects/target/publish', { note: name })).status, JSON.stringify(name)).toBe(name === 'target' ? 200 : 422);
    }
    // Every file written is inside the data folder's projects or the snippets folder; the rest is empty.
    expect(readdirSync(join(root, 'outside'))).toEqual([]);
    expect(readdirSync(root).sort()).toEqual(['data', 'outside', 'snippets']);
    for (const file of files(join(root, 'data'))) {
      const [top, projects, id] = file.split(sep);
      if (top !== 'editor') continue;
      expect(projects, file).toBe('projects');
      expect(isProjectId(id), file).toBe(true);
    }
    expect(files(join(root, 'snippets'))).toEqual([]);
  }, 120_000);
});
