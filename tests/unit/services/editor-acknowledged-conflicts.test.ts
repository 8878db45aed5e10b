/**
 * Clashes run anyway are recorded on the revision (issue 37): the publish body's acknowledged conflicts
 * are checked by the API contract, stored with the revision, and read back with it and in the history.
 * Real services on a loopback port.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../../../services/index';
import { editorApi, sessionOf } from '../../support/editor-client';

let services: RunningServices;
beforeAll(async () => {
  services = await startServices({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'varia-ack-')), snippetsDir: mkdtempSync(join(tmpdir(), 'varia-ack-snippets-')) });
});
afterAll(() => services.close());

const call = async (path: string, body?: unknown) => {
  const response = await editorApi(sessionOf(services), path, body);
  return { status: response.status, body: await response.json() };
};

const clash = {
  experimentId: 'exp-1', otherExperimentId: 'exp_p13n_returning', viewId: 'view_home',
  description: 'Hero headline (campaign New campaign) changes h1.hero-title, inside main#main-content > section:first-of-type (section.hero) that Homepage personalisation: Returning (campaign Homepage personalisation) changes, on view Homepage.',
};

describe('acknowledged conflicts on a revision', () => {
  it('EDT-9 EDT-13 a publish with acknowledged conflicts stores them on its revision; one without stores none', async () => {
    expect((await call('projects', { projectId: 'ack-one' })).status).toBe(200);
    const made = await call('projects/ack-one/publish', { note: 'run anyway', acknowledgedConflicts: [clash] });
    expect(made.status).toBe(200);
    expect(made.body.acknowledgedConflicts).toEqual([clash]);
    const stored = await call(`projects/ack-one/revisions/${made.body.revision}`);
    expect(stored.body.acknowledgedConflicts).toEqual([clash]);
    expect((await call('projects/ack-one/revisions')).body[0].acknowledgedConflicts).toEqual([clash]);

    const plain = await call('projects/ack-one/publish', { note: 'no clash' });
    expect((await call(`projects/ack-one/revisions/${plain.body.revision}`)).body.acknowledgedConflicts).toBeUndefined();
  }, 120_000);

  it('EDT-9 EDT-13 an acknowledgement that is not one is refused by the contract, and nothing is published', async () => {
    expect((await call('projects', { projectId: 'ack-two' })).status).toBe(200);
    const refused = await call('projects/ack-two/publish', { acknowledgedConflicts: [{ ...clash, viewId: 42 }] });
    expect(refused.status).toBe(400);
    expect((await call('projects/ack-two/revisions')).body.filter((revision: { kind: string }) => revision.kind === 'publish')).toEqual([]);
  }, 60_000);
});
