/**
 * `GET /spa`, `/spa/:route`: a single-page app for the SPA end-to-end test (tests/e2e/spa.spec.ts) and
 * the e2e-spa project's snippet. Its links change the route with `history.pushState` (no page load);
 * back and forward come through `popstate`. `/spa-assets/app.js` is the app itself, a served file
 * because the page runs under the same strict CSP as every page (no inline script).
 */
import type { Router } from '../router';
import { CONTENT_TYPES, renderPage, sendBody, sendHtml } from '../responses';

const ROUTES: Record<string, string> = { '/spa': 'Home', '/spa/products': 'Products', '/spa/cart': 'Cart' };

/** The app: renders the title of the route; the promo line is left to the snippet's changes. */
const APP_SCRIPT = `(function () {
  var titles = ${JSON.stringify(ROUTES)};
  var render = function () {
    document.getElementById('spa-title').textContent = titles[location.pathname] || 'Not found';
  };
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[data-route]');
    if (!link) return;
    event.preventDefault();
    history.pushState(null, '', link.getAttribute('href'));
    render();
  });
  window.addEventListener('popstate', render);
  render();
})();
`;

const renderApp = () =>
  renderPage({
    title: 'Varia SPA test',
    head: `<script src="/snippets/e2e-spa.js"></script>
<script src="/spa-assets/app.js" defer></script>`,
    body: `<nav>${Object.entries(ROUTES)
      .map(([path, name]) => `<a data-route href="${path}" id="nav-${name.toLowerCase()}">${name}</a>`)
      .join(' ')}</nav>
<main><h1 id="spa-title"></h1><p id="spa-promo">Original promo</p></main>`,
  });

/** Adds the SPA routes. */
export function spaRoutes(router: Router): void {
  router.get('/spa', ({ res }) => sendHtml(res, 200, renderApp()));
  router.get('/spa/:route', ({ res }) => sendHtml(res, 200, renderApp()));
  router.get('/spa-assets/app.js', ({ res }) => sendBody(res, 200, CONTENT_TYPES.javascript, APP_SCRIPT));
}
