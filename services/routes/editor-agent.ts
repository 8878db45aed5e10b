/**
 * The editor agent's routes (EDT-14, EDT-21):
 * - `GET /editor/agent.js`: the agent, built from desktop/agent/ with the runtime's change appliers
 *   and the widget plugins, with this process's editor origin filled in (the only origin its channel
 *   talks to). Loaded when the routes are added, from the build cache when its sources have not
 *   changed (services/editor/agent-build.ts `loadAgent`), so the first canvas never waits for it. Custom code
 *   previewed on the canvas is served by the editor's routes, by registered id only (routes/editor.ts).
 * - `GET /editor/fixtures/generated-classes`, `/editor/fixtures/many?count=N` and `/editor/fixtures/corners`:
 *   pages in editor mode with class names generated afresh on every load, with N elements, and with a
 *   box in each corner of the window, for the picker's tests and the bench.
 */
import { loadAgent, withEditorOrigin } from '../editor/agent-build';
import type { ServicesContext } from '../context';
import type { Router } from '../router';
import { CONTENT_TYPES, renderPage, sendBody, sendHtml } from '../responses';

let agent: Promise<string> | undefined;

/** One random readable-free token, as a CSS-in-JS build would emit. */
const hash = () => Math.random().toString(36).slice(2, 8) + Math.floor(Math.random() * 90 + 10);

const generatedPage = (): string => {
  const c = (name: string) => `${name}_${hash()}`;
  const body = `<div class="css-${hash()} ${c('Layout_root')}">
<header class="sc-${hash()} ${c('Header_bar')}"><nav class="css-${hash()}"><a class="css-${hash()}" href="#a">Docs</a><a class="css-${hash()}" href="#b">Pricing</a><a class="css-${hash()}" data-testid="nav-signin" href="#c">Sign in</a></nav></header>
<main class="${c('Page_main')}">
<section class="css-${hash()} ${c('Hero_hero')}"><h1 class="css-${hash()} ${c('Hero_title')}">Build faster</h1><p class="css-${hash()}">Lead text</p>
<button class="css-${hash()} ${c('Button_primary')}" type="button">Start</button><button class="css-${hash()} ${c('Button_secondary')}" type="button">Learn</button></section>
<ul class="css-${hash()}">${[1, 2, 3].map((n) => `<li class="css-${hash()}"><span class="css-${hash()}">Item ${n}</span></li>`).join('')}</ul>
</main></div>`;
  return renderPage({ title: 'Generated classes', head: '<script src="/editor/agent.js" defer></script>', body });
};

const manyPage = (count: number): string => {
  const cards: string[] = [];
  // About five elements per card.
  for (let i = 0; i < Math.ceil(count / 5); i += 1) {
    cards.push(`<article class="card"><h3 class="card-title">Card ${i}</h3><p class="card-text">Text <b>${i}</b></p><a class="card-link" href="#${i}">More</a></article>`);
  }
  return renderPage({ title: 'Many elements', head: '<script src="/editor/agent.js" defer></script>', body: `<main id="grid">${cards.join('')}</main>` });
};

/** Four boxes, one in each corner of the window (the page fills the frame, whatever its size). */
const cornersPage = (): string =>
  renderPage({
    title: 'Corners',
    head: '<script src="/editor/agent.js" defer></script><link rel="stylesheet" href="/editor/fixtures/corners.css">',
    body: ['tl', 'tr', 'bl', 'br'].map((corner) => `<div class="corner" id="corner-${corner}">${corner}</div>`).join('\n'),
  });
const CORNERS_CSS = `html, body { margin: 0; height: 100%; overflow: hidden; }
.corner { position: fixed; width: 48px; height: 48px; background: #dbeafe; font: 12px sans-serif; }
#corner-tl { left: 0; top: 0; } #corner-tr { right: 0; top: 0; } #corner-bl { left: 0; bottom: 0; } #corner-br { right: 0; bottom: 0; }
`;

/** The agent's script (loaded once per process; a failure is retried on the next request). */
const agentScript = (): Promise<string> =>
  (agent ??= loadAgent().catch((error) => {
    agent = undefined;
    throw error;
  }));

/** Adds the agent routes. */
export function editorAgentRoutes(router: Router, context: ServicesContext): void {
  // Ahead of the first canvas: a page in editor mode asks for the agent right after the snippet.
  agentScript().catch(() => undefined);
  router.get('/editor/agent.js', async ({ res }) => {
    sendBody(res, 200, CONTENT_TYPES.javascript, withEditorOrigin(await agentScript(), context.security.editorOrigin));
  });
  router.get('/editor/fixtures/generated-classes', ({ res }) => sendHtml(res, 200, generatedPage()));
  router.get('/editor/fixtures/corners', ({ res }) => sendHtml(res, 200, cornersPage()));
  router.get('/editor/fixtures/corners.css', ({ res }) => sendBody(res, 200, CONTENT_TYPES.css, CORNERS_CSS));
  router.get('/editor/fixtures/many', ({ res, url }) => {
    const count = Math.min(Math.max(Number(url.searchParams.get('count')) || 2000, 10), 20000);
    sendHtml(res, 200, manyPage(count));
  });
}
