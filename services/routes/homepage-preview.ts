/**
 * The homepage bootstrap's preview scripts (config/homepage/bootstrap.ts, BOOT-1..3):
 * - `GET /homepage/preview.js`: the preview panel, a small fixed box listing each decided experiment
 *   and its variation (from the public `state` module), updated on every activation.
 * - `GET /homepage/preview-data.js?token=&layers=&variations=`: the preview data of a preview link the
 *   editor issued (services/editor/preview-links.ts): the working copy's data, handed over as
 *   `window.variaPreview.push({ projectId, token, data, layerIds?, variationIds })`, with a notice on the
 *   page. A token the editor did not issue (or an expired one) is answered without a project, so the
 *   bootstrap refuses it (BOOT-10) instead of showing the live site as the preview.
 */
import type { ServicesContext } from '../context';
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

/** Adds the preview script routes. */
export function homepagePreviewRoutes(router: Router, context: ServicesContext): void {
  router.get('/homepage/preview.js', ({ res }) => sendBody(res, 200, CONTENT_TYPES.javascript, PREVIEW_PANEL));
  router.get('/homepage/preview-data.js', ({ res, url }) => {
    const query = { layers: url.searchParams.get('layers') ?? undefined, variations: url.searchParams.get('variations') ?? undefined };
    const script = context.editor?.previews.script(url.searchParams.get('token') ?? '', query);
    sendBody(res, 200, CONTENT_TYPES.javascript, script ?? 'console.error("[Varia] No editor runs in these services: there is no preview data.");\n');
  });
}
