/**
 * Opening a project in one answer (`GET /api/editor/projects/:id/open`, issue 19's opening figure):
 * the project's info and its whole working copy, which the renderer sets into its store and shows
 * before the synchroniser's first round. Real services on a loopback port.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMergeableStore } from 'tinybase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProject, encodeProject } from '../../../editor-model/project-codec';
import { TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { DEFAULT_SNIPPETS_DIR, startServices, type RunningServices } from '../../../services/index';
import { editorApi, sessionOf } from '../../support/editor-client';

let services: RunningServices;
beforeAll(async () => {
  services = await startServices({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'varia-open-')), snippetsDir: DEFAULT_SNIPPETS_DIR });
});
afterAll(() => services.close());

const call = async (path: string, body?: unknown) => {
  const response = await editorApi(sessionOf(services), path, body);
  return { status: response.status, body: await response.json() };
};

describe('opening a project in one answer', () => {
  it('EDT-4 EDT-7 the open answer carries the info and the whole working copy; set into a new store it is the backend\'s project', async () => {
    expect((await call('projects', { projectId: 'open-one', name: 'Open in one' })).status).toBe(200);
    const data = {
      projectId: 'open-one', accountId: 'acc', revision: 0, audiences: [], pages: [], events: [{ id: 'e1', apiName: 'buy', name: 'Buy', eventType: 'custom' }],
      layers: [{ id: 'L', name: 'Campaign', policy: 'single_experiment', experiments: [{ id: 'X', name: 'Hero', variations: [{ id: 'A', name: 'Original', actions: [] }, { id: 'B', name: 'B', actions: [] }], weightDistributions: [{ entityId: 'A', endOfRange: 5000 }, { entityId: 'B', endOfRange: 10000 }] }] }],
    };
    const edited = createMergeableStore();
    edited.setTablesSchema(TABLES_SCHEMA);
    edited.setTables(encodeProject(data) as never);
    expect((await call('projects/open-one/save', { content: edited.getMergeableContent() })).status).toBe(200);

    const { status, body } = await call('projects/open-one/open');
    expect(status).toBe(200);
    expect(body).toMatchObject({ projectId: 'open-one', name: 'Open in one', liveRevision: null, notice: null });
    const opened = createMergeableStore();
    opened.setTablesSchema(TABLES_SCHEMA);
    opened.setMergeableContent(body.content);
    const info = (await call('projects/open-one')).body;
    expect(info).toEqual({ projectId: 'open-one', name: 'Open in one', source: null, createdAt: info.createdAt, liveRevision: null, notice: null });
    // Every saved row, as saved, and the project it decodes to.
    expect(opened.getTables()).toMatchObject(edited.getTables());
    expect(decodeProject(opened.getTables() as never).data).toMatchObject({ layers: [{ id: 'L', experiments: [{ id: 'X', name: 'Hero' }] }], events: [{ apiName: 'buy' }] });
    // The backend's whole mergeable state: opened again, the same hashes (the synchroniser has nothing to add).
    const again = createMergeableStore();
    again.setTablesSchema(TABLES_SCHEMA);
    again.setMergeableContent((await call('projects/open-one/open')).body.content);
    expect(again.getMergeableContentHashes()).toEqual(opened.getMergeableContentHashes());
  });

  it('EDT-4 an unknown project is a 404 with a message, not an empty project', async () => {
    const { status, body } = await call('projects/no-such-project/open');
    expect(status).toBe(404);
    expect(body.error).toMatch(/no-such-project/);
  });
});
