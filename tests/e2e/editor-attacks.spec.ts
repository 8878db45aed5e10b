/**
 * Pages that are not the editor try to drive it, in real Chromium (issue 33): a page on another
 * loopback port, a `file://` page and a sandboxed frame (origin `null`) each send the requests an
 * attacker would (a no-cors fetch with a text/plain body, a plain HTML form, a CORS read and the sync
 * WebSocket), and every one is refused: no project created, nothing published, the sync never open,
 * and the files under the data and snippets folders the same before and after.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { editorApi, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
let attacker: Server;
let attackerUrl: string;

/** Every file under the services' folders with a hash of its content (the collector's database aside). */
function listing(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.startsWith('collector.sqlite')) out[relative(services.dataDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(services.dataDir);
  return out;
}

/** The attack, as a page script: results gathered in `window.results`, `window.done` once all settled. */
const attackScript = (target: string) => `
window.results = {};
const target = ${JSON.stringify(target)};
const attempt = (name, run) => run().then((value) => { results[name] = value; }, (error) => { results[name] = 'failed: ' + error.message; });
const socket = () => new Promise((resolve) => {
  const ws = new WebSocket(target.replace('http', 'ws') + '/api/editor/sync/example');
  ws.onopen = () => { resolve('opened'); ws.close(); };
  ws.onerror = () => resolve('refused');
});
const form = () => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  frame.name = 'sink';
  document.body.append(frame);
  const f = document.createElement('form');
  f.method = 'POST';
  f.action = target + '/api/editor/projects/example/publish';
  f.enctype = 'text/plain';
  f.target = 'sink';
  const input = document.createElement('input');
  input.name = '{"note":"form","x":"';
  input.value = '"}';
  f.append(input);
  document.body.append(f);
  frame.onload = () => resolve('submitted');
  f.submit();
});
window.done = Promise.all([
  attempt('create', () => fetch(target + '/api/editor/projects', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{"projectId":"pwned"}' }).then((r) => r.type)),
  attempt('publish', () => fetch(target + '/api/editor/projects/example/publish', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{"note":"pwned"}' }).then((r) => r.type)),
  attempt('read', () => fetch(target + '/api/editor/projects/example/open').then((r) => r.status)),
  attempt('page', () => fetch(target + '/editor/').then((r) => r.text())),
  attempt('sync', socket),
  attempt('form', form),
]).then(() => results);
`;

const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Attacker</title></head><body><script>${script}</script></body></html>`;

test.beforeAll(async () => {
  services = await startEditorServices();
  // The example project exists in the workspace (as when a person has opened it once).
  await editorApi(services, 'projects/example/open');
  attacker = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    if (req.url === '/sandboxed') {
      // A sandboxed frame: its requests carry `Origin: null`.
      res.end(`<!doctype html><iframe sandbox="allow-scripts allow-forms" srcdoc="${page(attackScript(services.url)).replaceAll('"', '&quot;')}"></iframe>`);
    } else res.end(page(attackScript(services.url)));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  attacker?.close();
  await services?.stop();
});

test('EDT-1 EDT-7 a page on another loopback port, a file:// page and a sandboxed frame cannot create, publish, read or sync', async ({ page: browserPage }) => {
  test.setTimeout(120_000);
  const before = listing();
  const revisions = await (await editorApi(services, 'projects/example/revisions')).json();
  const file = join(mkdtempSync(join(tmpdir(), 'varia-attack-')), 'attack.html');
  writeFileSync(file, page(attackScript(services.url)));

  for (const where of [`${attackerUrl}/`, `file://${file}`]) {
    await browserPage.goto(where);
    const results = (await browserPage.evaluate(() => (window as unknown as { done: Promise<Record<string, unknown>> }).done)) as Record<string, unknown>;
    // The no-cors writes are sent, but their answer is opaque to the page and the services refused them.
    expect(results.sync, where).toBe('refused');
    expect(String(results.read), where).toMatch(/^failed/);
    expect(String(results.page), where).toMatch(/^failed/);
  }
  await browserPage.goto(`${attackerUrl}/sandboxed`);
  const sandboxed = browserPage.frames().find((frame) => frame !== browserPage.mainFrame())!;
  await expect.poll(() => sandboxed.evaluate(() => typeof (window as unknown as { done?: unknown }).done)).toBe('object');
  const fromSandbox = (await sandboxed.evaluate(() => (window as unknown as { done: Promise<Record<string, unknown>> }).done)) as Record<string, unknown>;
  expect(fromSandbox.sync).toBe('refused');

  // Nothing changed: no project, no revision, no file.
  const projects = (await (await editorApi(services, 'projects')).json()) as Array<{ projectId: string }>;
  expect(projects.map((project) => project.projectId)).not.toContain('pwned');
  expect(await (await editorApi(services, 'projects/example/revisions')).json()).toEqual(revisions);
  expect(listing()).toEqual(before);
});
