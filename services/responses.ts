/**
 * Response helpers shared by every route: HTML pages always carry the strict
 * Content-Security-Policy the snippet must run under, so no page can pass by accident
 * because it was served more loosely than a customer's site would be.
 */
import type { ServerResponse } from 'node:http';

/**
 * The Content-Security-Policy sent with every HTML page. No inline script or style is
 * allowed: a snippet that needs `eval`, `new Function` or inline code fails here first.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

/** Content types the services send. */
export const CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  javascript: 'application/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  text: 'text/plain; charset=utf-8',
} as const;

/** Escapes text for use in HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Fields of a page rendered by {@link renderPage}. */
export interface PageParts {
  /** The document title (plain text; escaped here). */
  readonly title: string;
  /** Extra trusted HTML for <head>, after the shared stylesheet (e.g. script tags). */
  readonly head?: string;
  /** Trusted HTML for <body>. */
  readonly body: string;
}

/**
 * The icon every page links to. Served from the same origin because the strict CSP's
 * `default-src 'self'` refuses a `data:,` icon (a console error and a CSP violation), and
 * without any icon link headless Chromium requests /favicon.ico and logs a 404.
 */
export const FAVICON_PATH = '/assets/favicon.svg';

/** Renders a full HTML document with the shared stylesheet and the same-origin icon. */
export function renderPage({ title, head = '', body }: PageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="/assets/services.css">
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

/** Sends an HTML page with the strict CSP and no caching (pages change with every build). */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': CONTENT_TYPES.html,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

/** Sends a non-HTML body with its content type and no caching. */
export function sendBody(res: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/** Sends a short plain-text response (errors such as 405 and 500). */
export function sendText(res: ServerResponse, status: number, text: string): void {
  sendBody(res, status, CONTENT_TYPES.text, `${text}\n`);
}

/** Sends a JSON response. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, CONTENT_TYPES.json, JSON.stringify(value));
}

/** Sends the 404 page, optionally with a hint about what to do instead. */
export function sendNotFound(res: ServerResponse, path: string, hint?: string): void {
  const body = `<main>
<h1>Not found</h1>
<p>Nothing is served at <code>${escapeHtml(path)}</code>.</p>
${hint ? `<p>${escapeHtml(hint)}</p>` : ''}
<p><a href="/projects">Back to the list of snippets</a></p>
</main>`;
  sendHtml(res, 404, renderPage({ title: 'Not found - Varia local services', body }));
}
