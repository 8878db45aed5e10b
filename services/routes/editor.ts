/**
 * The editor backend's HTTP API (EDT-1, EDT-4..13, EDT-24) and the renderer in web mode:
 *
 * - `GET  /editor/` (and its assets): the renderer as `npm run build:desktop` built it (out/renderer/);
 * - `GET  /api/editor/projects`, `POST /api/editor/projects` `{ projectId, accountId?, name? }`;
 * - `GET  /api/editor/projects/:id`: meta, live revision, and a notice when the working copy was restored;
 * - `GET  /api/editor/projects/:id/open`: the same and the working copy's mergeable content, in one
 *   answer, so the renderer shows the project at once and synchronises afterwards;
 * - `POST /api/editor/projects/:id/save` (optional body: the client's mergeable content, merged first);
 * - `GET  /api/editor/projects/:id/review`, `POST .../publish` `{ note }`, `POST .../rollback` `{ revision, note }`;
 * - `GET  /api/editor/projects/:id/revisions`, `.../revisions/:revision`, `.../diff?from=&to=` (`working` or a number);
 * - `GET  /api/editor/projects/:id/results`;
 * - `ws   /api/editor/sync/:id`: the TinyBase synchroniser (services/editor/sync.ts).
 *
 * Only loopback origins may call it (the services listen on loopback only; this also keeps other
 * sites open in the same browser from driving it).
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { diffProjects } from '../../desktop/shared/project-diff';
import { publish, PublishRefused, review, rollback, warmPublishing, workingData } from '../editor/publish';
import { projectResults } from '../editor/results';
import { latestRevision, listRevisions, readRevision } from '../editor/revisions';
import { createEditorSync, type EditorSync } from '../editor/sync';
import { Workspace, WorkspaceError, type OpenProject } from '../editor/workspace';
import type { ServicesContext } from '../context';
import { CONTENT_TYPES, sendBody, sendJson, sendNotFound } from '../responses';
import type { RouteRequest, Router } from '../router';
import { DEFAULT_DATA_DIR } from './events';

/** Where `npm run build:desktop` writes the renderer. */
/** How long after a project opens the publish build's worker is warmed. */
const WARM_AFTER_OPEN_MS = 3000;

export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
/**
 * The renderer served: `VARIA_EDITOR_RENDERER_DIR` when set (the bench serves a copy taken right
 * after its build, so a rebuild of out/ by another process cannot change it mid-measure), else
 * {@link RENDERER_DIR}.
 */
const rendererDir = () => {
  const chosen = process.env.VARIA_EDITOR_RENDERER_DIR;
  return chosen ? join(chosen, '/') : RENDERER_DIR;
};
/** Largest request body: a whole working copy's mergeable content. */
const MAX_BODY = 32 * 1024 * 1024;
const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

interface EditorState {
  workspace: Workspace;
  sync: EditorSync;
}
const states = new WeakMap<ServicesContext, EditorState>();

/** The editor's workspace of a services instance (created with the routes). */
export function editorState(context: ServicesContext): EditorState {
  let state = states.get(context);
  if (!state) {
    // No data folder (tests): a fresh temporary one, so nothing leaks between runs.
    const base = context.dataDir === null ? mkdtempSync(join(tmpdir(), 'varia-editor-')) : context.dataDir ?? DEFAULT_DATA_DIR;
    const workspace = new Workspace(join(base, 'editor'), context.snippetsDir);
    state = { workspace, sync: createEditorSync(workspace) };
    states.set(context, state);
  }
  return state;
}

/** The services' `upgrade` handler: true when the editor took the connection. */
export function handleEditorUpgrade(context: ServicesContext, req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  return editorState(context).sync.handleUpgrade(req, socket, head);
}

/** Closes the synchroniser and saves every open project (services closing). */
export async function closeEditor(context: ServicesContext): Promise<void> {
  const state = states.get(context);
  if (!state) return;
  await state.sync.close();
  await state.workspace.close();
}

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return reject(new WorkspaceError('The request is too large.', 413));
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        reject(new WorkspaceError('The request body is not JSON.'));
      }
    });
    req.on('error', reject);
  });

/** Runs a handler, answering its errors as JSON: 4xx for refusals, 422 with problems for publishes. */
const api = (handler: (request: RouteRequest) => Promise<unknown>) => async (request: RouteRequest) => {
  const origin = request.req.headers.origin;
  if (origin && !LOOPBACK_ORIGIN.test(origin)) return sendJson(request.res, 403, { error: 'Only the local editor may call this API.' });
  try {
    sendJson(request.res, 200, await handler(request));
  } catch (error) {
    if (error instanceof PublishRefused) sendJson(request.res, 422, { error: error.message, problems: error.problems });
    else if (error instanceof WorkspaceError) sendJson(request.res, error.status, { error: error.message });
    else throw error;
  }
};

const RENDERER_TYPES: Record<string, string> = {
  '.html': CONTENT_TYPES.html, '.js': CONTENT_TYPES.javascript, '.css': CONTENT_TYPES.css, '.svg': CONTENT_TYPES.svg,
  '.json': CONTENT_TYPES.json, '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.png': 'image/png',
};

/** Serves a built renderer file (the renderer's own CSP is in its index.html). */
async function serveRenderer({ res, url }: RouteRequest, file: string): Promise<void> {
  const dir = rendererDir();
  const path = normalize(join(dir, file));
  const type = RENDERER_TYPES[extname(path)];
  if (!path.startsWith(dir) || !type) return sendNotFound(res, url.pathname);
  try {
    const body = await readFile(path);
    res.setHeader('Cache-Control', 'no-store');
    sendBody(res, 200, type, body);
  } catch {
    sendNotFound(res, url.pathname, 'The editor is built into out/renderer/ by npm run build:desktop (npm start builds it).');
  }
}

/** Adds the editor's routes. */
export function editorRoutes(router: Router, context: ServicesContext): void {
  const { workspace } = editorState(context);
  const project = (request: RouteRequest) => workspace.get(request.params.id);
  const baseUrl = (req: IncomingMessage) => `http://${req.headers.host}`;

  // `/editor` and `/editor/` are one route to the router; only the latter resolves relative assets.
  router.get('/editor', (request) => {
    if (request.url.pathname.endsWith('/')) return serveRenderer(request, 'index.html');
    request.res.writeHead(302, { Location: '/editor/' });
    request.res.end();
  });
  router.get('/editor/:file', (request) => serveRenderer(request, request.params.file));
  router.get('/editor/assets/:file', (request) => serveRenderer(request, join('assets', request.params.file)));

  router.get('/api/editor/projects', api(async () => workspace.list()));
  router.post('/api/editor/projects', api(async ({ req }) => (await workspace.create((await readBody(req)) as never)).meta));
  const info = async (open: OpenProject) => {
    const live = await latestRevision(open.dir);
    return { ...open.meta, liveRevision: live?.revision ?? null, notice: open.notice ?? null };
  };
  router.get('/api/editor/projects/:id', api(async (request) => info(await project(request))));
  router.get('/api/editor/projects/:id/open', api(async (request) => {
    const open = await project(request);
    // The build's worker is warmed a little after a project opens, so the first publish does not pay for
    // it, and the opening itself does not share the processor with it. Once per process; best effort.
    setTimeout(() => void warmPublishing().catch(() => undefined), WARM_AFTER_OPEN_MS).unref();
    return { ...(await info(open)), content: open.store.getMergeableContent() };
  }));
  router.post('/api/editor/projects/:id/save', api(async (request) => {
    const open = await project(request);
    const body = (await readBody(request.req)) as { content?: unknown };
    if (Array.isArray(body.content)) open.store.applyMergeableChanges(body.content as never);
    await open.save();
    return { saved: true, time: new Date().toISOString() };
  }));
  router.get('/api/editor/projects/:id/review', api(async (request) => review(await project(request))));
  router.post('/api/editor/projects/:id/publish', api(async (request) => {
    const body = (await readBody(request.req)) as { note?: unknown };
    return publish(await project(request), context.snippetsDir, String(body.note ?? ''));
  }));
  router.post('/api/editor/projects/:id/rollback', api(async (request) => {
    const body = (await readBody(request.req)) as { revision?: unknown; note?: unknown };
    return rollback(await project(request), context.snippetsDir, Number(body.revision), String(body.note ?? ''));
  }));
  router.get('/api/editor/projects/:id/revisions', api(async (request) => listRevisions((await project(request)).dir)));
  router.get('/api/editor/projects/:id/revisions/:revision', api(async (request) => {
    const found = await readRevision((await project(request)).dir, Number(request.params.revision));
    if (!found) throw new WorkspaceError(`There is no revision ${request.params.revision}.`, 404);
    return found;
  }));
  router.get('/api/editor/projects/:id/diff', api(async (request) => {
    const open = await project(request);
    const side = async (which: string | null) => {
      if (!which || which === 'working') return workingData(open).data;
      if (which === 'live') return (await latestRevision(open.dir))?.data ?? {};
      const found = await readRevision(open.dir, Number(which));
      if (!found) throw new WorkspaceError(`There is no revision ${which}.`, 404);
      return found.data;
    };
    return diffProjects(await side(request.url.searchParams.get('from') ?? 'live'), await side(request.url.searchParams.get('to')));
  }));
  router.get('/api/editor/projects/:id/results', api(async (request) => projectResults(await project(request), baseUrl(request.req))));
}
