/**
 * Homepage widgets, part 2 (`npm run bench -- widgets-part2`): the use-case section and the banner.
 * - Bytes each adds to a snippet (minified, gzip) over the changes module and the widget change
 *   applier: the widget, the shared helpers it uses and its style sheet; the animation player and
 *   the slider are not in it (checked: they load on demand from the asset base).
 * - Time from the use-case section's injection point entering the view (within the 200 px margin,
 *   as an IntersectionObserver with the widget's margin reports it) to the first tab painted (the
 *   Element Timing API's render time of the first tab's text), on the stand-in homepage served by
 *   the local services with the e2e-homepage-widgets snippet in `<head>`, scrolled by script, at
 *   1280 px (static image) and 1400 px (the animation player loads as well), medians of the loads.
 * - Long tasks over 50 ms from the carousel's set-up: on the loaded, idle page (no widget), the RV
 *   banner change is applied through `varia.get('changes')`, and long tasks are collected until
 *   600 ms after the carousel is ready (the slider's script loaded, parsed and set up included).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { bundle, inlineSnippetEntry, measure, ROOT, snippetEntry } from '../../../compiler/snippet';
import { startServices } from '../../../services/index';
import type { BenchRow, BenchSuite } from '../table';
import project from '../../fixtures/projects/e2e-homepage-widgets/project';

const ROUNDS = 9;
const DATA = { projectId: 'bench-widgets-part2', accountId: 'bench', revision: 1 };
const BASE = ['modules/changes', 'change-appliers/widget'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const build = async (widgets: readonly string[]) => bundle(inlineSnippetEntry(DATA, [...BASE, ...widgets.map((folder) => `widgets/${folder}`)]));

/** Gzip bytes each widget adds, and both together; refuses a snippet that carries either library. */
const sizeRows = async (): Promise<BenchRow[]> => {
  const base = measure(await build([])).gzip;
  const rows: BenchRow[] = [];
  for (const set of [['use-case-section'], ['banner'], ['use-case-section', 'banner']]) {
    const code = await build(set);
    if (/Swiper 6\.8\.3|bodymovin|lottie\.loadAnimation=/.test(code)) throw Error(`the snippet with ${set.join(', ')} carries a library`);
    rows.push({ name: `bytes added: ${set.join(' + ')} (with the shared helpers, loader and styles)`, value: measure(code).gzip - base, unit: 'bytes' });
  }
  return rows;
};

/** In each document: long tasks, and the use-case section's first tab marked for Element Timing. */
const instrument = () => {
  const w = window as unknown as { __long: number[]; __entered?: number; __painted?: number };
  w.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.__long.push(entry.duration))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { identifier: string; renderTime: number }[]) if (entry.identifier === 'first-tab') w.__painted ??= entry.renderTime;
  }).observe({ type: 'element', buffered: true });
  // Marks the first tab as the section is inserted, before it is painted.
  new MutationObserver(() => {
    const tab = document.querySelector('#use-case-section [role=tab]');
    if (tab && !tab.hasAttribute('elementtiming')) tab.setAttribute('elementtiming', 'first-tab');
  }).observe(document, { childList: true, subtree: true });
  addEventListener('DOMContentLoaded', () => {
    const target = document.querySelector('#use-case-injection');
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.find((e) => e.isIntersecting);
      if (!entry) return;
      w.__entered = entry.time;
      observer.disconnect();
    }, { root: document, rootMargin: '200px' });
    observer.observe(target);
  });
};

/** Loads the section case at `width` and scrolls it into view; the time from entering to first tab painted. */
const enterToPaint = async (page: Page, url: string, width: number): Promise<number> => {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${url}/?case=use-case`, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const target = document.querySelector('#use-case-injection')!;
    scrollTo(0, target.getBoundingClientRect().top + scrollY - innerHeight / 2);
  });
  await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 10_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __entered: number; __painted: number };
    return w.__painted - w.__entered;
  });
};

const pageRows = async (): Promise<BenchRow[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'varia-bench-widgets-part2-'));
  writeFileSync(join(dir, 'homepage.js'), await bundle(snippetEntry(join(ROOT, 'tests/fixtures/projects/e2e-homepage-widgets/project.ts'))));
  const services = await startServices({ port: 0, snippetsDir: dir, dataDir: null });
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext();
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const paint: Record<number, number[]> = { 1280: [], 1400: [] };
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const width of [1280, 1400] as const) {
        const ms = await enterToPaint(page, services.url, width);
        if (round > 0) paint[width].push(ms);
      }
    }
    const change = project.data.layers!.find((layer) => layer.id === 'layer-slides')!.experiments[0].variations[0].actions[0].changes;
    const setupLong: number[] = [];
    const setupTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh browser context each round, so the slider's script is fetched and compiled each time.
      const fresh = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await fresh.addInitScript(instrument);
      const tab = await fresh.newPage();
      await tab.goto(`${services.url}/?case=none`, { waitUntil: 'load' });
      await tab.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await tab.waitForTimeout(300);
      const result = await tab.evaluate(async (changes) => {
        const api = (window as unknown as { varia: { get(name: string): { applyAction(action: unknown, meta: unknown): Promise<void> } } }).varia;
        const w = window as unknown as { __long: number[] };
        const before = w.__long.length;
        const start = performance.now();
        void api.get('changes').applyAction({ id: 'bench', changes }, { layerId: 'l', experimentId: 'x', variationId: 'v', pageId: 'page-none' });
        while (!document.querySelector('.vbn .swiper-container-initialized')) await new Promise((resolve) => setTimeout(resolve, 5));
        const ready = performance.now() - start;
        await new Promise((resolve) => setTimeout(resolve, 600));
        return { ready, long: w.__long.slice(before).filter((ms) => ms > 50) };
      }, change);
      setupTimes.push(result.ready);
      setupLong.push(...result.long);
      await fresh.close();
    }
    return [
      { name: `use-case section: entering the view (200 px margin) to the first tab painted, 1280 px (static image), median of ${ROUNDS}`, value: median(paint[1280]), unit: 'ms' },
      { name: `same at 1400 px (animation player loading alongside), median of ${ROUNDS}`, value: median(paint[1400]), unit: 'ms' },
      { name: `banner RV applied to the loaded page: to the carousel set up (slider fetched, compiled, started), median of ${ROUNDS}`, value: median(setupTimes), unit: 'ms' },
      { name: `long tasks over 50 ms from the carousel's set-up to 600 ms after it, ${ROUNDS} rounds (longest ${Math.round(Math.max(0, ...setupLong))} ms)`, value: setupLong.length, unit: 'tasks' },
    ];
  } finally {
    await browser.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const widgetsPart2Bench: BenchSuite = {
  name: 'widgets-part2',
  title: 'Homepage widgets, part 2 (use-case section, banner): bytes each adds (gzip), first tab paint, carousel set-up long tasks, Chromium',
  run: async () => [...(await sizeRows()), ...(await pageRows())],
};
