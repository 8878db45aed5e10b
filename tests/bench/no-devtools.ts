/**
 * Page loads in Chromium as a visitor's browser makes them: no DevTools protocol attached. (Playwright drives
 * Chromium through it, and with it attached a `document.cookie` read made deep inside a large script was
 * measured at 16 ms where the same read without it takes 1 ms.) One Chromium, started headless on a page of a
 * loopback server, goes through the run's pages itself: each page reports its time marks to the server with
 * a beacon, clears its cookies and storage, and goes to the next page, which the server has written into it.
 *
 * - A first view is a page of a site the browser has never seen: every such load is on a host of its own
 *   (`v<n>.localhost`, a site of its own, a secure context, resolved to loopback by Chromium), so it gets a
 *   new renderer process, an empty HTTP cache partition and empty storage, in a browser already running.
 * - A repeat view is a page of the one site `repeat.localhost`, loaded again and again: the HTTP cache and
 *   Chromium's compiled-code cache work as on a visitor's next page (each load still a new visitor, since the
 *   page before cleared cookies and local storage).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findFullChromium } from '../../scripts/lib/chromium';

/** The time marks a page reports (what its own script put in `window.__r`). */
export type Marks = Record<string, number>;

/** A page of the run. Its HTML must define `window.__done` in its first inline script and call it when done. */
export interface Load {
  /** The contender the page belongs to: its marks are filed under this key. */
  key: string;
  html: string;
  /** A first view (a site of its own) rather than a repeat view of the run's one repeat site. */
  first: boolean;
}

/**
 * Flags besides the tests' own (CHROMIUM_ARGS): a headless page counts as a hidden one, whose renderer runs at
 * a lower priority with throttled timers; a visitor's page is in front.
 */
const FOREGROUND_ARGS = ['--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows', '--disable-background-timer-throttling', '--disable-extensions', '--no-first-run'];

/** How long a run may take per page before it gives up. */
const PER_PAGE_MS = 5000;

/**
 * The script put right after the page's first one: wraps `__done` so that, a little after the page is done,
 * its marks go to the server, then the page clears what it stored and goes on to `next`.
 */
const reporter = (next: string) => `<script>(function () {
  var done = window.__done;
  window.__done = function () {
    done.apply(this, arguments);
    setTimeout(function () {
      navigator.sendBeacon('/__report', JSON.stringify(window.__r));
      document.cookie.split('; ').forEach(function (pair) { var name = pair.split('=')[0]; if (name) document.cookie = name + '=; max-age=0; path=/'; });
      try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}
      setTimeout(function () { location.href = ${JSON.stringify(next)}; }, 50);
    }, 200);
  };
})();</script>`;

const withReporter = (html: string, next: string) => {
  const end = html.indexOf('</script>') + '</script>'.length;
  if (end < 9) throw Error('a measured page needs an inline script that defines window.__done');
  return html.slice(0, end) + reporter(next) + html.slice(end);
};

/**
 * Loads `loads` in order in one Chromium without DevTools (first views on sites of their own, repeat views on
 * one site, see the file comment), after one load of each kind that is not measured (the browser's own first
 * page and first repeat). `scripts` are served at `/s/<name>.js`, cacheable for a year as a CDN serves them.
 * Resolves with each load's marks, filed by key in the order loaded; a run that stalls fails.
 */
export const visitorLoads = async (loads: Load[], scripts: Record<string, string> = {}): Promise<Record<string, Marks[]>> => {
  const warmUps = [loads.find((load) => load.first), loads.find((load) => !load.first)].filter((load): load is Load => !!load);
  const all = [...warmUps.map((load) => ({ ...load, key: '' })), ...loads];
  const reports: Marks[] = [];
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    const script = /^\/s\/(\w+)\.js$/.exec(url)?.[1];
    const page = /^\/p(\d+)\/bench$/.exec(url)?.[1];
    if (page !== undefined) {
      const load = all[Number(page)];
      if (!load) return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>end</title>');
      response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(withReporter(load.html, addressOf(Number(page) + 1)));
    } else if (url === '/__report') {
      let body = '';
      request.on('data', (chunk) => (body += chunk)).on('end', () => {
        response.writeHead(204).end();
        reports.push(JSON.parse(body));
        if (reports.length === all.length) finished();
      });
    } else if (script && scripts[script]) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000' }).end(scripts[script]);
    } else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The measured pages' URL rules expect a path that ends in /bench.
  const addressOf = (index: number) => `http://${all[index]?.first === false ? 'repeat' : `v${index}`}.localhost:${port}/p${index}/bench`;
  const profile = mkdtempSync(join(tmpdir(), 'varia-visitor-'));
  const chromium = spawn(findFullChromium() ?? 'chromium', ['--headless', ...CHROMIUM_ARGS, ...FOREGROUND_ARGS, `--user-data-dir=${profile}`, addressOf(0)], { stdio: 'ignore', detached: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), PER_PAGE_MS * all.length)));
    if ((await Promise.race([done, stalled])) === 'stalled') throw Error(`the visitor loads stalled after ${reports.length} of ${all.length} pages`);
  } finally {
    clearTimeout(timer);
    // The whole process group: Chromium's renderer and utility processes too, before its profile goes.
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    try {
      process.kill(-chromium.pid!, 'SIGKILL');
    } catch {
      chromium.kill('SIGKILL');
    }
    await exited;
    await new Promise((resolve) => server.close(resolve));
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
  const out: Record<string, Marks[]> = {};
  reports.forEach((marks, index) => {
    const key = all[index].key;
    if (key) (out[key] ??= []).push(marks);
  });
  return out;
};
