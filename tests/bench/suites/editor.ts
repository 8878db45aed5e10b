/**
 * The editor (EDT-26 and issue 19's figures), on the local services in this process with a fresh
 * data folder and a copy of the built snippets:
 * - publish of the homepage project (validate, build with the snippet build, write the revision,
 *   serve), the first one of the process and the median of three more; target under 2 s; and the
 *   published snippet's gzip size against `npm run build:snippet`'s of the same project, and where a
 *   publish's time goes (check, bundle, minify, write: the publish answers with its stage times);
 * - opening a project with 50 experiments in Chromium until its tree shows every experiment (the
 *   tree is interactive then: rows are rendered and focusable); target under 500 ms; also with the
 *   page's CPU slowed down (a busy machine), and where the time goes;
 * - sync latency of one edit between two clients on one project (TinyBase WebSocket synchroniser);
 * - the renderer's initial download (entry script and stylesheet, gzip), and whether any Monaco
 *   chunk is fetched when a project opens (it must not be: Monaco loads on first use).
 */
import { cpSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { createMergeableStore, type MergeableStore } from 'tinybase';
import { createWsSynchronizer } from 'tinybase/synchronizers/synchronizer-ws-client';
import { encodeProject } from '../../../editor-model/project-codec';
import type { PublishResult } from '../../../editor-model/api-contract';
import { TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { editorCall, editorSocket, sessionOf, type EditorSession } from '../../support/editor-client';
import { DEFAULT_SNIPPETS_DIR, startServices } from '../../../services/index';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { ensureDesktopBuild } from '../../../scripts/lib/desktop-launch';
import { snippetCode } from '../../../compiler/build';
import { ROOT, measure } from '../../../compiler/snippet';
import type { BenchRow, BenchSuite } from '../table';

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

const call = (session: EditorSession, path: string, body?: unknown) => editorCall<Record<string, unknown>>(session, path, body);

/** A project with `count` experiments, each with two variations, in `count / 5` campaigns. */
function largeProject(projectId: string, count: number) {
  const layers = Array.from({ length: count / 5 }, (_, layer) => ({
    id: `layer-${layer}`, name: `Campaign ${layer + 1}`, policy: 'single_experiment',
    experiments: Array.from({ length: 5 }, (_, index) => {
      const id = `exp-${layer * 5 + index}`;
      return {
        id, name: `Experiment ${layer * 5 + index + 1}`,
        weightDistributions: [{ entityId: `${id}-a`, endOfRange: 5000 }, { entityId: `${id}-b`, endOfRange: 10000 }],
        variations: [{ id: `${id}-a`, name: 'Original', actions: [] }, { id: `${id}-b`, name: 'Variation', actions: [] }],
      };
    }),
  }));
  return { projectId, accountId: 'bench', revision: 0, layers, audiences: [], pages: [], events: [] };
}

/** A Node client of the synchroniser on one project. */
async function client(base: EditorSession, projectId: string): Promise<{ store: MergeableStore; close(): Promise<void> }> {
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA);
  const synchronizer = await createWsSynchronizer(store, editorSocket(base, projectId));
  await synchronizer.startSync();
  return { store, close: async () => void (await synchronizer.destroy()) };
}

/** Sync latency of one edit between two Node clients of the synchroniser on one project. */
async function syncLatency(base: EditorSession): Promise<BenchRow[]> {
  await call(base, 'projects', { projectId: 'bench-sync' });
  const [a, b] = [await client(base, 'bench-sync'), await client(base, 'bench-sync')];
  const latencies: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const seen = new Promise<number>((resolve) => {
      const id = b.store.addCellListener('layers', 'L', 'name', () => {
        b.store.delListener(id);
        resolve(performance.now());
      });
    });
    const started = performance.now();
    a.store.setRow('layers', 'L', { id: 'L', name: `Campaign ${round}`, policy: 'single_experiment', order: 0 } as never);
    latencies.push((await seen) - started);
  }
  await Promise.all([a.close(), b.close()]);
  return [{ name: 'sync latency of one edit between two clients (median of 20)', value: Number(median(latencies).toFixed(1)), unit: 'ms' }];
}

/** CPU slow-down of the busy-machine rounds (Chromium's CPU throttling of the page's renderer). */
const BUSY_CPU = 4;

/**
 * Opening a project with 50 experiments in a fresh browser context (nothing cached), from the
 * navigation's start to the first frame where every experiment row is in the tree, shown and
 * focusable. Rounds alternate between the machine as it is and a page whose CPU is slowed down
 * {@link BUSY_CPU} times, so the figure is also known on a busy machine. The renderer marks when
 * the project's content arrived and when it was in the store, which says where the time goes.
 */
async function openLargeProject(base: EditorSession): Promise<BenchRow[]> {
  await call(base, 'projects', { projectId: 'bench-large' });
  const large = await client(base, 'bench-large');
  large.store.transaction(() => {
    for (const [table, tableRows] of Object.entries(encodeProject(largeProject('bench-large', 50)))) {
      for (const [rowId, row] of Object.entries(tableRows)) large.store.setRow(table, rowId, row as never);
    }
  });
  await call(base, 'projects/bench-large/save', { content: large.store.getMergeableContent() });
  await large.close();
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
  const rounds = { quiet: [] as Array<Record<string, number>>, busy: [] as Array<Record<string, number>> };
  let monacoAtStart = 0;
  try {
    for (let round = 0; round < 14; round += 1) {
      const busy = round % 2 === 1;
      const context = await browser.newContext();
      const page = await context.newPage();
      if (busy) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: BUSY_CPU });
      page.on('request', (request) => {
        if (/editor\.api|monaco|environment-/.test(request.url())) monacoAtStart += 1;
      });
      await page.goto(`${base.url}/editor/#/p/bench-large/design`, { waitUntil: 'commit' });
      const tree = await page.waitForFunction(() => {
        const experiments = [...document.querySelectorAll<HTMLElement>('[data-node^="experiments:"]')];
        return experiments.length >= 50 && experiments.every((row) => row.tabIndex === 0 && row.isConnected && row.getClientRects().length > 0) && performance.now();
      }, undefined, { polling: 'raf', timeout: 60_000 }).then((handle) => handle.jsonValue() as Promise<number>);
      const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])));
      const scripts = await page.evaluate(() => Math.max(...performance.getEntriesByType('resource').filter((entry) => /\/assets\/index-.*\.js$/.test(entry.name)).map((entry) => (entry as PerformanceResourceTiming).responseEnd)));
      (busy ? rounds.busy : rounds.quiet).push({ tree, bundle: scripts, content: marks['varia-open:content'], store: marks['varia-open:store'] });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const at = (list: Array<Record<string, number>>, key: string) => Math.round(median(list.map((round) => round[key])));
  return [
    { name: 'open a 50-experiment project to its full tree (median of 7, target < 500 ms)', value: at(rounds.quiet, 'tree'), unit: 'ms' },
    { name: `  the same with the page's CPU ${BUSY_CPU}x slower (busy machine, median of 7)`, value: at(rounds.busy, 'tree'), unit: 'ms' },
    { name: '  of which: entry script downloaded (median)', value: at(rounds.quiet, 'bundle'), unit: 'ms' },
    { name: '  of which: project content received (median)', value: at(rounds.quiet, 'content'), unit: 'ms' },
    { name: '  of which: content in the store (median)', value: at(rounds.quiet, 'store'), unit: 'ms' },
    { name: 'Monaco requests while opening a project (must be 0)', value: monacoAtStart, unit: 'requests' },
  ];
}

/** The renderer's initial download: every script and stylesheet index.html names (entry, preloads, early script). */
function rendererDownload(dir: string): BenchRow[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map((match) => join(dir, match[1]));
  const raw = assets.reduce((total, file) => total + statSync(file).size, 0);
  const gzip = assets.reduce((total, file) => total + gzipSync(readFileSync(file), { level: 9 }).length, 0);
  return [
    { name: 'renderer initial download (entry JS + CSS, raw)', value: raw, unit: 'bytes' },
    { name: 'renderer initial download (entry JS + CSS, gzip)', value: gzip, unit: 'bytes' },
  ];
}

export const editorBench: BenchSuite = {
  name: 'editor',
  title: 'Editor: publish, opening a large project, sync latency, renderer download',
  run: async () => {
    if (!(await ensureDesktopBuild())) throw new Error('npm run build:desktop failed');
    const dir = mkdtempSync(join(tmpdir(), 'varia-editor-bench-'));
    cpSync(DEFAULT_SNIPPETS_DIR, join(dir, 'snippets'), { recursive: true });
    // The renderer as just built, served from a copy: another process rebuilding out/ cannot change it mid-measure.
    const renderer = join(dir, 'renderer');
    cpSync(join(ROOT, 'out/renderer'), renderer, { recursive: true });
    process.env.VARIA_EDITOR_RENDERER_DIR = renderer;
    const services = await startServices({ dataDir: join(dir, 'data'), snippetsDir: join(dir, 'snippets') });
    const rows: BenchRow[] = [];
    try {
      // Publish of the homepage project: validate, build, write the revision, serve. The first of the
      // process (nothing warm yet), then more, each a new revision; and the published snippet's size
      // against the command line's build of the same project.
      // Measured first: a long pause between requests can meet the server closing an idle keep-alive connection.
      const cli = measure(await snippetCode(join(ROOT, 'config/homepage/project.ts'))).gzip;
      await call(sessionOf(services), 'projects/homepage');
      const publishes: number[] = [];
      const stages: Array<Record<string, number>> = [];
      let published = 0;
      for (let round = 0; round < 4; round += 1) {
        const started = performance.now();
        const made = await editorCall<PublishResult>(sessionOf(services), 'projects/homepage/publish', { note: `bench ${round}` });
        const served = await (await fetch(`${services.url}/snippets/homepage.js`)).text();
        if (!served.includes(`${made.revision}`)) throw new Error('the served snippet is not the new revision');
        publishes.push(performance.now() - started);
        stages.push({ ...made.timings });
        published = made.sizes?.gzip ?? 0;
      }
      rows.push({ name: 'publish homepage: first of the process (target < 2000 ms)', value: Math.round(publishes[0]), unit: 'ms' });
      const stage = (round: number, key: string) => ({ name: `  of which: ${key}`, value: stages[round][key], unit: 'ms' });
      for (const key of ['check', 'bundle', 'minify', 'write']) rows.push(stage(0, key));
      rows.push({ name: 'publish homepage: again (median of 3, target < 2000 ms)', value: Math.round(median(publishes.slice(1))), unit: 'ms' });
      for (const key of ['check', 'bundle', 'minify', 'write']) {
        rows.push({ name: `  of which: ${key} (median)`, value: Math.round(median(stages.slice(1).map((round) => round[key]))), unit: 'ms' });
      }
      rows.push({ name: 'published homepage snippet (gzip)', value: published, unit: 'bytes' });
      rows.push({ name: 'published minus npm run build:snippet (gzip, target within 1%)', value: published - cli, unit: 'bytes' });

      rows.push(...(await syncLatency(sessionOf(services))));
      rows.push(...(await openLargeProject(sessionOf(services))));
    } finally {
      await services.close();
      delete process.env.VARIA_EDITOR_RENDERER_DIR;
    }
    rows.push(...rendererDownload(renderer));
    return rows;
  },
};
