/**
 * The snippet where it is deployed: an inline script in `<head>`, before the page's markup (the
 * ~2000 elements of the changes suite). Its 20 changes wait for their elements (pre-hidden), are
 * applied as the parser adds them, are observed for 2 s after DOM ready (CHG-22), and the page view
 * and decisions are tracked. Measured: the script time of the whole page load, from navigation to
 * 1.2 s after the load event (Chromium's ScriptDuration metric, which counts every script task of
 * the document), less that of the same page with no snippet; medians of interleaved loads, every
 * load a new visitor. Against GrowthBook in `<head>` with the same changes (dom-mutator observes
 * the page too; its tracking callback is empty, so it sends nothing, while ours sends its batch).
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { bundle } from '../../../compiler/snippet';
import type { BenchRow, BenchSuite } from '../table';
import { FIXTURE, GIVEN_ID, gbSnippet, oursCode, startServer } from './changes';

const ROUNDS = 15;
/** How long after the load event the page is measured: the tracker's first batch and the observation's end both fall in it. */
const AFTER_LOAD_MS = 1200;

/** The page; `window.__r` and `__done` take the time marks the changes suite's snippets write (unused here). */
const inHead = (snippet: string) =>
  `<!doctype html><html><head><title>bench</title><script>window.__r = {}; window.__done = function () {};</script>${snippet ? `<script>${snippet.replace(/<\/script/gi, '<\\/script')}</script>` : ''}</head><body><main>${FIXTURE}</main></body></html>`;

export const changesHeadBench: BenchSuite = {
  name: 'changes-head',
  title: 'Changes, snippet in <head>: script time of a whole page load, Chromium (ms, the page without a snippet subtracted)',
  run: async (): Promise<BenchRow[]> => {
    const pages = { none: inHead(''), ours: inHead((await oursCode()).fitted), gb: inHead(await bundle(gbSnippet(GIVEN_ID))) };
    const server = await startServer({});
    const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const keys = Object.keys(pages) as Array<keyof typeof pages>;
      const times: Record<string, number[]> = { none: [], ours: [], gb: [] };
      for (let round = 0; round < ROUNDS + 2; round++) {
        for (let i = 0; i < keys.length; i++) {
          const key = keys[(i + round) % keys.length];
          server.show(pages[key]);
          await context.clearCookies();
          await page.goto(server.url, { waitUntil: 'load' });
          await page.waitForTimeout(AFTER_LOAD_MS);
          const { metrics } = await cdp.send('Performance.getMetrics');
          const changed = await page.evaluate(() => document.querySelector('#s0 h2')!.textContent === 'New title 0' && document.querySelectorAll('.promo').length === 2);
          await page.evaluate(() => localStorage.clear());
          if (changed !== (key !== 'none')) throw Error(`${key}: the changes were ${changed ? '' : 'not '}applied`);
          if (round < 2) continue;
          times[key].push(1000 * metrics.find((metric: { name: string }) => metric.name === 'ScriptDuration')!.value);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
      const base = median(times.none);
      return [
        {
          name: `snippet in <head>, 20 changes on ~2000 elements: script time to load + ${AFTER_LOAD_MS / 1000} s, median of ${ROUNDS} loads`,
          value: median(times.ours) - base,
          unit: 'ms',
          peers: [{ name: 'GrowthBook (sends nothing)', value: median(times.gb) - base }],
        },
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
