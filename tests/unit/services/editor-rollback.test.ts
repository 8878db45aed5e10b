/**
 * Rollback (EDT-11, issue 36): an earlier revision is published again as a new one, and by default the
 * working copy becomes that revision's data too, so the next publish does not put back what was rolled
 * back; asked not to, the working copy keeps its edits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_ROW } from '../../../editor-model/project-schema';
import { publish, PublishRefused, rollback, workingData } from '../../../services/editor/publish';
import { Workspace } from '../../../services/editor/workspace';

const dir = mkdtempSync(join(tmpdir(), 'varia-rollback-'));
const snippets = join(dir, 'snippets');
const workspace = new Workspace(join(dir, 'editor'), snippets);
afterAll(() => workspace.close());

const namespaceOf = (project: Awaited<ReturnType<Workspace['get']>>) => String(workingData(project).data.namespace);

describe('rollback', () => {
  it('EDT-11 publishes the old data as a new revision; the working copy follows it unless asked not to', async () => {
    await workspace.create({ projectId: 'roll' });
    const project = await workspace.get('roll');
    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'first');
    expect((await publish(project, snippets, 'first')).revision).toBe(1);
    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'second');
    expect((await publish(project, snippets, 'second')).revision).toBe(2);

    const back = await rollback(project, snippets, 1, '');
    expect(back).toMatchObject({ revision: 3, kind: 'rollback', from: 1, note: 'Rolled back to revision 1' });
    expect(namespaceOf(project)).toBe('first');

    project.store.setCell('settings', SETTINGS_ROW, 'namespace', 'an edit in progress');
    expect((await rollback(project, snippets, 2, 'forward again', false)).revision).toBe(4);
    expect(namespaceOf(project)).toBe('an edit in progress');
  }, 300_000);

  it('EDT-9 EDT-11 notes: a blank one is replaced by what happened, a written one kept without its spaces; a rollback to a revision that does not exist is refused', async () => {
    await workspace.create({ projectId: 'notes' });
    const project = await workspace.get('notes');
    expect(await publish(project, snippets, '   ')).toMatchObject({ revision: 1, kind: 'publish', note: 'Published' });
    expect(await publish(project, snippets, '  hero copy \n')).toMatchObject({ revision: 2, note: 'hero copy' });
    expect(await rollback(project, snippets, 1, ' back ')).toMatchObject({ revision: 3, note: 'back', from: 1 });
    await expect(rollback(project, snippets, 9, '')).rejects.toThrow('There is no revision 9.');
    // A refused rollback does not hold up the next publish of the project.
    expect((await publish(project, snippets, 'after')).revision).toBe(4);
  }, 300_000);

  it('EDT-12 a working copy with errors is refused with how many, and each problem', async () => {
    await workspace.create({ projectId: 'broken' });
    const project = await workspace.get('broken');
    project.store.setCell('settings', SETTINGS_ROW, 'projectId', 'another');
    const refused = await publish(project, snippets, '').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublishRefused);
    expect((refused as Error).message).toBe('The project has 1 problem(s); fix them before publishing.');
    expect((refused as PublishRefused).problems).toEqual([expect.objectContaining({ path: 'projectId', table: 'settings', rowId: SETTINGS_ROW, severity: 'error' })]);
  }, 300_000);
});
