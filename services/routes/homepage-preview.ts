/**
 * The homepage bootstrap's preview scripts (config/homepage/bootstrap.ts, BOOT-1..3):
 * - `GET /homepage/preview.js`: the preview panel, a small fixed box listing each decided experiment
 *   and its variation (from the public `state` module), updated on every activation.
 * - `GET /homepage/preview-data.js?token=&layers=&variations=`: the preview data for a token, handed over
 *   as `window.variaPreview.push({ projectId, token, layerIds, variationIds })`. A stand-in for the
 *   editor backend: the token names its project before its first `.` (`homepage.abc123`), so a token of
 *   another project is answered with that project's id and the bootstrap refuses it (BOOT-10).
 */
import type { Router } from '../router';
import { CONTENT_TYPES, sendBody } from '../responses';

const PREVIEW_PANEL = `(function () {
  'use strict';
  var api = window.varia;
  if (!api || Array.isArray(api)) return;
  var panel = document.createElement('aside');
  panel.id = 'varia-preview-panel';
  panel.setAttribute('aria-label', 'Varia preview');
  panel.style.cssText = 'position:fixed;left:16px;bottom:16px;z-index:2147483647;max-width:360px;max-height:50vh;overflow:auto;' +
    'background:#0b1f17;color:#e8f7ee;font:12px/1.5 ui-monospace,monospace;border-radius:10px;padding:10px 12px;box-shadow:0 10px 30px rgba(0,0,0,.35)';
  var render = function () {
    var state = api.get('state');
    var map = state ? state.getVariationMap() : {};
    var lines = ['Preview: ' + Object.keys(map).length + ' experiment(s) decided'];
    Object.keys(map).forEach(function (id) { lines.push(id + ' -> ' + (map[id].name || map[id].id)); });
    panel.textContent = lines.join('\\n');
    panel.style.whiteSpace = 'pre-wrap';
  };
  var mount = function () { document.body.appendChild(panel); render(); };
  if (document.body) mount(); else document.addEventListener('DOMContentLoaded', mount, { once: true });
  api.push(['addListener', { type: 'lifecycle', name: 'activated' }, render]);
})();
`;

const list = (value: string | null) => (value ?? '').split(',').map((id) => id.trim()).filter((id) => /^[\w.-]+$/.test(id));

/** The preview-data answer for a request's query. */
export function previewData(query: URLSearchParams): string {
  const token = query.get('token') ?? '';
  const answer = {
    projectId: token.includes('.') ? token.slice(0, token.indexOf('.')) : '',
    token,
    layerIds: list(query.get('layers')),
    variationIds: list(query.get('variations')),
  };
  return `(window.variaPreview = window.variaPreview || []).push(${JSON.stringify(answer).replace(/</g, '\\u003c')});\n`;
}

/** Adds the preview script routes. */
export function homepagePreviewRoutes(router: Router): void {
  router.get('/homepage/preview.js', ({ res }) => sendBody(res, 200, CONTENT_TYPES.javascript, PREVIEW_PANEL));
  router.get('/homepage/preview-data.js', ({ res, url }) => sendBody(res, 200, CONTENT_TYPES.javascript, previewData(url.searchParams)));
}
