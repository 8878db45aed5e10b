/**
 * Change application speed in Chromium, on a page of about 2000 elements with 20 changes of mixed
 * types (text, html, class, href, style, append, hide).
 * (a) The changes module's applyAction alone, against hand-written DOM calls (bare, and keeping the
 *     records an exact undo needs) and dom-mutator (GrowthBook's DOM library), in the same page and
 *     run, interleaved round by round.
 * (b) A real snippet built like `npm run build:snippets` builds one (validated, data inline): the standard
 *     preset fitted to the project (headline) and the whole standard preset, for a project of one page
 *     and two layers decided for it, their actions carrying the 20 changes; loaded as an inline script at
 *     the end of a real page load,
 *     from just before the script to every decision made and change applied; against GrowthBook (two
 *     auto experiments with the same changes) and Optimizely (its first decision), loaded the same way:
 *     handed a visitor id, and again keeping their visitor id in a first-party cookie. Every load is a
 *     new visitor (cookies and local storage cleared), so ours writes its visitor id, session and
 *     sticky variations each time. Ours is loaded once more with the page having opened its cookie
 *     jar and local storage before the mark, which takes out the browser's first-access cost (a
 *     blocking round trip to the browser process each), and its start is split into stages.
 *     These loads are repeat views (one browser context); ours and the two cookie-keeping peers are
 *     loaded again as first views, each load in a fresh browser context (no cache, storage opened by
 *     that load). On a loaded shared machine a first view's blocking storage calls can wait tens of ms
 *     for the CPU (the renderer gives it up at each one), so compare ratios within one run.
 *     Playwright drives Chromium through the DevTools protocol, and with it attached Chromium records
 *     where in the script each `document.cookie` access was made: V8 then parses again every function
 *     on the stack to find the source position (it keeps none until asked: lazy source positions).
 *     Ours reads its cookies from deep inside its one large function, so on a first view that read
 *     took 17-19 ms here where it takes 1 ms without DevTools (and 1 ms with V8's
 *     `--no-enable-lazy-source-positions`); the peers read theirs from smaller functions. The
 *     visitor-views suite (visitor-views.ts) measures start-up without DevTools, as visitors run it.
 *     The pages are served from localhost: a secure context, as a real site on https is (not
 *     cross-origin isolated, as most sites are not: times are in steps of 0.1 ms, hence the medians).
 *     The project stays here, not in config/, so that no demo snippet is built from it.
 * `BENCH_CHANGES_ONLY_APPLY=1` runs (a) alone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { normalizeProjectData, validateProject } from '../../../core/project';
import { fitStandardPreset, fittedStubs, STANDARD_MODULES } from '../../../plugins/presets/fit';
import { standardPreset } from '../../../plugins/presets/standard';
import { bundle, COMPILE_HINT, inlineSnippetEntry, measure } from '../../../compiler/snippet';
import { PART_STUBS, WHOLE_PRESET_STUBS } from '../../../compiler/snippet-parts';
import type { BenchRow, BenchSuite } from '../table';
import { runRerenderInPage } from './changes-rerender';

const ROUNDS = 150;
/** Rounds of the re-render row (changes-rerender.ts). */
const RERENDER_ROUNDS = 60;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Page loads per contender for the start-up figures (after 3 warm-up loads each). */
const START_ROUNDS = 30;

/** The code under test, bundled and minified like a snippet, exposed to the page. */
const ENTRY = `
import { createKernel } from './core/kernel';
import changes from './plugins/modules/changes';
import attribute from './plugins/change-appliers/attribute';
import append from './plugins/change-appliers/append';
import mutate from 'dom-mutator';
window.__bench = { createKernel, changes, appliers: [attribute, append], mutate };
`;

/** Runs in the page: builds the fixture, then times the three ways round by round. */
export async function runInPage(
  rounds: number,
): Promise<{ ours: number; appliers: number; hand: number; handWithUndo: number; mutator: number; median: { ours: number; appliers: number; hand: number; handWithUndo: number; mutator: number } }> {
  const { createKernel, changes, appliers, mutate } = (window as any).__bench;
  const section = (i: number) =>
    `<section id="s${i}" class="sec"><h2>Title ${i}</h2><p>Text <b>${i}</b></p><a class="link" href="/x${i}">link</a>` +
    `<span>note</span><ul>${'<li class="item">item</li>'.repeat(5)}</ul></section>`;
  const markup = Array.from({ length: 200 }, (_, i) => section(i)).join('');
  const root = document.createElement('main');
  document.body.append(root);
  // Fresh markup, then a macrotask so that observers' callbacks and timers run outside the timings.
  const reset = () => {
    root.innerHTML = markup;
    // Collect the previous round's garbage now, so that no contender pays for it inside its timing.
    (window as any).gc?.();
    return new Promise((resolve) => setTimeout(resolve, 0));
  };

  // The 20 changes, as project changes (ours) and as what the others do for each.
  type Spec = { kind: 'text' | 'html' | 'class' | 'href' | 'style' | 'append' | 'hide'; sel: string; value: string };
  const specs: Spec[] = [
    ...[0, 1, 2, 3, 4].map((i) => ({ kind: 'text' as const, sel: `#s${i} h2`, value: `New title ${i}` })),
    ...[5, 6, 7].map((i) => ({ kind: 'html' as const, sel: `#s${i} p`, value: `<em>New</em> text ${i}` })),
    ...[8, 9, 10].map((i) => ({ kind: 'class' as const, sel: `#s${i} a`, value: 'link changed' })),
    ...[11, 12, 13].map((i) => ({ kind: 'href' as const, sel: `#s${i} a`, value: `/new${i}` })),
    ...[14, 15, 16].map((i) => ({ kind: 'style' as const, sel: `#s${i} span`, value: 'color: red' })),
    ...[17, 18].map((i) => ({ kind: 'append' as const, sel: `#s${i} ul`, value: '<li class="promo">Promo</li>' })),
    { kind: 'hide' as const, sel: '#s19 li', value: '' },
  ];
  const projectChanges = (round: number) =>
    specs.map((s, i) => {
      const id = `r${round}c${i}`;
      if (s.kind === 'append') return { id, type: 'append', selector: s.sel, operator: 'append', value: s.value };
      const attributes = s.kind === 'hide' ? { hide: true } : { [s.kind]: s.value };
      return { id, type: 'attribute', selector: s.sel, attributes };
    });
  const hand = () => {
    for (const s of specs) {
      for (const el of document.querySelectorAll<HTMLElement>(s.sel)) {
        if (s.kind === 'text') el.textContent = s.value;
        else if (s.kind === 'html') el.innerHTML = s.value;
        else if (s.kind === 'class') el.className = s.value;
        else if (s.kind === 'href') el.setAttribute('href', s.value);
        else if (s.kind === 'style') el.style.cssText += ';' + s.value;
        else if (s.kind === 'append') el.insertAdjacentHTML('beforeend', s.value);
        else el.style.setProperty('visibility', 'hidden', 'important');
      }
    }
  };
  // The same calls, each keeping what an exact undo needs (the nodes, attribute or style text it
  // replaces, the nodes it adds): the least any runtime that can put the page back must do.
  // Written, never read: holding the records keeps the engine from dropping the work of keeping them.
  // biome-ignore lint/correctness/noUnusedVariables: kept alive on purpose (see above)
  let undoKept: unknown[] = [];
  const handWithUndo = () => {
    const undo: Array<() => void> = [];
    for (const s of specs) {
      for (const el of document.querySelectorAll<HTMLElement>(s.sel)) {
        if (s.kind === 'text' || s.kind === 'html') {
          const before = [...el.childNodes];
          if (s.kind === 'text') el.textContent = s.value;
          else el.innerHTML = s.value;
          undo.push(() => el.replaceChildren(...before));
        } else if (s.kind === 'class' || s.kind === 'href') {
          const name = s.kind;
          const before = el.getAttribute(name);
          el.setAttribute(name, s.value);
          undo.push(() => (before == null ? el.removeAttribute(name) : el.setAttribute(name, before)));
        } else if (s.kind === 'style' || s.kind === 'hide') {
          const text = el.getAttribute('style');
          const css = el.style.cssText;
          if (s.kind === 'style') el.style.cssText += ';' + s.value;
          else el.style.setProperty('visibility', 'hidden', 'important');
          undo.push(() => (text == null ? el.removeAttribute('style') : (el.style.cssText = css)));
        } else {
          const holder = document.createElement('div');
          holder.innerHTML = s.value;
          const nodes = [...holder.childNodes];
          el.append(...nodes);
          undo.push(() => nodes.forEach((node) => node.remove()));
        }
      }
    }
    undoKept = undo;
  };
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const withMutator = () =>
    specs.map((s) => {
      if (s.kind === 'text') return mutate.html(s.sel, () => escape(s.value));
      if (s.kind === 'html') return mutate.html(s.sel, () => s.value);
      if (s.kind === 'class') return mutate.classes(s.sel, (set: Set<string>) => (set.clear(), s.value.split(' ').forEach((c) => set.add(c))));
      if (s.kind === 'href') return mutate.attribute(s.sel, 'href', () => s.value);
      if (s.kind === 'style') return mutate.attribute(s.sel, 'style', (v: string | null) => (v ? v + ';' : '') + s.value);
      if (s.kind === 'append') return mutate.html(s.sel, (v: string) => v + s.value);
      return mutate.attribute(s.sel, 'style', () => 'visibility: hidden !important');
    });

  const kernel = createKernel({ data: { projectId: 'b', accountId: 'b', revision: 1 }, plugins: [changes(), ...appliers] });
  kernel.start();
  const module = kernel.get('changes');
  // The same applier plugins called directly: per change its matches queried, each changed and its undo
  // handle kept. What the module adds on top of this (change states, observation, dependencies,
  // pre-hiding, the applied event) is the difference between 'ours' and this.
  const [attributeApplier, appendApplier] = appliers;
  const direct = (list: ReturnType<typeof projectChanges>) => {
    const env = { meta: { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' }, win: window, ctx: undefined };
    const handles: unknown[] = [];
    for (const change of list) {
      const applier = change.type === 'append' ? appendApplier : attributeApplier;
      for (const el of document.querySelectorAll(change.selector)) handles.push(applier.apply(change, el, env));
    }
    undoKept = handles;
  };
  const totals = { ours: 0, appliers: 0, hand: 0, handWithUndo: 0, mutator: 0 };
  type Key = keyof typeof totals;
  // Every round's time too: on a loaded machine a few rounds that lose the processor move a mean, not a median.
  const times: Record<Key, number[]> = { ours: [], appliers: [], hand: [], handWithUndo: [], mutator: [] };
  /** Each contender: set-up (untimed), the timed work, clean-up (untimed). */
  const contenders: Array<[Key, (round: number) => () => void]> = [
    ['ours', (round) => {
      const list = projectChanges(round);
      const meta = { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: `p${round}` };
      return () => void module.applyAction({ id: 'a', changes: list }, meta);
    }],
    ['appliers', (round) => {
      const list = projectChanges(round);
      return () => direct(list);
    }],
    ['hand', () => hand],
    ['handWithUndo', () => handWithUndo],
    ['mutator', () => () => withMutator().forEach((c: { revert(): void }) => queueMicrotask(() => c.revert()))],
  ];
  for (let round = 0; round < rounds; round++) {
    // Rotate the order each round, so that none is always first after the page settles.
    for (let i = 0; i < contenders.length; i++) {
      const [key, prepare] = contenders[(i + round) % contenders.length];
      await reset();
      const work = prepare(round);
      const t = performance.now();
      work();
      const took = performance.now() - t;
      totals[key] += took;
      times[key].push(took);
      // Untimed clean-up, as when a page deactivates: its observation stops and its change states go, so
      // every round starts from the module a page load has (not thousands of states of earlier rounds).
      module.removeActionState(`p${round}`);
    }
  }
  root.remove();
  undoKept = [];
  const median = (key: Key) => times[key].sort((a, b) => a - b)[times[key].length >> 1];
  return {
    ours: totals.ours / rounds,
    appliers: totals.appliers / rounds,
    hand: totals.hand / rounds,
    handWithUndo: totals.handWithUndo / rounds,
    mutator: totals.mutator / rounds,
    median: { ours: median('ours'), appliers: median('appliers'), hand: median('hand'), handWithUndo: median('handWithUndo'), mutator: median('mutator') },
  };
}

// ---------------------------------------------------------------------------------------------------
// (b) Snippet start to decisions made and changes applied: a real page load per round.

/** The 20 changes of (a), split over two layers, in project form. */
const SPECS: Array<[string, string, Record<string, unknown>]> = [
  ...[0, 1, 2, 3, 4].map((i): [string, string, Record<string, unknown>] => ['text', `#s${i} h2`, { text: `New title ${i}` }]),
  ...[5, 6, 7].map((i): [string, string, Record<string, unknown>] => ['html', `#s${i} p`, { html: `<em>New</em> text ${i}` }]),
  ...[8, 9, 10].map((i): [string, string, Record<string, unknown>] => ['class', `#s${i} a`, { class: 'link changed' }]),
  ...[11, 12, 13].map((i): [string, string, Record<string, unknown>] => ['href', `#s${i} a`, { href: `/new${i}` }]),
  ...[14, 15, 16].map((i): [string, string, Record<string, unknown>] => ['style', `#s${i} span`, { style: 'color: red' }]),
  ...[17, 18].map((i): [string, string, Record<string, unknown>] => ['append', `#s${i} ul`, {}]),
  ['hide', '#s19 li', { hide: true }],
];
const projectChange = ([kind, selector, attributes]: (typeof SPECS)[number], i: number) =>
  kind === 'append'
    ? { id: `c${i}`, type: 'append', selector, operator: 'append', value: '<li class="promo">Promo</li>' }
    : { id: `c${i}`, type: 'attribute', selector, attributes };
/** GrowthBook's form of the same changes (dom-mutator mutations). */
const gbMutation = ([kind, selector, attributes]: (typeof SPECS)[number]) => {
  if (kind === 'append') return { selector, action: 'append', attribute: 'html', value: '<li class="promo">Promo</li>' };
  if (kind === 'hide') return { selector, action: 'set', attribute: 'style', value: 'visibility: hidden !important' };
  const attribute = kind === 'text' ? 'html' : kind;
  return { selector, action: 'set', attribute, value: String(Object.values(attributes)[0]) };
};
/** Layer 1 takes the first 12 changes, layer 2 the other 8: two decisions, two actions. */
const SPLIT = 12;

/** The benchmark project: one page (immediate, URL condition), two layers, every visitor in the variation. */
export const BENCH_DATA = {
  projectId: 'bench-start',
  accountId: 'bench',
  snippetId: 'bench-start',
  namespace: 'bench',
  revision: 1,
  pages: [{ id: 'page', apiName: 'bench', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'regex', value: '/bench$' }] }],
  events: [],
  layers: [0, 1].map((l) => ({
    id: `layer${l}`,
    name: `layer ${l}`,
    policy: 'single_experiment',
    holdback: 0,
    pageIds: ['page'],
    experiments: [
      {
        id: `exp${l}`,
        name: `exp ${l}`,
        weightDistributions: [{ entityId: `var${l}`, endOfRange: 10000 }],
        variations: [
          {
            id: `var${l}`,
            name: 'B',
            actions: [{ id: `action${l}`, pageId: 'page', changes: (l ? SPECS.slice(SPLIT) : SPECS.slice(0, SPLIT)).map((s, i) => projectChange(s, i + (l ? SPLIT : 0))) }],
          },
        ],
      },
    ],
  })),
};

/** Marks the end of the snippet's synchronous run (see pageHtml). */
const MARK_END = 'window.__r.t1 = performance.now();';
/** Marks the point where every module's top-level code has run and the kernel is about to boot. */
const MARK_ENTRY = 'window.__r.entry = performance.now();';
/**
 * Our snippets' entries, built the way `npm run build:snippets` builds one: the project validated first
 * (with the plugins it is built with), then bundled with its data inline, so that at start it gets only its
 * defaults. `fitted`: the standard preset fitted to the project (plugins/presets/fit.ts); `standard`:
 * every plugin of the standard preset. Bundle them with {@link oursStubs}, as the build does.
 */
export const oursSnippets = (): Record<'fitted' | 'standard', string> => {
  const problems = validateProject(normalizeProjectData(BENCH_DATA as never), {
    rules: standardPreset().flatMap((plugin) => (plugin.validate ? [plugin.validate] : [])),
    plugins: standardPreset(),
  }).filter((problem) => problem.severity === 'error');
  if (problems.length) throw Error(`the benchmark project is invalid: ${problems.map((problem) => problem.message).join('; ')}`);
  const whole = STANDARD_MODULES.filter((entry) => !entry.optional).map((entry) => ({ use: entry.use }));
  return {
    fitted: inlineSnippetEntry(BENCH_DATA, fitStandardPreset(BENCH_DATA as never), { fitted: true, after: MARK_END, before: MARK_ENTRY }),
    standard: inlineSnippetEntry(BENCH_DATA, whole, { after: MARK_END, before: MARK_ENTRY }),
  };
};
/**
 * The stand-ins the snippet build swaps in (compiler/build.ts): the on-demand parts' for both, the
 * on-demand plugins' for the whole preset, and for the fitted snippet the parts its data cannot use
 * (plugins/presets/fit.ts), so that the snippet measured carries, and compiles, the bytes a site would get.
 */
export const oursStubs = (): Record<'fitted' | 'standard', Record<string, string>> => ({
  fitted: { ...PART_STUBS, ...fittedStubs(normalizeProjectData(BENCH_DATA as never)) },
  standard: WHOLE_PRESET_STUBS,
});
/** Our two snippets bundled and minified as the build makes them (its compile hint first). */
export const oursCode = async (): Promise<Record<'fitted' | 'standard', string>> => {
  const entries = oursSnippets();
  const all = oursStubs();
  const built = async (entry: string, stubs: Record<string, string>) => COMPILE_HINT + (await bundle(entry, 'iife', stubs));
  return { fitted: await built(entries.fitted, all.fitted), standard: await built(entries.standard, all.standard) };
};
/** The peers' visitor id: handed a fresh one (as they are measured by default), or kept in a first-party cookie. */
export const GIVEN_ID = `const visitorId = 'visitor' + Math.random();`;
/** What a real deployment of a peer does for a visitor id: read it from a cookie, or make one and set the cookie. */
export const COOKIE_ID = `const visitorId = (() => {
  const found = document.cookie.match(/(?:^|; )peer_id=([^;]*)/);
  if (found) return found[1];
  const id = 'visitor' + Math.random().toString(36).slice(2);
  document.cookie = 'peer_id=' + id + '; max-age=15552000; path=/; samesite=lax';
  return id;
})();`;
/** GrowthBook's two auto experiments carrying the same changes, as source. */
const gbExperiments = JSON.stringify(
  [SPECS.slice(0, SPLIT), SPECS.slice(SPLIT)].map((specs, i) => ({ key: `exp${i}`, variations: [{}, { domMutations: specs.map(gbMutation) }], weights: [0, 1], hashAttribute: 'id' })),
);
/** GrowthBook: two auto experiments carrying the same changes, decided and applied in its constructor. */
export const gbSnippet = (id: string) => `
import { GrowthBook } from '@growthbook/growthbook';
${id}
new GrowthBook({
  attributes: { id: visitorId },
  experiments: ${gbExperiments},
  trackingCallback: () => {},
});
window.__r.t1 = performance.now();
window.__done(performance.now());
`;
/** An Optimizely datafile with one flag whose only experiment serves variation `on` to everyone. */
const DATAFILE = {
  version: '4', projectId: '1', accountId: '1', revision: '1', anonymizeIP: true, botFiltering: false,
  attributes: [], audiences: [], typedAudiences: [], events: [], groups: [], integrations: [],
  experiments: [{
    id: 'e1', key: 'exp', status: 'Running', layerId: 'l1', audienceIds: [], audienceConditions: [], forcedVariations: {},
    variations: [{ id: 'v1', key: 'on', featureEnabled: true, variables: [] }],
    trafficAllocation: [{ entityId: 'v1', endOfRange: 10000 }],
  }],
  featureFlags: [{ id: 'f1', key: 'flag', experimentIds: ['e1'], rolloutId: 'r1', variables: [] }],
  rollouts: [{ id: 'r1', experiments: [] }],
};
/** Optimizely (Feature Experimentation JS SDK): instance, then its first decision; it changes no DOM. */
export const optlySnippet = (id: string) => `
import { createInstance, createStaticProjectConfigManager } from '@optimizely/optimizely-sdk';
${id}
const client = createInstance({ projectConfigManager: createStaticProjectConfigManager({ datafile: ${JSON.stringify(JSON.stringify(DATAFILE))} }) });
client.onReady().then(() => {
  const decision = client.createUserContext(visitorId).decide('flag');
  window.__done(decision.variationKey === 'on' ? performance.now() : NaN);
});
window.__r.t1 = performance.now();
`;

export const FIXTURE = Array.from({ length: 200 }, (_, i) =>
  `<section id="s${i}" class="sec"><h2>Title ${i}</h2><p>Text <b>${i}</b></p><a class="link" href="/x${i}">link</a>` +
  `<span>note</span><ul>${'<li class="item">item</li>'.repeat(5)}</ul></section>`).join('');

/**
 * The page: the fixture parsed first, then the snippet at the end of the body, inline or (`src`) as an
 * external script, preceded by a time mark `t0`; the snippet's own last statement marks `t1` (the end of its
 * synchronous run: a mark in a following script would also count the parser's pauses). An external
 * script's time starts at `t0` or when its response ended, whichever is later (`start`): the preload
 * scanner has it fetched before `t0` on every load measured here, and waiting for it is no script time. Ours reports through its own event API (queued before it loads): done once both
 * actions have emitted action/applied (both layers decided; applied implies decided) and `activated` fired;
 * it also marks `init` (lifecycle `initialized`). `storageOpened`: the page reads its cookies and local
 * storage before the mark, so the snippet's first access finds them open.
 */
export const pageHtml = (snippet: string, ours: boolean, storageOpened = false, src?: string) => `<!doctype html><html><head><title>bench</title></head><body><main>${FIXTURE}</main>
<script>
window.__r = {}; window.__done = function (t) {
  window.__r.done = t;
  var loaded = ${src ? `performance.getEntriesByName(new URL(${JSON.stringify(src)}, location.href).href)[0]` : 'undefined'};
  window.__r.start = Math.max(window.__r.t0, loaded ? loaded.responseEnd : 0);
  // What the page shows at that moment: the first and the last change of each layer's share applied.
  window.__r.applied = document.querySelector('#s0 h2').textContent === 'New title 0' && document.querySelectorAll('.promo').length === 2 &&
    document.querySelector('#s19 li').style.visibility === 'hidden';
};
${ours ? `var left = 3, on = function (type, name) { return { type: 'addListener', filter: { type: type, name: name }, handler: function () { if (!--left) window.__done(performance.now()); } }; };
window.varia = [on('action', 'applied'), on('lifecycle', 'activated'), { type: 'addListener', filter: { type: 'lifecycle', name: 'initialized' }, handler: function () { window.__r.init = performance.now(); } }];` : ''}
${storageOpened ? 'document.cookie; localStorage.length;' : ''}
window.__r.t0 = performance.now();
</script>
${src ? `<script src="${src}"></script>` : `<script>${snippet.replace(/<\/script/gi, '<\\/script')}</script>`}
</body></html>`;

/**
 * Medians of one contender's loads, in ms: `evaluate` and `total` from the mark before the script to
 * the end of its synchronous run and to done. Ours only, its stages one after another: `modules` until
 * every module's top-level code has run (the inline script read and compiled first), `setup` until
 * the kernel is initialised (plugins set up), `activation` until done.
 */
type StartResult = { evaluate: number; total: number; modules: number; setup: number; activation: number };
type Contender = 'ours' | 'oursOpened' | 'standard' | 'gb' | 'optly' | 'gbCookie' | 'optlyCookie' | 'oursExternal' | 'gbExternal' | 'optlyExternal';

/**
 * The start-up pages' server, on loopback (a real server, not Playwright routing, which turns the HTTP
 * cache off): `/bench` is the current page (never cached), `/s/<name>.js` a snippet, cached for a year
 * as a CDN serves it; anything else (the tracker's batches) gets 204. Served as http://localhost, a
 * secure context as a real site on https is.
 */
export const startServer = async (scripts: Record<string, string>) => {
  let html = '';
  const server = createServer((request, response) => {
    const script = /^\/s\/(\w+)\.js$/.exec(request.url ?? '')?.[1];
    if (request.url === '/bench') response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(html);
    else if (script && scripts[script]) response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000' }).end(scripts[script]);
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/bench`,
    show: (page: string) => void (html = page),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

/**
 * Loads each page `rounds` times, order rotated per round; the medians of evaluate (t1 - t0) and done - t0.
 * A repeat view (default) loads every page in one browser context, its cookies and local storage cleared
 * between loads (a new visitor on a browser that has the site's storage open). A first view (`firstView`)
 * loads each page in a fresh browser context, as a visitor's first page of the site: its cookie jar and
 * local storage are opened for the first time by that very load; only the contenders in `only` are loaded.
 */
const startup = async (
  browser: import('playwright').Browser,
  rounds: number,
  { firstView = false, only }: { firstView?: boolean; only?: Contender[] } = {},
): Promise<Record<Contender, StartResult> & { sizes: Record<Contender, number> }> => {
  const ours = await oursCode();
  const fitted = ours.fitted;
  const gb = await bundle(gbSnippet(GIVEN_ID));
  const optly = await bundle(optlySnippet(GIVEN_ID));
  const code: Record<Contender, string> = {
    ours: fitted,
    oursOpened: fitted,
    standard: ours.standard,
    gb,
    optly,
    gbCookie: await bundle(gbSnippet(COOKIE_ID)),
    optlyCookie: await bundle(optlySnippet(COOKIE_ID)),
    oursExternal: fitted,
    gbExternal: gb,
    optlyExternal: optly,
  };
  const pages: Record<Contender, string> = {
    ours: pageHtml(code.ours, true),
    oursOpened: pageHtml(code.oursOpened, true, true),
    standard: pageHtml(code.standard, true),
    gb: pageHtml(code.gb, false),
    optly: pageHtml(code.optly, false),
    gbCookie: pageHtml(code.gbCookie, false),
    optlyCookie: pageHtml(code.optlyCookie, false),
    oursExternal: pageHtml('', true, false, '/s/ours.js'),
    gbExternal: pageHtml('', false, false, '/s/gb.js'),
    optlyExternal: pageHtml('', false, false, '/s/optly.js'),
  };
  const server = await startServer({ ours: fitted, gb, optly });
  let context = await browser.newContext();
  let page = await context.newPage();
  const keys = (Object.keys(pages) as Contender[]).filter((key) => !only || only.includes(key));
  const runs = Object.fromEntries(
    keys.map((key) => [key, { evaluate: [] as number[], total: [] as number[], modules: [] as number[], setup: [] as number[], activation: [] as number[] }]),
  );
  for (let round = 0; round < rounds + 3; round++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(i + round) % keys.length];
      server.show(pages[key]);
      if (firstView) {
        await context.close();
        context = await browser.newContext();
        page = await context.newPage();
      } else await context.clearCookies();
      await page.goto(server.url);
      await page.evaluate(() => localStorage.clear());
      const r = await page.waitForFunction(() => (window as any).__r.done !== undefined && (window as any).__r).then((h) => h.jsonValue());
      if (!(r.done > 0)) throw Error(`${key}: no decision`);
      // Optimizely changes no DOM; the others must have applied every change by the time they report done.
      if (!key.startsWith('optly') && !r.applied) throw Error(`${key}: the changes were not applied when it reported done`);
      // Warm-up: the first loads compile everything (and, for an external script, Chromium keeps its
      // compiled code from the second load on, as for any repeat view).
      if (round < 3) continue;
      runs[key].evaluate.push(r.t1 - r.start);
      runs[key].total.push(r.done - r.start);
      runs[key].modules.push(r.entry - r.start);
      runs[key].setup.push(r.init - r.entry);
      runs[key].activation.push(r.done - r.init);
    }
  }
  await context.close();
  await server.close();
  // Medians: a page load now and then stalls on this shared machine (a collection, a busy browser
  // process), and one stall would move a mean by more than the differences measured.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const avg = (key: keyof typeof pages): StartResult => ({
    evaluate: median(runs[key].evaluate),
    total: median(runs[key].total),
    modules: median(runs[key].modules),
    setup: median(runs[key].setup),
    activation: median(runs[key].activation),
  });
  const sizes = Object.fromEntries(keys.map((key) => [key, measure(code[key]).gzip])) as Record<Contender, number>;
  return { ...(Object.fromEntries(keys.map((key) => [key, avg(key)])) as Record<Contender, StartResult>), sizes };
};

/** GrowthBook's and Optimizely's figure of one kind of load, as the peers of a row. */
const peersOf = (gb: StartResult, optly: StartResult, figure: 'total' | 'evaluate' = 'total') => [
  { name: 'GrowthBook', value: gb[figure] },
  { name: 'Optimizely', value: optly[figure] },
];

/** Our start-up split into its stages (medians of each stage, so they need not add up to the total exactly). */
const stageRows = (label: string, result: StartResult): BenchRow[] => [
  { name: `${label}, stage 1: script read and compiled, modules' top-level code run`, value: result.modules, unit: 'ms' },
  { name: `${label}, stage 2: kernel created, plugins set up, initialised`, value: result.setup, unit: 'ms' },
  { name: `${label}, stage 3: page activated, 2 layers decided, 20 changes applied`, value: result.activation, unit: 'ms' },
];

/** The changes suite (see the file comment). */
export const changesBench: BenchSuite = {
  name: 'changes',
  title: 'Changes: 20 mixed changes on a page of ~2000 elements, Chromium (ms; ratio below 1 means faster)',
  run: async (): Promise<BenchRow[]> => {
    const code = await bundle(ENTRY);
    const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
    try {
      const page = await browser.newPage();
      // Served cross-origin isolated (COOP + COEP on a localhost address, a secure context) so that
      // performance.now() counts in 5 µs steps: elsewhere Chromium coarsens it to 100 µs, the size of the
      // differences between the contenders' 0.4-0.8 ms rounds.
      const applyPage = 'http://localhost:9/apply';
      await page.route(applyPage, (route) =>
        route.fulfill({
          contentType: 'text/html',
          headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
          body: '<!doctype html><html><head></head><body></body></html>',
        }),
      );
      await page.goto(applyPage);
      if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the apply page is not cross-origin isolated: its timer would count in 100 µs steps');
      // tsx keeps function names with a `__name` helper that the serialised runInPage still calls.
      await page.addScriptTag({ content: 'window.__name = function (f) { return f; };\n' + code });
      // A warm-up run first, so that every contender is measured with compiled code.
      await page.evaluate(runInPage, 10);
      const result = await page.evaluate(runInPage, ROUNDS);
      await page.evaluate(runRerenderInPage, 5);
      const rerender = await page.evaluate(runRerenderInPage, RERENDER_ROUNDS);
      await page.close();
      const apply: BenchRow = {
        name: 'apply 20 changes (this runtime, module call only)',
        value: result.ours,
        unit: 'ms',
        peers: [
          { name: 'the same applier plugins called directly, without the module', value: result.appliers },
          { name: 'hand-written DOM', value: result.hand },
          { name: 'hand-written, keeping undo records', value: result.handWithUndo },
          { name: 'dom-mutator', value: result.mutator },
        ],
      };
      const again: BenchRow[] = [
        {
          name: 'apply the 20 changes again after the page re-renders every changed element (from the observer)',
          value: rerender.ours,
          unit: 'ms',
          peers: [{ name: 'dom-mutator', value: rerender.mutator }],
        },
        {
          name: 'the first application in the same rounds (a re-application should cost no more)',
          value: rerender.oursFirst,
          unit: 'ms',
          peers: [{ name: 'dom-mutator', value: rerender.mutatorFirst }],
        },
      ];
      // BENCH_CHANGES_ONLY_APPLY=1: rows (a) alone, without the page loads of (b) (about a minute less).
      if (process.env.BENCH_CHANGES_ONLY_APPLY) return [apply, ...again];
      const start = await startup(browser, START_ROUNDS);
      const first = await startup(browser, START_ROUNDS, { firstView: true, only: ['ours', 'gbCookie', 'optlyCookie'] });
      return [
        apply,
        ...again,
        {
          // Script time: compile + run of the inline snippet, then until every decision is made and
          // every change applied. Peers: GrowthBook decides and applies the same changes; Optimizely
          // makes its first decision (no DOM changes).
          name: `script start to 2 layers decided + 20 changes applied, median of ${START_ROUNDS} loads (snippet fitted to the project, ${kb(start.sizes.ours)} gzip)`,
          value: start.ours.total,
          unit: 'ms',
          peers: [
            { name: `GrowthBook (2 decisions + DOM; ${kb(start.sizes.gb)})`, value: start.gb.total },
            { name: `Optimizely (first decision; ${kb(start.sizes.optly)})`, value: start.optly.total },
          ],
        },
        {
          name: `the same with the whole standard preset (${kb(start.sizes.standard)} gzip)`,
          value: start.standard.total,
          unit: 'ms',
          peers: peersOf(start.gb, start.optly),
        },
        {
          // Ours reads its visitor's cookies and local storage and writes them back (visitor id, session,
          // sticky variations); the peers above are handed an id and touch no storage. Here they keep
          // their visitor id in a first-party cookie, the least a real deployment of theirs does.
          name: 'the fitted snippet again, against peers that keep their visitor id in a cookie',
          value: start.ours.total,
          unit: 'ms',
          peers: peersOf(start.gbCookie, start.optlyCookie),
        },
        {
          // The browser's first access to cookies and to local storage is a blocking round trip to its
          // browser process; here the page has made both before the mark, as a page reading its own
          // cookies first does. The peers above touch no storage.
          name: 'the fitted snippet, its page having opened cookies and local storage before it starts',
          value: start.oursOpened.total,
          unit: 'ms',
          peers: peersOf(start.gb, start.optly),
        },
        {
          // How the snippet is deployed: `<script src>` from a CDN, cached by the browser; Chromium then
          // keeps the compiled code from the second view on. Every contender loaded the same way.
          name: 'the fitted snippet and both peers (handed an id) as external scripts from the HTTP cache, as repeat views load them',
          value: start.oursExternal.total,
          unit: 'ms',
          peers: peersOf(start.gbExternal, start.optlyExternal),
        },
        {
          // A first view: every load in a fresh browser context, whose cookie jar and local storage this
          // load opens (a blocking round trip each, the first of a context the slowest). Under DevTools
          // (see the file comment) ours pays for a cookie read that visitors' browsers do not make it pay.
          name: `first view (fresh browser context per load): the fitted snippet against peers that keep their visitor id in a cookie, median of ${START_ROUNDS} loads`,
          value: first.ours.total,
          unit: 'ms',
          peers: peersOf(first.gbCookie, first.optlyCookie),
        },
        ...stageRows('fitted snippet', start.ours),
        ...stageRows('fitted snippet, first view', first.ours),
        ...stageRows('fitted snippet, external script', start.oursExternal),
        ...stageRows('fitted snippet, storage opened by the page', start.oursOpened),
        {
          name: 'fitted snippet alone: compile + synchronous run (ours applies everything within it)',
          value: start.ours.evaluate,
          unit: 'ms',
          peers: peersOf(start.gb, start.optly, 'evaluate'),
        },
      ];
    } finally {
      await browser.close();
    }
  },
};
