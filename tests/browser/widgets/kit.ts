/**
 * Shared set-up of the widget browser tests: a real kernel on the real window (Chromium) with the
 * changes module, the widget change applier and the widgets under test, and a fixture DOM that follows
 * the homepage page contract (config/homepage/page-contract.ts): promo banner, header with the
 * navigation and its mobile menu toggle, main with the hero (four trust blocks), the shadow banner,
 * the pathfinder anchor, the events banner, the use-case injection point and the footer.
 */
import { definePlugin, type ActionMeta, type ChangesModule, type Plugin } from '../../../core';
import type { Change } from '../../../core/project/types';
import { bootKernel, createFakeClock, type FakeClock } from '../../../core/testing';
import changes from '../../../plugins/modules/changes';
import widget from '../../../plugins/change-appliers/widget';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT, PAGE } from '../../../config/homepage/page-contract';

export { PAGE };
export const META: ActionMeta = { layerId: 'l1', experimentId: 'e1', variationId: 'v1', pageId: 'p1' };

/** Real time, for tests that wait for real events (scrolling, mutation observers). */
export const realClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as number),
} as unknown as FakeClock;

/** Boots a kernel with the widgets; `clock` defaults to a fake clock the test drives. */
export const boot = (widgets: Plugin[], options: { clock?: FakeClock; data?: Record<string, unknown> } = {}) => {
  const pushed: string[] = [];
  // Stands in for the tracker's `event` call (the batch tracker is tested on its own and end to end):
  // records the names the goal widgets push to the runtime's queue.
  const recorder = definePlugin({
    type: 'apiModule',
    name: 'event_recorder',
    setup: (ctx) => ctx.defineCall('event', ({ eventName }) => void pushed.push(eventName), ['eventName']),
    create: () => pushed,
  });
  const t = bootKernel({
    win: window,
    clock: options.clock ?? createFakeClock(Date.now()),
    record: ['lifecycle', 'error', 'action'],
    data: options.data,
    plugins: [recorder, changes(), widget, ...widgets],
  });
  const module = t.get('changes') as ChangesModule;
  const show = (widgetId: string, config: Record<string, unknown> = {}, id = widgetId) =>
    module.applyAction({ id: `a-${id}`, changes: [{ id, type: 'widget', widget_id: widgetId, config } as Change] }, META);
  const warnings = () => t.logs.filter((line) => line.level === 'warn').map((line) => line.text);
  return { ...t, changes: module, show, pushed, warnings };
};

/** The fixture page, following the page contract. */
export const PAGE_HTML = `
<div class="promo-banner"><span>New</span> Vector search is here</div>
<header id="site-header"><nav class="top-nav">
<a class="brand" href="/">Leafline</a>
<button type="button" class="nav-menu-toggle" aria-expanded="false"><span class="nav-menu-label">Open Links</span></button>
<ul><li><a data-nav="platform" href="/developer-data-platform">Platform</a></li><li><a data-nav="atlas" href="/atlas">Atlas</a></li><li><a data-nav="guides" href="/docs/">Guides</a></li></ul>
</nav></header>
<main id="main-content">
<section class="hero"><p class="hero-eyebrow">Eyebrow</p><h1 class="hero-title">Site hero</h1>
<a class="hero-cta-primary" href="/cloud/atlas/register">Start</a>
<div class="hero-trust">
<a class="hero-trust-block" href="/b1"><span>Block 1</span></a><a class="hero-trust-block" href="/b2"><span>Block 2</span></a>
<a class="hero-trust-block" href="/b3"><span>Block 3</span></a><a class="hero-trust-block" href="/b4"><span>Block 4</span></a>
</div><ul class="hero-counters"><li>57K+ customers</li></ul></section>
<section class="shadow-banner"><h2>AI</h2></section>
<section class="logos" id="pathfinder-anchor"><p>Logos</p></section>
<section class="events-banner"><h2>Events</h2></section>
<section id="use-case-injection"><h2>Resources</h2></section>
</main>
<footer class="site-footer"><p>Footer</p></footer>`;

/** Puts a fresh fixture page in the body (replacing the last), without hydration; returns its root. */
export const fixture = (html = PAGE_HTML): HTMLElement => {
  document.getElementById('fx')?.remove();
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  document.adoptedStyleSheets = [];
  const root = document.createElement('div');
  root.id = 'fx';
  root.innerHTML = html;
  document.body.append(root);
  // The site's own menu script: the toggle opens and closes the menu and changes its label.
  const toggle = root.querySelector<HTMLButtonElement>(PAGE.mobileMenuToggle);
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.querySelector('.nav-menu-label')!.textContent = open ? 'Close Links' : 'Open Links';
  });
  return root;
};

/** Marks the fixture hydrated the way the site does (attribute, then event). */
export const hydrate = () => {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  window.dispatchEvent(new Event(HYDRATED_EVENT));
};

/** The page's markup plus its adopted style sheets' rules: what "the DOM returns exactly" compares. */
export const snapshot = () =>
  document.body.outerHTML + '\n' + document.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('')).join('\n');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
