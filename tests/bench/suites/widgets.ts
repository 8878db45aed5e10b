/**
 * Homepage widgets, part 1 (`npm run bench -- widgets`):
 * - bytes each widget adds to a snippet (minified, gzip): a snippet with the changes module and the
 *   widget change applier, with and without the widget; the first widget also brings the shared
 *   helpers it uses (plugins/widgets/_shared/), so the sum of the rows is more than all of them
 *   together, which is its own row;
 * - the script time of showing every part-1 widget on the stand-in homepage: the page served by the
 *   local services with the `e2e-widgets-part1` project's snippet in `<head>`, `?case=all` (ten
 *   widget changes) against `?case=none` (same snippet, no widget), Chromium's ScriptDuration from
 *   navigation to 1.5 s after the load event (hydration, the pathfinder after load and the demo
 *   banner's delay included), medians of interleaved loads;
 * - long tasks over 50 ms (PerformanceObserver `longtask`) during those loads, with and without the
 *   widgets (the page's own parsing and hydration have some on this loaded machine); and, to tell
 *   the widgets' own tasks apart, the same ten widget changes applied to the loaded, idle page
 *   through `varia.get('changes')`: the time of that call and the long tasks in the 600 ms after it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { bundle, inlineSnippetEntry, measure, ROOT, snippetEntry } from '../../../compiler/snippet';
import { startServices } from '../../../services/index';
import type { BenchRow, BenchSuite } from '../table';
import project from '../../fixtures/projects/e2e-widgets-part1/project';

/** Part-1 widgets: plugin folder under plugins/widgets/. */
export const PART1_WIDGETS = [
  'hero', 'hero-trust-signals', 'top-banner', 'pathfinder', 'ai-banner', 'demo-banner',
  'timer-goals', 'scroll-goals', 'engagement-goals', 'korean-footer',
] as const;

const ROUNDS = 9;
const AFTER_LOAD_MS = 1500;
const DATA = { projectId: 'bench-widgets', accountId: 'bench', revision: 1 };
const BASE = ['modules/changes', 'change-appliers/widget'];

const gzipOf = async (widgets: readonly string[]) =>
  measure(await bundle(inlineSnippetEntry(DATA, [...BASE, ...widgets.map((folder) => `widgets/${folder}`)]))).gzip;

/** Gzip bytes each widget adds, and all of them together. */
const sizeRows = async (): Promise<BenchRow[]> => {
  const base = await gzipOf([]);
  const rows: BenchRow[] = [];
  for (const folder of PART1_WIDGETS) rows.push({ name: `bytes added: ${folder} (with the shared helpers it uses)`, value: (await gzipOf([folder])) - base, unit: 'bytes' });
  rows.push({ name: 'bytes added: all ten part-1 widgets together', value: (await gzipOf(PART1_WIDGETS)) - base, unit: 'bytes' });
  return rows;
};

/** Records long tasks from the start of each document. */
const recordLongTasks = () => {
  const tasks: number[] = [];
  (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** Script time and long tasks of the stand-in homepage with all part-1 widgets against none. */
const pageRows = async (): Promise<BenchRow[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'varia-bench-widgets-'));
  // The project's snippet served under the homepage's name, so the page loads it in <head>.
  writeFileSync(join(dir, 'homepage.js'), await bundle(snippetEntry(join(ROOT, 'tests/fixtures/projects/e2e-widgets-part1/project.ts'))));
  const services = await startServices({ port: 0, snippetsDir: dir });
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cases = ['none', 'all'] as const;
    const times: Record<string, number[]> = { none: [], all: [] };
    const longTasks: Record<string, number[]> = { none: [], all: [] };
    for (let round = 0; round < ROUNDS + 2; round++) {
      for (let i = 0; i < cases.length; i++) {
        const key = cases[(i + round) % cases.length];
        await context.clearCookies();
        await page.goto(`${services.url}/?case=${key}`, { waitUntil: 'load' });
        await page.waitForTimeout(AFTER_LOAD_MS);
        const { metrics } = await cdp.send('Performance.getMetrics');
        const shown = await page.evaluate(() => !!document.getElementById('varia-hero') && !!document.getElementById('varia-pathfinder'));
        if (shown !== (key === 'all')) throw Error(`case ${key}: the widgets were ${shown ? '' : 'not '}shown`);
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.filter((ms) => ms > 50));
        await page.evaluate(() => localStorage.clear());
        if (round < 2) continue;
        times[key].push(1000 * metrics.find((metric: { name: string }) => metric.name === 'ScriptDuration')!.value);
        longTasks[key].push(...tasks);
      }
    }
    // The widgets' own work, on the loaded and idle page: anything long now is theirs.
    const action = project.data.layers!.find((layer) => layer.id === 'layer-all')!.experiments[0].variations[0].actions[0];
    const own: number[] = [];
    const ownLong: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${services.url}/?case=none`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await page.waitForTimeout(300);
      const result = await page.evaluate(async (changes) => {
        const api = (window as unknown as { varia: { get(name: string): { applyAction(action: unknown, meta: unknown): Promise<void> } } }).varia;
        const long = (window as unknown as { __longTasks: number[] }).__longTasks;
        const before = long.length;
        const start = performance.now();
        void api.get('changes').applyAction({ id: 'bench', changes }, { layerId: 'l', experimentId: 'x', variationId: 'v', pageId: 'page-none' });
        const took = performance.now() - start;
        await new Promise((resolve) => setTimeout(resolve, 600));
        if (!document.getElementById('varia-demo-banner')) throw Error('the widgets were not shown');
        return { took, long: long.slice(before).filter((ms) => ms > 50) };
      }, action.changes);
      own.push(result.took);
      ownLong.push(...result.long);
      await page.evaluate(() => localStorage.clear());
    }
    return [
      { name: `the ten widget changes applied to the loaded page: time of the call, median of ${ROUNDS}`, value: median(own), unit: 'ms' },
      { name: `long tasks over 50 ms within 600 ms of applying them, ${ROUNDS} rounds`, value: ownLong.length, unit: 'tasks' },
      {
        name: `stand-in homepage, all ten part-1 widgets shown: script time to load + ${AFTER_LOAD_MS / 1000} s, median of ${ROUNDS} loads, less the page without them`,
        value: median(times.all) - median(times.none),
        unit: 'ms',
      },
      { name: 'same page without widgets (snippet and page scripts): script time', value: median(times.none), unit: 'ms' },
      { name: `page loads: long tasks over 50 ms in ${ROUNDS} loads with the widgets (without them: ${longTasks.none.length})`, value: longTasks.all.length, unit: 'tasks' },
    ];
  } finally {
    await browser.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const widgetsBench: BenchSuite = {
  name: 'widgets',
  title: 'Homepage widgets, part 1: bytes each adds (gzip) and the script time of showing them on the stand-in homepage, Chromium',
  run: async () => [...(await sizeRows()), ...(await pageRows())],
};
