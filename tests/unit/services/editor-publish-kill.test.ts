/**
 * A services process killed in the middle of a publish (issue 33, finding 8): the snippet is installed
 * before its revision is recorded, and a start serves the newest recorded revision, so whenever the
 * kill lands (right after the new snippet appears, or right after the new revision file appears) the
 * served snippet and the live revision agree after the restart. The services run in a child process
 * (node with the tsx loader) so that SIGKILL hits the server itself. While it runs, a second process on
 * its data folder is refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../../compiler/snippet';
import { startServices } from '../../../services/index';
import { editorApi, editorCall, type EditorSession } from '../../support/editor-client';

const PROJECT = 'killed';
const root = mkdtempSync(join(tmpdir(), 'varia-publish-kill-'));
const dataDir = join(root, 'data');
const snippetsDir = join(root, 'snippets');
mkdirSync(snippetsDir);
const children = new Set<ChildProcess>();
afterEach(() => children.forEach((child) => child.kill('SIGKILL')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const startChild = (): Promise<{ child: ChildProcess; session: EditorSession }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/services-process.ts', dataDir, snippetsDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.once('exit', (code) => reject(new Error(`the services exited (${code}) before listening`)));
    // Its start-up log comes first (a repaired snippet says so); the address is the JSON line.
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{') && resolve({ child, session: JSON.parse(line) }));
  });

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve(0) : child.once('exit', resolve)));

/** The served snippet and the live revision's, as a restarted process has them. */
async function agreement(session: EditorSession) {
  const { liveRevision } = await editorCall<{ liveRevision: number }>(session, `projects/${PROJECT}`);
  const live = await editorCall<{ snippet: string }>(session, `projects/${PROJECT}/revisions/${liveRevision}`);
  return { liveRevision, agree: readFileSync(join(snippetsDir, `${PROJECT}.js`), 'utf8') === live.snippet };
}

describe('a publish killed half-way', () => {
  it('EDT-13 killed as the new snippet or the new revision appears: after the restart the served snippet is the live revision\'s', async () => {
    let { child, session } = await startChild();
    await editorCall(session, 'projects', { projectId: PROJECT });
    await editorCall(session, `projects/${PROJECT}/publish`, { note: 'first' });
    // One process per data folder: a second one is refused while this one runs.
    await expect(startServices({ port: 0, dataDir, snippetsDir })).rejects.toThrow(new RegExp(`pid ${child.pid}`));

    let live = 1;
    const moments = [
      () => ({ folder: snippetsDir, file: `${PROJECT}.js` }),
      () => ({ folder: join(dataDir, 'editor/projects', PROJECT, 'revisions'), file: `${String(live + 1).padStart(8, '0')}.json` }),
    ];
    for (const [round, momentOf] of moments.entries()) {
      const moment = momentOf();
      const watcher = watch(moment.folder);
      const appeared = new Promise<void>((resolve) => watcher.on('change', (_type, name) => name === moment.file && resolve()));
      const publishing = editorApi(session, `projects/${PROJECT}/publish`, { note: `round ${round}` }).catch(() => undefined);
      await appeared;
      child.kill('SIGKILL');
      watcher.close();
      await Promise.all([exited(child), publishing]);
      ({ child, session } = await startChild());
      const after = await agreement(session);
      expect(after.agree, `round ${round}: served snippet of revision ${after.liveRevision}`).toBe(true);
      live = after.liveRevision;
    }
    child.kill('SIGTERM');
    await exited(child);
  }, 300_000);
});
