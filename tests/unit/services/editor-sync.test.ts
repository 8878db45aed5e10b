/**
 * EDT-7: live synchronisation of working copies through the services' WebSocket, with TinyBase's own
 * client synchroniser as the editor uses it: editors on one project see each other's edits, an editor
 * that connects later gets the backend's copy, projects stay apart, and a connection that names no
 * project, or an unknown one, is refused with the reason. Each test waits for the edit it needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMergeableStore, type MergeableStore } from 'tinybase';
import { createWsSynchronizer } from 'tinybase/synchronizers/synchronizer-ws-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { startServices, type RunningServices } from '../../../services/index';
import { editorCall, editorSocket, sessionOf, type EditorSession } from '../../support/editor-client';

let root: string;
let services: RunningServices;
let session: EditorSession;
const open: Array<{ destroy(): unknown }> = [];

/** An editor's store synchronised with the services on one project. */
async function editor(projectId: string): Promise<MergeableStore> {
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA);
  const synchronizer = await createWsSynchronizer(store, editorSocket(session, projectId));
  open.push(synchronizer);
  await synchronizer.startSync();
  return store;
}

/** Resolves once a layer's name in `store` is `name` (at once if it already is). */
function layerNamed(store: MergeableStore, rowId: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    if (store.getCell('layers', rowId, 'name') === name) return resolve();
    const listener = store.addCellListener('layers', rowId, 'name', () => {
      if (store.getCell('layers', rowId, 'name') !== name) return;
      store.delListener(listener);
      resolve();
    });
  });
}

/** The HTTP status a sync upgrade is answered with and its text; true when it opens, status 0 when the connection is dropped. */
function upgrade(path: string, protocols: string[]): Promise<true | { status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${session.url.replace(/^http/, 'ws')}${path}`, protocols, { origin: session.url });
    socket.on('open', () => {
      socket.close();
      resolve(true);
    });
    socket.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: text.trim() }));
    });
    socket.on('error', () => resolve({ status: 0, text: '' }));
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'varia-sync-'));
  services = await startServices({ port: 0, dataDir: join(root, 'data'), snippetsDir: join(root, 'snippets') });
  session = sessionOf(services);
  await editorCall(session, 'projects', { projectId: 'shared', name: 'Shared' });
  await editorCall(session, 'projects', { projectId: 'apart', name: 'Apart' });
}, 60_000);
afterAll(async () => {
  for (const synchronizer of open) await synchronizer.destroy();
  await services?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('working copies in sync', () => {
  it('EDT-7 two editors on one project see each other\'s edits; an editor that connects later gets the backend\'s copy', async () => {
    const [first, second] = [await editor('shared'), await editor('shared')];
    first.setRow('layers', 'hero', { name: 'Hero tests', order: 0 });
    await layerNamed(second, 'hero', 'Hero tests');
    second.setCell('layers', 'hero', 'name', 'Hero copy');
    await layerNamed(first, 'hero', 'Hero copy');
    const later = await editor('shared');
    await layerNamed(later, 'hero', 'Hero copy');
    // The backend's own copy has it: the project's opening answer carries the edit.
    const opening = await editorCall<{ content: unknown }>(session, 'projects/shared/open');
    expect(JSON.stringify(opening.content)).toContain('Hero copy');
  });

  it('EDT-7 projects stay apart: an edit on one never reaches an editor of another', async () => {
    const [shared, apart] = [await editor('shared'), await editor('apart')];
    apart.setRow('layers', 'only-here', { name: 'Apart only', order: 0 });
    shared.setRow('layers', 'marker', { name: 'after', order: 1 });
    // The apart edit is in the backend (a fresh editor of that project gets it) before a fresh editor of the
    // shared project connects: its first sync is the backend's whole copy, which would carry a leak.
    await layerNamed(await editor('apart'), 'only-here', 'Apart only');
    const sharedLater = await editor('shared');
    await layerNamed(sharedLater, 'marker', 'after');
    expect(sharedLater.hasRow('layers', 'only-here')).toBe(false);
    expect(shared.hasRow('layers', 'only-here')).toBe(false);
  });
});

describe('what the synchroniser refuses', () => {
  const token = () => `varia-session.${session.token}`;

  it('EDT-7 an unknown project is a 404 naming it; an address that names no project is a 400', async () => {
    expect(await upgrade('/api/editor/sync/nosuch', [token()])).toEqual({ status: 404, text: 'There is no project "nosuch".' });
    expect(await upgrade('/api/editor/sync/Not%20An%20Id', [token()])).toEqual({ status: 400, text: 'The address names no project.' });
    expect(await upgrade('/api/editor/sync/%E0%A4%A', [token()])).toEqual({ status: 400, text: 'The address names no project.' });
    expect(await upgrade('/api/editor/sync/', [token()])).toEqual({ status: 400, text: 'The address names no project.' });
  });

  it('EDT-7 the token is found among other subprotocols; a wrong one is refused with the reason', async () => {
    expect(await upgrade('/api/editor/sync/shared', ['chat', token()])).toBe(true);
    const refused = await upgrade('/api/editor/sync/shared', ['chat', 'varia-session.wrong']);
    expect(refused).toMatchObject({ status: 403, text: expect.stringMatching(/\S/) });
  });

  it('EDT-7 another path under /api/editor is not the synchroniser\'s to take: no handler takes it and the connection is dropped', async () => {
    expect(await upgrade('/api/editor/synchronise/shared', [token()])).toEqual({ status: 0, text: '' });
  });
});
