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
import { publish, rollback, workingData } from '../../../services/editor/publish';
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
});
