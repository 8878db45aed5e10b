/**
 * The editor's backend probed as an attacker on the same machine would (issue 33's findings, each
 * reproduced through the real HTTP server and WebSocket of `startServices`): every attack is refused,
 * and the files under the data and snippets folders are listed before and after to show that nothing
 * changed. A site page's requests to the collector stay open (they are not the editor's).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createMergeableStore } from 'tinybase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SETTINGS_ROW, TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { DataFolderBusy } from '../../../services/data-folder';
import { startServices, type RunningServices } from '../../../services/index';
import { editorApi, editorCall, editorSocket, sessionOf, type EditorSession } from '../../support/editor-client';

let root: string;
let services: RunningServices;
let session: EditorSession;
const dataDir = () => join(root, 'data');
const snippetsDir = () => join(root, 'snippets');

/** Every file under the folder with a hash of its content (the collector's database files aside). */
function listing(folder = root): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.startsWith('collector.sqlite')) out[relative(folder, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(folder);
  return out;
}

/** A project's working copy as the backend has it, to edit and send back as a window would. */
async function workingCopy(projectId: string) {
  const opened = await editorCall<{ content: unknown }>(session, `projects/${projectId}/open`);
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA);
  store.setMergeableContent(opened.content as never);
  return store;
}

/** Saves a project whose settings say `settings` (a working copy edited by hand or by another tool). */
async function saveSettings(projectId: string, settings: Record<string, string | number>) {
  const store = await workingCopy(projectId);
  for (const [cell, value] of Object.entries(settings)) store.setCell('settings', SETTINGS_ROW, cell, value);
  await editorCall(session, `projects/${projectId}/save`, { content: store.getMergeableContent() });
}

/** A raw HTTP request, for the headers fetch will not let a caller set (Host). */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(services.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Whether a sync connection with these options opens (true) or is refused (the handshake's status). */
function syncOpens(url: string, protocols: string[], headers: Record<string, string>): Promise<true | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(true);
    });
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => resolve(0));
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'varia-security-'));
  mkdirSync(join(root, 'outside'));
  mkdirSync(snippetsDir());
  services = await startServices({ port: 0, dataDir: dataDir(), snippetsDir: snippetsDir() });
  session = sessionOf(services);
  await editorCall(session, 'projects', { projectId: 'mine', name: 'Mine' });
  await editorCall(session, 'projects/example/open');
}, 60_000);
afterAll(async () => {
  await services?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the editor backend refuses what is not the editor', () => {
  it('EDT-12 a working copy naming another folder (../outside/victim) is refused at review and publish, and nothing is written', async () => {
    await saveSettings('mine', { projectId: '../outside/victim', projectJS: `() => { require('node:fs').writeFileSync(${JSON.stringify(join(root, 'outside', 'pwned'))}, '1'); }` });
    const review = await editorCall<{ valid: boolean; problems: Array<{ path: string; message: string; table: string }> }>(session, 'projects/mine/review');
    expect(review.valid).toBe(false);
    expect(review.problems[0]).toMatchObject({ path: 'projectId', table: 'settings' });
    expect(review.problems[0].message).toMatch(/this is project "mine"/);
    const before = listing();
    const published = await editorApi(session, 'projects/mine/publish', { note: 'traversal' });
    expect(published.status).toBe(422);
    expect(((await published.json()) as { problems: Array<{ path: string }> }).problems[0].path).toBe('projectId');
    expect(listing()).toEqual(before);
    expect(readdirSync(join(root, 'outside'))).toEqual([]);
  });

  it('EDT-13 a project whose settings name another project cannot replace that project\'s snippet', async () => {
    await editorCall(session, 'projects', { projectId: 'impostor' });
    await saveSettings('impostor', { projectId: 'example' });
    const before = listing();
    expect((await editorApi(session, 'projects/impostor/publish', { note: 'overwrite' })).status).toBe(422);
    expect(listing()).toEqual(before);
  });

  it('EDT-9 revision numbers come from the history, never from the working copy (1.5, 1e21, 123456789)', async () => {
    await editorCall(session, 'projects', { projectId: 'numbers' });
    const numbers: number[] = [];
    for (const revision of [1.5, 1e21, 123456789]) {
      await saveSettings('numbers', { revision });
      numbers.push((await editorCall<{ revision: number }>(session, 'projects/numbers/publish', { note: String(revision) })).revision);
    }
    expect(numbers).toEqual([1, 2, 3]);
    expect(readdirSync(join(dataDir(), 'editor/projects/numbers/revisions')).sort()).toEqual(['00000001.json', '00000002.json', '00000003.json']);
    const history = await editorCall<Array<{ revision: number }>>(session, 'projects/numbers/revisions');
    expect(history.map((entry) => entry.revision)).toEqual([3, 2, 1]);
    // The snippet served is the newest revision's, under the project's own id.
    const served = readFileSync(join(snippetsDir(), 'numbers.js'), 'utf8');
    const live = await editorCall<{ snippet: string }>(session, 'projects/numbers/revisions/3');
    expect(served === live.snippet).toBe(true);
    // Three builds: minutes on a machine loaded by a whole test run.
  }, 300_000);

  it('EDT-1 writes from another origin, without the token, from a null origin or as a simple request are refused and change nothing', async () => {
    const before = listing();
    const other = `http://127.0.0.1:${Number(new URL(services.url).port) + 1}`;
    const attempts: Array<{ headers: Record<string, string>; status: number }> = [
      // A page on another loopback port: fetch(..., { mode: 'no-cors', body: text/plain }).
      { headers: { Origin: other, 'Content-Type': 'text/plain' }, status: 403 },
      // A plain HTML form on another port.
      { headers: { Origin: other, 'Content-Type': 'application/x-www-form-urlencoded' }, status: 403 },
      // A sandboxed frame or a file:// page.
      { headers: { Origin: 'null', 'Content-Type': 'application/json', 'X-Varia-Session': session.token }, status: 403 },
      // Another process without the token, or with a wrong one.
      { headers: { Origin: services.url, 'Content-Type': 'application/json' }, status: 403 },
      { headers: { Origin: services.url, 'Content-Type': 'application/json', 'X-Varia-Session': 'f'.repeat(64) }, status: 403 },
      // The token but no Origin on a write.
      { headers: { 'Content-Type': 'application/json', 'X-Varia-Session': session.token }, status: 403 },
      // The editor's origin and token, but a simple-request body.
      { headers: { Origin: services.url, 'Content-Type': 'text/plain', 'X-Varia-Session': session.token }, status: 415 },
    ];
    for (const { headers, status } of attempts) {
      const created = await fetch(`${services.url}/api/editor/projects`, { method: 'POST', headers, body: JSON.stringify({ projectId: 'csrf' }) });
      expect(created.status, JSON.stringify(headers)).toBe(status);
      const publishing = await fetch(`${services.url}/api/editor/projects/example/publish`, { method: 'POST', headers, body: JSON.stringify({ note: 'csrf' }) });
      expect(publishing.status, JSON.stringify(headers)).toBe(status);
    }
    // Reads need the token too (a page of another origin cannot read them anyway; a process cannot guess it).
    expect((await fetch(`${services.url}/api/editor/projects/example/open`)).status).toBe(403);
    expect((await fetch(`${services.url}/api/editor/projects/example/open`, { headers: { 'Sec-Fetch-Site': 'cross-site', 'X-Varia-Session': session.token } })).status).toBe(403);
    expect(listing()).toEqual(before);
    expect(existsSync(join(dataDir(), 'editor/projects/csrf'))).toBe(false);
  });

  it('EDT-1 a Host the services do not listen as is refused on every route (DNS rebinding), the collector\'s reads included', async () => {
    const port = new URL(services.url).port;
    for (const path of ['/api/editor/projects/example/open', '/api/editor/projects/example/results', '/v1/summary?projectId=example', '/v1/events?projectId=example', '/', '/editor/']) {
      const answer = await raw(path, { Host: `attacker.example:${port}`, 'X-Varia-Session': session.token });
      expect(answer.status, path).toBe(421);
    }
    expect((await raw('/v1/summary?projectId=example', { Host: `127.0.0.1:${Number(port) + 7}` })).status).toBe(421);
    // The editor's API answers on the editor's address only, not on the canvas origin.
    expect((await raw('/api/editor/projects', { Host: `localhost:${port}`, 'X-Varia-Session': session.token })).status).toBe(403);
    // The results read the collector in process: a good request answers without any Host-built request.
    expect((await editorApi(session, 'projects/example/results')).status).toBe(200);
  });

  it('EDT-1 the editor page (and its token) is served on the editor\'s address only, never framed', async () => {
    const port = new URL(services.url).port;
    const onCanvas = await raw('/editor/', { Host: `localhost:${port}` });
    expect(onCanvas.status).toBe(302);
    expect(onCanvas.text).not.toContain(session.token);
    const page = await fetch(`${services.url}/editor/`);
    if (page.status === 200) {
      expect(await page.text()).toContain(session.token);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('EDT-7 the sync WebSocket takes only the editor: its origin, its token; not null, file://, none or another port', async () => {
    const url = `${services.url.replace('http', 'ws')}/api/editor/sync/example`;
    const protocol = [`varia-session.${session.token}`];
    expect(await syncOpens(url, protocol, { Origin: services.url })).toBe(true);
    for (const origin of ['null', 'file://', `http://127.0.0.1:${Number(new URL(services.url).port) + 1}`, 'http://evil.example']) {
      expect(await syncOpens(url, protocol, { Origin: origin }), origin).toBe(403);
    }
    expect(await syncOpens(url, protocol, {})).toBe(403);
    expect(await syncOpens(url, ['varia-session.wrong'], { Origin: services.url })).toBe(403);
    expect(await syncOpens(url, [], { Origin: services.url })).toBe(403);
    expect(await syncOpens(`${services.url.replace('http', 'ws')}/api/editor/sync/${'a'.repeat(256)}`, protocol, { Origin: services.url })).toBe(400);
  });

  it('EDT-7 a sync frame over the limit closes the connection without being kept', async () => {
    const socket = editorSocket(session, 'example');
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(Buffer.alloc(9 * 1024 * 1024, 32));
    expect(await closed).toBe(1009);
  });

  it('EDT-21 no route serves caller-supplied code as script: preview code is registered by the editor and served by its id', async () => {
    const gadget = await fetch(`${services.url}/editor/preview-code.js?id=x&code=${encodeURIComponent('alert(document.domain)')}`);
    expect(gadget.status).toBe(404);
    expect(gadget.headers.get('content-type')).not.toMatch(/javascript/);
    // Registering needs the editor (its origin and token).
    const refused = await fetch(`${services.url}/api/editor/preview-code`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: services.url }, body: '{"code":"() => 1"}' });
    expect(refused.status).toBe(403);
    const { id } = await editorCall<{ id: string }>(session, 'preview-code', { code: '(api) => { api.win.document.title = "x"; }' });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const script = await fetch(`${services.url}/editor/preview-code/${id}.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain(`["${id}"]`);
    expect((await fetch(`${services.url}/editor/preview-code/${'0'.repeat(32)}.js`)).status).toBe(404);
    expect(await editorCall(session, 'preview-code', { code: '(api) => {' })).toMatchObject({ error: expect.stringMatching(/does not compile/) });
  });

  it('EDT-1 a refusal says why as JSON; only a missing or wrong token carries code "session" (the editor then reads its page again for the current token)', async () => {
    const answer = async (response: Response) => ({ status: response.status, body: await response.json() });
    expect(await answer(await fetch(`${services.url}/api/editor/projects`))).toEqual({
      status: 403, body: { error: 'The editor session token is missing or wrong: reload the editor.', code: 'session' },
    });
    expect(await answer(await fetch(`${services.url}/api/editor/projects`, { headers: { 'X-Varia-Session': 'f'.repeat(64) } }))).toMatchObject({ body: { code: 'session' } });
    expect(await answer(await fetch(`${services.url}/api/editor/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example', 'X-Varia-Session': session.token }, body: '{}' }))).toEqual({
      status: 403, body: { error: 'Only the editor may call this API (the request came from another origin).' },
    });
    expect(await answer(await fetch(`${services.url}/api/editor/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Varia-Session': session.token }, body: '{}' }))).toEqual({
      status: 403, body: { error: 'A change to a project needs the Origin header of the editor.' },
    });
    // A malformed body: the contract's reason, after the trust checks passed.
    expect(await answer(await editorApi(session, 'projects', { projectId: 'Bad Id' }))).toEqual({
      status: 400, body: { error: 'The request is malformed: projectId must be a project id: 1 to 64 lower-case letters, digits, "-" or "_".' },
    });
    expect(await answer(await editorApi(session, 'projects/Bad/open'))).toEqual({
      status: 400, body: { error: 'The address is wrong: id must be a project id: 1 to 64 lower-case letters, digits, "-" or "_".' },
    });
    expect(await answer(await editorApi(session, 'projects/mine/diff?from=nope'))).toMatchObject({
      status: 400, body: { error: expect.stringMatching(/^The query is wrong: from must be /) },
    });
  });

  it('EDT-1 malformed requests get a 4xx with the reason, never a 500', async () => {
    const json = async (response: Response) => ({ status: response.status, error: ((await response.json()) as { error?: string }).error });
    expect(await json(await editorApi(session, `projects/${'a'.repeat(256)}`))).toMatchObject({ status: 400, error: expect.stringMatching(/project id/) });
    expect(await json(await editorApi(session, 'projects/No..Such'))).toMatchObject({ status: 400 });
    expect(await json(await editorApi(session, 'projects/nosuch'))).toMatchObject({ status: 404, error: 'There is no project "nosuch".' });
    expect(await json(await editorApi(session, 'projects', null))).toMatchObject({ status: 400, error: expect.stringMatching(/JSON object/) });
    expect(await json(await editorApi(session, 'projects/mine/publish', { note: 5 }))).toMatchObject({ status: 400, error: expect.stringMatching(/note must be a string/) });
    expect(await json(await editorApi(session, 'projects/mine/rollback', { revision: '1' }))).toMatchObject({ status: 400, error: expect.stringMatching(/revision/) });
    expect(await json(await editorApi(session, 'projects', { projectId: 7 }))).toMatchObject({ status: 400 });
    expect(await json(await editorApi(session, 'projects/mine/save', { content: { not: 'a working copy' } }))).toMatchObject({ status: 400 });
    expect(await json(await editorApi(session, 'projects/mine/revisions/1e3'))).toMatchObject({ status: 400 });
    expect(await json(await editorApi(session, 'projects/mine/diff?from=../../x'))).toMatchObject({ status: 400 });
    const huge = await editorApi(session, 'projects/mine/save', { content: [[{}, 'x'.repeat(9 * 1024 * 1024), 0], [{}, '', 0]] });
    expect(huge.status).toBe(413);
    const predict = await fetch(`${services.url}/predict/exp`, { method: 'POST', body: 'x'.repeat(70 * 1024) });
    expect(predict.status).toBe(413);
  });

  it('EDT-5 a second services process on the same data folder refuses to start, saying which one holds it', async () => {
    await expect(startServices({ port: 0, dataDir: dataDir(), snippetsDir: snippetsDir() })).rejects.toThrow(DataFolderBusy);
    await expect(startServices({ port: 0, dataDir: dataDir(), snippetsDir: snippetsDir() })).rejects.toThrow(/in use by another Varia services process \(pid \d+, http:\/\/127\.0\.0\.1:\d+\)/);
  });
});

describe('published is published', () => {
  it('EDT-13 what the editor published is served again after a restart, whatever rebuilt the folder meanwhile', async () => {
    const made = await editorCall<{ revision: number }>(session, 'projects/example/publish', { note: 'keep me' });
    const live = await editorCall<{ snippet: string }>(session, `projects/example/revisions/${made.revision}`);
    await services.close();
    // What `npm start` does before the services start: the config file's build replaces the served snippet.
    writeFileSync(join(snippetsDir(), 'example.js'), '/* the config file\'s own build */');
    writeFileSync(join(snippetsDir(), 'impostor.js'), '/* a build of a project the editor never published */');
    services = await startServices({ port: 0, dataDir: dataDir(), snippetsDir: snippetsDir() });
    session = sessionOf(services);
    expect(readFileSync(join(snippetsDir(), 'example.js'), 'utf8') === live.snippet).toBe(true);
    expect((await editorCall<{ liveRevision: number }>(session, 'projects/example')).liveRevision).toBe(made.revision);
    // A project the editor never published keeps the fresh build of its file.
    expect(readFileSync(join(snippetsDir(), 'impostor.js'), 'utf8')).toBe('/* a build of a project the editor never published */');
  }, 300_000);
});
