/**
 * The homepage project against GrowthBook and Optimizely configured with the same experiments
 * (homepage-peers.ts), in the same run:
 * - size: the homepage snippet as `npm run build:snippets` builds it (its own plugins, the widgets
 *   included, the bootstrap, the data), gzip and brotli, against each peer's bundle with its
 *   configuration inline; the widget code's share of ours is a row of its own (the peers carry none);
 * - script time in `<head>` on a whole page load: the stand-in homepage (config/homepage/site/) with the
 *   script inline in `<head>` right after the site's queue, served from localhost; Chromium's
 *   ScriptDuration from navigation to 1.2 s after the load event, less that of the same page without a
 *   snippet (the site's own script runs in both); medians of interleaved loads, every load a new visitor.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { renderHomepage } from '../../../config/homepage/site/render';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { bundle, measure, ROOT, snippetEntry, type Sizes } from '../../../compiler/snippet';
import type { BenchRow, BenchSuite } from '../table';
import { growthbookEntry, optimizelyEntry } from './homepage-peers';

const ROUNDS = 12;
const AFTER_LOAD_MS = 1200;
const WIDGETS = ['ai-banner', 'banner', 'demo-banner', 'engagement-goals', 'hero', 'hero-trust-signals', 'korean-footer', 'pathfinder', 'scroll-goals', 'timer-goals', 'top-banner', 'use-case-section'];
const TYPES: Record<string, string> = { css: 'text/css', js: 'text/javascript', svg: 'image/svg+xml' };

type Contender = 'none' | 'ours' | 'gb' | 'optly';

/** The stand-in homepage with `code` inline in `<head>`, right after the site's queue script. */
const page = (code: string) => {
  const html = renderHomepage('');
  if (!code) return html;
  const queue = '<script src="/site/queue.js"></script>';
  // A function, not a string: the code holds `$` sequences a replacement string would interpret.
  return html.replace(queue, () => `${queue}\n<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`);
};

/** A loopback server: the current page at `/`, the site's files, a geolocation answer; 204 for the rest. */
const serve = async () => {
  let html = '';
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/') return response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(html);
    if (path === '/site/geolocation.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.varia.push(['geolocation', { location: { country: 'ZZ' } }]);`);
    const file = /^\/site\/((?:assets\/)?[a-z0-9-]+\.(css|js|svg))$/.exec(path);
    if (file) {
      const body = await readFile(`${ROOT}/config/homepage/site/${file[1]}`).catch(() => undefined);
      if (body) return response.writeHead(200, { 'content-type': TYPES[file[2]], 'cache-control': 'max-age=3600' }).end(body);
    }
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    show: (next: string) => void (html = next),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

const sizeRows = (name: string, ours: Sizes, peers: Record<string, Sizes>): BenchRow[] =>
  (['gzip', 'brotli'] as const).map((encoding) => ({
    name: `${name} (${encoding})`,
    value: ours[encoding],
    unit: 'bytes',
    peers: Object.entries(peers).map(([peer, sizes]) => ({ name: peer, value: sizes[encoding] })),
  }));

export const homepageBench: BenchSuite = {
  name: 'homepage',
  title: 'Homepage project vs GrowthBook and Optimizely with the same experiments (sizes minified; script time in <head>, ms)',
  run: async (): Promise<BenchRow[]> => {
    const code: Record<Contender, string> = {
      none: '',
      ours: await bundle(snippetEntry(`${ROOT}/config/homepage/project.ts`, undefined, true)),
      gb: await bundle(growthbookEntry()),
      optly: await bundle(optimizelyEntry()),
    };
    const peers = { GrowthBook: measure(code.gb), Optimizely: measure(code.optly) };
    const widgets = measure(await bundle(WIDGETS.map((name, i) => `export { default as w${i} } from './plugins/widgets/${name}';`).join('\n'), 'esm'));
    const rows = [
      ...sizeRows('homepage snippet (12 widgets, bootstrap, data)', measure(code.ours), peers),
      { name: 'of which the widget plugins alone (gzip; the peers carry no widget code)', value: widgets.gzip, unit: 'bytes' },
    ];

    const server = await serve();
    const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
    try {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Performance.enable');
      const keys = Object.keys(code) as Contender[];
      const pages = Object.fromEntries(keys.map((key) => [key, page(code[key])])) as Record<Contender, string>;
      const times: Record<Contender, number[]> = { none: [], ours: [], gb: [], optly: [] };
      for (let round = 0; round < ROUNDS + 2; round++) {
        for (let i = 0; i < keys.length; i++) {
          const key = keys[(i + round) % keys.length];
          server.show(pages[key]);
          await context.clearCookies();
          await tab.goto(server.url, { waitUntil: 'load' });
          await tab.waitForTimeout(AFTER_LOAD_MS);
          const { metrics } = await cdp.send('Performance.getMetrics');
          const ran = await tab.evaluate(() => {
            const win = window as unknown as { varia?: unknown; __peerDone?: boolean };
            return { ours: !!win.varia && !Array.isArray(win.varia), peer: !!win.__peerDone };
          });
          await tab.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
          if ((key === 'ours' && !ran.ours) || ((key === 'gb' || key === 'optly') && !ran.peer)) throw Error(`${key}: the script did not run`);
          if (round < 2) continue;
          times[key].push(1000 * metrics.find((metric: { name: string }) => metric.name === 'ScriptDuration')!.value);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
      const base = median(times.none);
      rows.push({
        name: `stand-in homepage, script in <head>: script time to load + ${AFTER_LOAD_MS / 1000} s, median of ${ROUNDS} loads`,
        value: median(times.ours) - base,
        unit: 'ms',
        peers: [
          { name: 'GrowthBook', value: median(times.gb) - base },
          { name: 'Optimizely (decides only)', value: median(times.optly) - base },
        ],
      });
      return rows;
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
