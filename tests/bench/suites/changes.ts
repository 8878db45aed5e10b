/**
 * Change application speed in Chromium: 20 changes of mixed types (text, html, class, href, style,
 * append, hide) on a page of about 2000 elements, applied by this runtime's changes module, by
 * hand-written DOM calls, and by dom-mutator (GrowthBook's DOM library), in the same page and run,
 * interleaved round by round so that they share the browser's state. Also: from kernel creation to
 * all 20 changes applied (project validated, module created), for this runtime alone.
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/chromium';
import { bundle } from '../../../scripts/lib/snippet';
import type { BenchRow, BenchSuite } from '../table';

const ROUNDS = 150;

/** The code under test, bundled and minified like a snippet, exposed to the page. */
const ENTRY = `
import { createKernel } from './core/kernel';
import { prepareProject } from './core/project/prepare';
import changes from './plugins/api-modules/changes';
import attribute from './plugins/change-appliers/attribute';
import append from './plugins/change-appliers/append';
import mutate from 'dom-mutator';
import { GrowthBook } from '@growthbook/growthbook';
import { createInstance, createStaticProjectConfigManager } from '@optimizely/optimizely-sdk';
window.__bench = { createKernel, prepareProject, changes, appliers: [attribute, append], mutate, GrowthBook, createInstance, createStaticProjectConfigManager };
`;

/** Runs in the page: builds the fixture, then times the three ways round by round. */
async function runInPage(rounds: number): Promise<{ ours: number; hand: number; mutator: number; start: number }> {
  const { createKernel, prepareProject, changes, appliers, mutate } = (window as any).__bench;
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
  const totals = { ours: 0, hand: 0, mutator: 0, start: 0 };
  type Key = keyof typeof totals;
  /** Each contender: set-up (untimed), the timed work, clean-up (untimed). */
  const contenders: Array<[Key, (round: number) => () => void]> = [
    ['ours', (round) => {
      const list = projectChanges(round);
      const meta = { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: `p${round}` };
      return () => void module.applyAction({ id: 'a', changes: list }, meta);
    }],
    ['hand', () => hand],
    ['mutator', () => () => withMutator().forEach((c: { revert(): void }) => queueMicrotask(() => c.revert()))],
    // From kernel creation (project prepared and validated) to every change applied.
    ['start', (round) => () => {
      const fresh = createKernel({
        data: {
          projectId: 'b', accountId: 'b', revision: 1,
          projectJS: (api: any) => void api.get('changes').applyAction({ changes: projectChanges(round) }, { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' }),
        },
        plugins: [changes(), ...appliers],
        prepare: prepareProject,
      });
      fresh.start();
      queueMicrotask(() => (fresh.get('changes').cancelObservation('p'), fresh.destroy()));
    }],
  ];
  for (let round = 0; round < rounds; round++) {
    // Rotate the order each round, so that none is always first after the page settles.
    for (let i = 0; i < contenders.length; i++) {
      const [key, prepare] = contenders[(i + round) % contenders.length];
      await reset();
      const work = prepare(round);
      const t = performance.now();
      work();
      totals[key] += performance.now() - t;
      module.cancelObservation(`p${round}`);
    }
  }
  root.remove();
  return { ours: totals.ours / rounds, hand: totals.hand / rounds, mutator: totals.mutator / rounds, start: totals.start / rounds };
}

/** An Optimizely datafile with one flag whose only experiment serves variation `on` to everyone. */
const DATAFILE = JSON.stringify({
  version: '4', projectId: '1', accountId: '1', revision: '1', anonymizeIP: true, botFiltering: false,
  attributes: [], audiences: [], typedAudiences: [], events: [], groups: [], integrations: [],
  experiments: [{
    id: 'e1', key: 'exp', status: 'Running', layerId: 'l1', audienceIds: [], audienceConditions: [], forcedVariations: {},
    variations: [{ id: 'v1', key: 'on', featureEnabled: true, variables: [] }],
    trafficAllocation: [{ entityId: 'v1', endOfRange: 10000 }],
  }],
  featureFlags: [{ id: 'f1', key: 'flag', experimentIds: ['e1'], rolloutId: 'r1', variables: [] }],
  rollouts: [{ id: 'r1', experiments: [] }],
});

/**
 * Runs in the page: from the peers' start to their first decision: GrowthBook with an auto
 * experiment carrying the same 20 changes as DOM mutations (decided and applied in its constructor);
 * Optimizely from createInstance to its first decide (it applies no DOM changes).
 */
async function peersInPage(args: { rounds: number; datafile: string }): Promise<{ growthbook: number; optimizely: number }> {
  const { GrowthBook, createInstance, createStaticProjectConfigManager } = (window as any).__bench;
  const root = document.createElement('main');
  document.body.append(root);
  const markup = Array.from({ length: 200 }, (_, i) =>
    `<section id="s${i}"><h2>Title ${i}</h2><p>Text</p><a href="/x${i}">link</a><span>n</span><ul>${'<li>i</li>'.repeat(5)}</ul></section>`).join('');
  const mutations = [
    ...[0, 1, 2, 3, 4].map((i) => ({ selector: `#s${i} h2`, action: 'set', attribute: 'html', value: `New title ${i}` })),
    ...[5, 6, 7].map((i) => ({ selector: `#s${i} p`, action: 'set', attribute: 'html', value: `<em>New</em> text ${i}` })),
    ...[8, 9, 10].map((i) => ({ selector: `#s${i} a`, action: 'set', attribute: 'class', value: 'link changed' })),
    ...[11, 12, 13].map((i) => ({ selector: `#s${i} a`, action: 'set', attribute: 'href', value: `/new${i}` })),
    ...[14, 15, 16].map((i) => ({ selector: `#s${i} span`, action: 'set', attribute: 'style', value: 'color: red' })),
    ...[17, 18].map((i) => ({ selector: `#s${i} ul`, action: 'append', attribute: 'html', value: '<li class="promo">Promo</li>' })),
    { selector: '#s19 li', action: 'set', attribute: 'style', value: 'visibility: hidden !important' },
  ];
  const totals = { growthbook: 0, optimizely: 0 };
  for (let round = 0; round < args.rounds; round++) {
    root.innerHTML = markup;
    (window as any).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    let t = performance.now();
    const gb = new GrowthBook({
      attributes: { id: `visitor${round}` },
      experiments: [{ key: 'exp', variations: [{}, { domMutations: mutations }], weights: [0, 1], hashAttribute: 'id' }],
      trackingCallback: () => {},
    });
    totals.growthbook += performance.now() - t;
    gb.destroy();

    await new Promise((resolve) => setTimeout(resolve, 0));
    t = performance.now();
    const client = createInstance({ projectConfigManager: createStaticProjectConfigManager({ datafile: args.datafile }) });
    await client.onReady();
    const decision = client.createUserContext(`visitor${round}`).decide('flag');
    totals.optimizely += performance.now() - t;
    if (decision.variationKey !== 'on') throw Error('Optimizely did not decide');
    client.close();
  }
  root.remove();
  return { growthbook: totals.growthbook / args.rounds, optimizely: totals.optimizely / args.rounds };
}

/** The changes suite (see the file comment). */
export const changesBench: BenchSuite = {
  title: 'Changes: 20 mixed changes on a page of ~2000 elements, Chromium (ms per application; ratio below 1 means faster)',
  run: async (): Promise<BenchRow[]> => {
    const code = await bundle(ENTRY);
    const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><head></head><body></body></html>');
      // tsx keeps function names with a `__name` helper that the serialised runInPage still calls.
      await page.addScriptTag({ content: 'window.__name = function (f) { return f; };\n' + code });
      // A warm-up run first, so that every contender is measured with compiled code.
      await page.evaluate(runInPage, 10);
      const result = await page.evaluate(runInPage, ROUNDS);
      await page.evaluate(peersInPage, { rounds: 5, datafile: DATAFILE });
      const peers = await page.evaluate(peersInPage, { rounds: 50, datafile: DATAFILE });
      return [
        {
          name: 'apply 20 changes (this runtime)',
          value: result.ours,
          unit: 'ms',
          peers: [
            { name: 'hand-written DOM', value: result.hand },
            { name: 'dom-mutator', value: result.mutator },
          ],
        },
        {
          // Ours: kernel created, project prepared and validated, action applied (no decision plugins
          // in this bench yet). GrowthBook: decision and the same changes as DOM mutations.
          // Optimizely: its first decision only (it changes no DOM).
          name: 'start to changes applied / first decision',
          value: result.start,
          unit: 'ms',
          peers: [
            { name: 'GrowthBook (decision + DOM)', value: peers.growthbook },
            { name: 'Optimizely (first decision)', value: peers.optimizely },
          ],
        },
      ];
    } finally {
      await browser.close();
    }
  },
};
