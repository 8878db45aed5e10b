/**
 * The editor backend's HTTP API (EDT-1, EDT-4..13, EDT-24) and the renderer in web mode:
 *
 * - `GET /editor/` (and its assets): the renderer as `npm run build:desktop` built it (out/renderer/),
 *   served on the editor's address only, with the session token and the canvas origin in its HTML;
 * - every route of the API contract (editor-model/api-contract.ts), registered by api-routes.ts with the
 *   editor's trust rules (services/http/security.ts);
 * - `GET /editor/preview-code/<id>.js`: custom code the editor registered for a preview (preview-code.ts);
 * - `ws /api/editor/sync/:id`: the TinyBase synchroniser (services/editor/sync.ts).
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CANVAS_ORIGIN_META, MAX_WORKING_COPY_BYTES, SESSION_META } from '../../editor-model/api-contract';
import { diffProjects } from '../../editor-model/project-diff';
import { TABLES_SCHEMA } from '../../editor-model/project-schema';
import { createMergeableStore, type MergeableStore } from 'tinybase';
import { addEditorApi } from '../editor/api-routes';
import { publish, review, rollback, warmPublishing, workingData } from '../editor/publish';
import { projectResults } from '../editor/results';
import { latestRevision, listRevisions, readRevision } from '../editor/revisions';
import type { OpenProject } from '../editor/workspace';
import type { ServicesContext } from '../context';
import { RequestError } from '../http/body';
import { containedPath } from '../../compiler/files';
import type { ServicesSecurity } from '../http/security';
import { CONTENT_TYPES, escapeHtml, sendBody, sendNotFound } from '../responses';
import type { RouteRequest, Router } from '../router';

/** How long after a project opens the publish build's worker is warmed. */
const WARM_AFTER_OPEN_MS = 3000;

/** Where `npm run build:desktop` writes the renderer. */
export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
/**
 * The renderer served: `VARIA_EDITOR_RENDERER_DIR` when set (the bench serves a copy taken right
 * after its build, so a rebuild of out/ by another process cannot change it mid-measure), else
 * {@link RENDERER_DIR}.
 */
const rendererDir = () => process.env.VARIA_EDITOR_RENDERER_DIR ?? RENDERER_DIR;

const RENDERER_TYPES: Record<string, string> = {
  '.html': CONTENT_TYPES.html, '.js': CONTENT_TYPES.javascript, '.css': CONTENT_TYPES.css, '.svg': CONTENT_TYPES.svg,
  '.json': CONTENT_TYPES.json, '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.png': 'image/png',
};

/**
 * The editor page's policy, sent as a header with the exact origins of this process (the built page
 * also carries a looser one in a meta tag, for a window that loads it from disk): scripts of its own,
 * connections to its own origin, frames only from the canvas origin, and never framed itself.
 */
const editorPolicy = (security: ServicesSecurity) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${security.editorOrigin.replace(/^http/, 'ws')}`,
    `frame-src ${security.canvasOrigin}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The editor's page: the built index.html with the session token and the canvas origin in meta tags.
 * Served on the editor's address only (elsewhere it redirects there), never framed, never cached, so
 * no page of another origin (the canvas's included) can read the token.
 */
async function serveEditorPage({ req, res }: RouteRequest, security: ServicesSecurity): Promise<void> {
  if (!security.isEditorHost(req)) {
    res.writeHead(302, { Location: `${security.editorOrigin}/editor/`, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  let html: string;
  try {
    html = await readFile(join(rendererDir(), 'index.html'), 'utf8');
  } catch {
    return sendNotFound(res, '/editor/', 'The editor is built into out/renderer/ by npm run build:desktop (npm start builds it).');
  }
  const meta = `<meta name="${SESSION_META}" content="${escapeHtml(security.token)}">\n<meta name="${CANVAS_ORIGIN_META}" content="${escapeHtml(security.canvasOrigin)}">`;
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES.html,
    'Content-Security-Policy': editorPolicy(security),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
  res.end(html.replace(/<head>/i, `<head>\n${meta}`));
}

/** Serves a built renderer asset (never the page itself: it carries the token, see serveEditorPage). */
async function serveRendererAsset({ res, url }: RouteRequest, names: string[]): Promise<void> {
  let path: string;
  try {
    path = containedPath(rendererDir(), ...names);
  } catch {
    return sendNotFound(res, url.pathname);
  }
  const type = RENDERER_TYPES[extname(path)];
  if (!type || path.endsWith('index.html')) return sendNotFound(res, url.pathname);
  try {
    sendBody(res, 200, type, await readFile(path));
  } catch {
    sendNotFound(res, url.pathname, 'The editor is built into out/renderer/ by npm run build:desktop (npm start builds it).');
  }
}

/**
 * Merges a window's content into a project's working copy, refusing content TinyBase cannot merge
 * (400) and a result over the working copy's limit (413). The merge is tried on a copy first, so a
 * refused save changes nothing.
 */
function mergeChecked(store: MergeableStore, content: unknown): void {
  const trial = createMergeableStore();
  trial.setTablesSchema(TABLES_SCHEMA);
  trial.setMergeableContent(store.getMergeableContent());
  try {
    trial.applyMergeableChanges(content as never);
  } catch (error) {
    throw new RequestError(`The working copy sent cannot be merged: ${(error as Error).message}`);
  }
  const size = Buffer.byteLength(JSON.stringify(trial.getMergeableContent()));
  if (size > MAX_WORKING_COPY_BYTES) {
    throw new RequestError(`The working copy would be ${Math.round(size / 1024)} KiB, over the limit of ${MAX_WORKING_COPY_BYTES / 1024} KiB.`, 413);
  }
  store.applyMergeableChanges(content as never);
}

/** Adds the editor's routes. */
export function editorRoutes(router: Router, context: ServicesContext): void {
  const { editor, security } = context;
  if (!editor) return;
  const { workspace, previewCode } = editor;
  const info = async (open: OpenProject) => {
    const live = await latestRevision(open.dir);
    return { ...open.meta, liveRevision: live?.revision ?? null, notice: open.notice ?? null };
  };

  // `/editor` and `/editor/` are one route to the router; only the latter resolves relative assets.
  router.get('/editor', (request) => {
    if (request.url.pathname.endsWith('/')) return serveEditorPage(request, security);
    request.res.writeHead(302, { Location: '/editor/' });
    request.res.end();
  });
  router.get('/editor/:file', (request) => serveRendererAsset(request, [request.params.file]));
  router.get('/editor/assets/:file', (request) => serveRendererAsset(request, ['assets', request.params.file]));
  router.get('/editor/preview-code/:file', ({ res, url, params }) => {
    const script = params.file.endsWith('.js') ? previewCode.script(params.file.slice(0, -3)) : undefined;
    if (!script) return sendNotFound(res, url.pathname, 'Preview code is registered by the editor and served by its id only.');
    sendBody(res, 200, CONTENT_TYPES.javascript, script);
  });

  addEditorApi(router, security, {
    listProjects: async () => workspace.list(),
    createProject: async ({ body }) => (await workspace.create(body)).meta,
    projectInfo: async ({ params }) => info(await workspace.get(params.id)),
    openProject: async ({ params }) => {
      const open = await workspace.get(params.id);
      // The build's worker is warmed a little after a project opens, so the first publish does not pay for
      // it, and the opening itself does not share the processor with it. Once per process; best effort.
      setTimeout(() => void warmPublishing().catch(() => undefined), WARM_AFTER_OPEN_MS).unref();
      return { ...(await info(open)), content: open.store.getMergeableContent() };
    },
    saveProject: async ({ params, body }) => {
      const open = await workspace.get(params.id);
      if (body.content !== undefined) mergeChecked(open.store, body.content);
      await open.save();
      return { saved: true, time: new Date().toISOString() };
    },
    review: async ({ params }) => review(await workspace.get(params.id)),
    publish: async ({ params, body }) => publish(await workspace.get(params.id), context.snippetsDir, body.note ?? '', body.acknowledgedConflicts),
    rollback: async ({ params, body }) =>
      rollback(await workspace.get(params.id), context.snippetsDir, body.revision, body.note ?? '', body.followWorkingCopy ?? true),
    revisions: async ({ params }) => listRevisions((await workspace.get(params.id)).dir),
    revision: async ({ params }) => {
      const found = await readRevision((await workspace.get(params.id)).dir, Number(params.revision));
      if (!found) throw new RequestError(`There is no revision ${params.revision}.`, 404);
      return found;
    },
    diff: async ({ params, query }) => {
      const open = await workspace.get(params.id);
      const side = async (which: string | undefined) => {
        if (!which || which === 'working') return workingData(open).data;
        if (which === 'live') return (await latestRevision(open.dir))?.data ?? {};
        const found = await readRevision(open.dir, Number(which));
        if (!found) throw new RequestError(`There is no revision ${which}.`, 404);
        return found.data;
      };
      return diffProjects(await side(query.from ?? 'live'), await side(query.to));
    },
    results: async ({ params }) => {
      const open = await workspace.get(params.id);
      if (!context.events) throw new RequestError('The event collector is not running in these services.', 503);
      return projectResults(open, context.events, await latestRevision(open.dir));
    },
    resultsDaily: async ({ params, query }) => {
      const open = await workspace.get(params.id);
      if (!context.events) throw new RequestError('The event collector is not running in these services.', 503);
      return context.events.daily(open.meta.projectId, query.experiment, query.goal ?? '');
    },
    previewLink: async ({ params, body }) => editor.previews.issue(await workspace.get(params.id), body.variationIds),
    previewCode: async ({ body }) => previewCode.register(body.code),
  });
}
