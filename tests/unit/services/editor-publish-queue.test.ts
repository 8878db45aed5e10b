/**
 * Publishes of one project run one after the other (EDT-9): a refused publish ends its turn, and the
 * next publish of the project is judged on its own data, not on the earlier refusal.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_ROW } from '../../../editor-model/project-schema';
import { PublishRefused, publish } from '../../../services/editor/publish';
import { Workspace } from '../../../services/editor/workspace';

const dir = mkdtempSync(join(tmpdir(), 'varia-publish-queue-'));
const snippets = join(dir, 'snippets');
const workspace = new Workspace(join(dir, 'editor'), snippets);
afterAll(() => workspace.close());

describe('publish queue', () => {
  it('EDT-9 after a refused publish, the next publish of the same project goes through once the problem is fixed', async () => {
    // fails when the queue chains on the previous publish without its catch: every later publish
    // of the project then fails with the old refusal until a restart
    await workspace.create({ projectId: 'queue' });
    const project = await workspace.get('queue');
    project.store.setCell('settings', SETTINGS_ROW, 'accountId', '');
    const refusal = await publish(project, snippets, 'broken').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PublishRefused);
    expect(JSON.stringify((refusal as PublishRefused).problems)).toMatch(/accountId/);
    project.store.setCell('settings', SETTINGS_ROW, 'accountId', 'acc');
    await expect(publish(project, snippets, 'fixed')).resolves.toMatchObject({ revision: 1, note: 'fixed' });
    await expect(publish(project, snippets, 'again')).resolves.toMatchObject({ revision: 2 });
  }, 300_000);
});
