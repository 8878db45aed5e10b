/**
 * `GET /demo/<projectId>`: a minimal host page for one project's snippet, the way a customer
 * embeds it: the queue is defined first, then the snippet loads synchronously in <head>.
 * `GET /demo/<projectId>/queue.js` defines the queue and `panel.js` shows the runtime's timeline; it is a served file because the page's
 * CSP forbids inline scripts, as a strict customer site would.
 */
import type { ServicesContext } from '../context';
import type { Router } from '../router';
import { CONTENT_TYPES, escapeHtml, renderPage, sendBody, sendHtml, sendNotFound } from '../responses';
import { hasSnippet } from '../snippets';

/** The code a site puts before the snippet: the queue, with one call queued before load. */
const QUEUE_SCRIPT = `window.varia = window.varia || [];
window.varia.push(['log', 'INFO']);
`;

/**
 * The demo page's runtime panel, run after the page has parsed: it lists what the runtime reports
 * through the public API (the timeline module, when the project includes it), so a person sees the
 * kernel working without opening the console.
 */
const PANEL_SCRIPT = `(function () {
  var panel = document.getElementById('varia-panel');
  var api = window.varia;
  if (!panel) return;
  if (!api || Array.isArray(api)) {
    panel.textContent = 'The snippet did not load: window.varia is still a queue.';
    return;
  }
  var timeline = api.get('timeline');
  if (!timeline) {
    panel.textContent = 'This project has no timeline plugin; the runtime is loaded (window.varia.push and get).';
    return;
  }
  var render = function () {
    var entries = timeline.entries();
    var start = entries.length ? entries[0].at : 0;
    var list = document.createElement('ol');
    entries.forEach(function (entry) {
      var item = document.createElement('li');
      item.textContent = entry.type + ' ' + entry.name + ' +' + (entry.at - start) + ' ms' +
        (entry.type === 'error' && entry.detail ? ' (' + entry.detail + ')' : '');
      list.appendChild(item);
    });
    panel.replaceChildren(list);
  };
  render();
  api.push(['addListener', { type: 'lifecycle' }, render]);
  api.push(['addListener', { type: 'error' }, render]);
})();
`;

const NOT_BUILT_HINT = 'No snippet is built for this project: run npm run build:snippets.';

function renderDemoPage(projectId: string): string {
  const id = escapeHtml(projectId);
  const head = `<script src="/demo/${id}/queue.js"></script>
<script src="/snippets/${id}.js"></script>
<script src="/demo/${id}/panel.js" defer></script>`;
  const body = `<main>
<h1>Demo page: ${id}</h1>
<p class="lead">This page loads <a href="/snippets/${id}.js"><code>/snippets/${id}.js</code></a> synchronously in its &lt;head&gt;, after the <code>window.varia</code> queue.</p>
<section class="demo-block" id="demo-hero">
<h2 id="demo-headline">A headline the project may change</h2>
<p id="demo-text">Some text, and a button for click events.</p>
<button type="button" id="demo-button">Call to action</button>
</section>
<h2>Runtime timeline</h2>
<div id="varia-panel" class="demo-panel">Loading…</div>
<p><a href="/projects">Back to the list of snippets</a></p>
</main>`;
  return renderPage({ title: `Varia demo: ${projectId}`, head, body });
}

/** Adds the demo page routes. */
export function demoRoutes(router: Router, context: ServicesContext): void {
  router.get('/demo/:projectId', async ({ res, url, params }) => {
    if (!(await hasSnippet(context.snippetsDir, params.projectId))) {
      sendNotFound(res, url.pathname, NOT_BUILT_HINT);
      return;
    }
    sendHtml(res, 200, renderDemoPage(params.projectId));
  });

  router.get('/demo/:projectId/queue.js', async ({ res, url, params }) => {
    if (!(await hasSnippet(context.snippetsDir, params.projectId))) {
      sendNotFound(res, url.pathname, NOT_BUILT_HINT);
      return;
    }
    sendBody(res, 200, CONTENT_TYPES.javascript, QUEUE_SCRIPT);
  });

  router.get('/demo/:projectId/panel.js', ({ res }) => {
    sendBody(res, 200, CONTENT_TYPES.javascript, PANEL_SCRIPT);
  });
}
