/**
 * The tracker's flush on the main thread, in Chromium with a real page: the kernel, the `local` storage
 * plugin and the batch tracker bundled like a snippet, served from a loopback server that answers the
 * collector's `/v1/events` with 200. Each load records a page's worth of goal events, then times
 *  - a flush (`get('tracker').flush()`), in two parts: the call itself, up to the end of the microtasks
 *    it queues (what the page's own task pays), and the task the call schedules (found by wrapping
 *    `setTimeout` during the call), which saves the batch (the storage plugin's write-behind included)
 *    and POSTs it; their sum is the flush's whole main-thread time;
 *  - the page-hide flush: a `pagehide` event dispatched to the window (saved and sent by the beacon in
 *    the event's own task, since a hidden page may run nothing later), the same way.
 * Each figure is also given less the transport calls made inside it (the tracker's `fetch` and
 * `sendBeacon`, timed by wrapping them): the tracker's own share, steadier than the whole on a busy
 * machine, where one browser call alone varies from 0.3 to 2 ms between loads.
 * A first view is a load in a fresh browser context (nothing stored, first request to the origin); a
 * repeat view is the next load in the same context, which finds the previous page's beaconed batch in
 * local storage and sends it again. Medians over interleaved loads. The page is cross-origin isolated
 * (COOP and COEP headers) so that `performance.now()` has 5 µs steps instead of 100 µs. (`__name`: tsx
 * keeps function names with a helper that the serialised timing function still calls.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findFullChromium } from '../../../scripts/lib/chromium';
import { bundle } from '../../../compiler/snippet';
import type { BenchRow } from '../table';

// 41: with 21 a first view's page-hide median moved between 0.9 and 2.4 ms from one quiet run to the next.
const ROUNDS = 41;
/** Goal events recorded before each timed flush. */
const EVENTS_PER_FLUSH = 20;

const ENTRY = `
import { createKernel } from './core/kernel';
import local from './plugins/storage/local';
import batchTracker from './plugins/trackers/batch';
const kernel = createKernel({
  data: { projectId: 'p', accountId: 'a', revision: 1, events: [{ id: 'ev-buy', apiName: 'buy', eventType: 'custom', category: 'purchase' }] },
  plugins: [local(), batchTracker()],
});
kernel.start();
window.__kernel = kernel;
`;

/** Runs in the page after load: the two timings, in ms. */
async function timeFlushes({ count, bareFirst }: { count: number; bareFirst: boolean }): Promise<Record<'call' | 'task' | 'flush' | 'hide' | 'flushOwn' | 'hideOwn' | 'fetch' | 'beacon' | 'isolated', number>> {
  const kernel = (window as any).__kernel;
  const tracker = kernel.get('tracker');
  const record = (from: number) => {
    for (let i = 0; i < count; i++) kernel.push(['event', 'buy', { revenue: 1000 + from + i, quantity: 1, product: `sku-${i % 7}` }]);
  };
  const timed = async (work: () => void) => {
    const started = performance.now();
    work();
    await Promise.resolve(); // after the microtasks the work queued (the storage write-behind)
    return performance.now() - started;
  };
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The transport alone: a bare fetch and beacon of a body of the same size (before the tracker's in
  // every other load, since a page's first request costs more).
  const body = JSON.stringify({ events: Array.from({ length: count }, (_, i) => ({ e: 'ev-buy', k: 'buy', u: crypto.randomUUID(), t: Date.now(), r: 1000 + i, tags: { product: 'sku' } })) });
  const bare = async () => ({
    fetch: await timed(() => void fetch('/v1/bare', { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, credentials: 'omit' })),
    beacon: await timed(() => navigator.sendBeacon('/v1/bare', body)),
  });
  const before = bareFirst ? await bare() : undefined;
  // The browser's own calls inside the tracker's work (fetch, sendBeacon), timed while wrapped, so each
  // load also gives the tracker's share: its time less the transport calls it made.
  let transport = 0;
  const wrap = <T extends (...args: any[]) => any>(call: T, self: unknown) =>
    ((...args: Parameters<T>) => {
      const started = performance.now();
      try {
        return call.apply(self, args);
      } finally {
        transport += performance.now() - started;
      }
    }) as T;
  const originals = { fetch: window.fetch, sendBeacon: navigator.sendBeacon };
  window.fetch = wrap(originals.fetch, window);
  navigator.sendBeacon = wrap(originals.sendBeacon, navigator);
  record(0);
  // The tasks the call schedules are timed too, each up to the end of the microtasks it queues.
  const schedule = window.setTimeout;
  let task = 0;
  const call = await timed(() => {
    (window as any).setTimeout = (callback: () => void, ms?: number) =>
      schedule(() => {
        const started = performance.now();
        try {
          callback();
        } finally {
          queueMicrotask(() => (task += performance.now() - started));
        }
      }, ms);
    try {
      tracker.flush();
    } finally {
      window.setTimeout = schedule;
    }
  });
  // The answer is handled before the page hides, as on a page that stays open a while.
  for (let i = 0; i < 100 && tracker.pending() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const flushTransport = transport;
  transport = 0;
  record(count);
  const hide = await timed(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  const hideTransport = transport;
  window.fetch = originals.fetch;
  delete (navigator as any).sendBeacon;
  const own = { flushOwn: call + task - flushTransport, hideOwn: hide - hideTransport };
  return { call, task, flush: call + task, hide, ...own, isolated: crossOriginIsolated ? 1 : 0, ...(before ?? (await bare())) };
}

/** The tracker rows: flush and page-hide flush, first and repeat view. */
export const trackerPageRows = async (): Promise<BenchRow[]> => {
  const script = await bundle(ENTRY);
  const html = `<!doctype html><html><head><title>tracker</title><script>window.__name = function (f) { return f; };</script></head><body><main>${'<p>text</p>'.repeat(200)}</main><script>${script}</script></body></html>`;
  const server = createServer((request, response) => {
    const isolated = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
    if (request.url === '/page') response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store', ...isolated }).end(html);
    else request.resume().on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}/page`;
  const browser = await chromium.launch({ executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] });
  const times: Record<string, number[]> = {};
  const keep = (key: string, value: number) => (times[key] ??= []).push(value);
  try {
    const repeat = await browser.newContext();
    const repeatPage = await repeat.newPage();
    await repeatPage.goto(url);
    for (let round = 0; round < ROUNDS + 2; round++) {
      for (const first of round % 2 ? [true, false] : [false, true]) {
        const context = first ? await browser.newContext() : repeat;
        const page = first ? await context.newPage() : repeatPage;
        await page.goto(url);
        const result = await page.evaluate(timeFlushes, { count: EVENTS_PER_FLUSH, bareFirst: round % 4 < 2 });
        if (first) await context.close();
        if (round < 2) continue;
        for (const [key, value] of Object.entries(result)) keep((first ? 'first ' : 'repeat ') + key, value);
      }
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
  const median = (values: number[]) => Number([...values].sort((a, b) => a - b)[values.length >> 1].toFixed(3));
  if (times['first isolated'].some((value) => !value)) throw Error('tracker-page: the page is not cross-origin isolated (100 µs timer steps)');
  const label = `Chromium, ${EVENTS_PER_FLUSH} events, median of ${ROUNDS} loads`;
  const fetchPeer = (view: string) => [{ name: 'bare fetch of the same size', value: median(times[`${view} fetch`]) }];
  return [
    ...(['first', 'repeat'] as const).flatMap((view): BenchRow[] => [
      { name: `flush: the call, ${view} view (${label})`, value: median(times[`${view} call`]), unit: 'ms' },
      { name: `flush: its save-and-POST task, ${view} view`, value: median(times[`${view} task`]), unit: 'ms', peers: fetchPeer(view) },
      { name: `flush: call and task together, ${view} view`, value: median(times[`${view} flush`]), unit: 'ms', peers: fetchPeer(view) },
      { name: `flush: the tracker's share (less its fetch call), ${view} view`, value: median(times[`${view} flushOwn`]), unit: 'ms' },
      { name: `pagehide flush, ${view} view (${label})`, value: median(times[`${view} hide`]), unit: 'ms', peers: [{ name: 'bare beacon', value: median(times[`${view} beacon`]) }] },
      { name: `pagehide flush: the tracker's share (less its beacon call), ${view} view`, value: median(times[`${view} hideOwn`]), unit: 'ms' },
    ]),
  ];
};
