/**
 * The cross-domain storage page of the `cross-domain` storage plugin (XDS-1..8), on the local services:
 *
 * - `GET /client_storage/<accountId>.html`: the page the runtime opens in a hidden frame. It keeps values
 *   in its own localStorage (under `varia_xds_<accountId>_`) and answers PUT/GET/GETALL/DELETE messages
 *   with SYNC or ERROR, to allowed origins only (both loopback names of this server, `127.0.0.1` and
 *   `localhost` on the request's port); a message from any other origin gets no answer at all.
 * - `GET /client_storage/frame.js`: that page's script, a served file because the CSP forbids inline code.
 * - `GET /client_storage/host/<projectId>`: a host page like the demo page, whose CSP also lets it frame
 *   the storage page on both loopback origins (a site using cross-domain storage must allow that origin
 *   in `frame-src`; the shared demo CSP allows only 'self').
 */
import type { IncomingMessage } from 'node:http';
import type { ServicesContext } from '../context';
import type { Router } from '../router';
import { CONTENT_SECURITY_POLICY, CONTENT_TYPES, escapeHtml, renderPage, sendBody, sendHtml, sendNotFound } from '../responses';
import { hasSnippet } from '../snippets';
import { CLIENT_STORAGE_SCRIPT } from '../../plugins/storage/cross-domain/frame-script';

/** The storage page for an account; `origins` are the origins it answers. */
export function renderClientStoragePage(accountId: string, origins: readonly string[]): string {
  return `<!doctype html>
<html lang="en" data-account="${escapeHtml(accountId)}" data-origins="${escapeHtml(JSON.stringify(origins))}">
<head>
<meta charset="utf-8">
<title>Varia storage</title>
<script src="/client_storage/frame.js"></script>
</head>
<body></body>
</html>
`;
}

/** The origins allowed to use the storage page: both loopback names of this server, on the request's port. */
export function allowedOrigins(req: IncomingMessage): string[] {
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  const suffix = port ? `:${port}` : '';
  return [`http://127.0.0.1${suffix}`, `http://localhost${suffix}`];
}

/** Adds the storage page, its script and the cross-origin host page. */
export function clientStorageRoutes(router: Router, context: ServicesContext): void {
  router.get('/client_storage/frame.js', ({ res }) => {
    sendBody(res, 200, CONTENT_TYPES.javascript, CLIENT_STORAGE_SCRIPT);
  });

  router.get('/client_storage/:page', ({ req, res, url, params }) => {
    const account = /^([\w-]{1,64})\.html$/.exec(params.page)?.[1];
    if (!account) return sendNotFound(res, url.pathname, 'The storage page is /client_storage/<accountId>.html.');
    sendHtml(res, 200, renderClientStoragePage(account, allowedOrigins(req)));
  });

  router.get('/client_storage/host/:projectId', async ({ req, res, url, params }) => {
    if (!(await hasSnippet(context.snippetsDir, params.projectId))) {
      return sendNotFound(res, url.pathname, 'No snippet is built for this project: run npm run build:snippets.');
    }
    const id = escapeHtml(params.projectId);
    const body = `<main>
<h1>Cross-origin host page: ${id}</h1>
<p class="lead">Loads <code>/snippets/${id}.js</code>; the snippet's cross-domain storage frame comes from either loopback origin.</p>
</main>`;
    const html = renderPage({ title: `Varia cross-origin host: ${params.projectId}`, head: `<script src="/demo/${id}/queue.js"></script>\n<script src="/snippets/${id}.js"></script>`, body });
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES.html,
      'Content-Security-Policy': `${CONTENT_SECURITY_POLICY}; frame-src 'self' ${allowedOrigins(req).join(' ')}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(html);
  });
}
