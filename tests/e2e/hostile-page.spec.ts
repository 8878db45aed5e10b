/**
 * Hostile page environments, in Chromium against the local collector (project tests/fixtures/projects/e2e-fuzz):
 * - an old library's `Array.prototype.toJSON` (Prototype.js) and a page that replaces `JSON.stringify`:
 *   batches still arrive well formed (the collector refuses a malformed one with a 400), and the pending
 *   events kept in local storage are still a list;
 * - a page without `MutationObserver`: changes still apply, found by polling;
 * - a queued `load` of something that is no project (a DOM node, the window, cyclic data, a number): the
 *   built project still runs and tracks.
 * Each environment is set up by an init script, before the page's own scripts and the snippet.
 */
import { expect, test } from '../support/e2e-fixtures';
import type { VariaApi } from '../support/varia-page';

const DEMO = '/demo/e2e-fuzz';

test('TRK-39 TRK-41 a page with Array.prototype.toJSON and a replaced JSON.stringify still delivers well-formed batches', async ({ page, request, pageProblems }) => {
  await page.addInitScript(() => {
    // Prototype.js 1.6 style: arrays serialise to a string of their own making.
    Object.defineProperty(Array.prototype, 'toJSON', { value: function (this: unknown[]) { return 'array of ' + this.length; }, writable: true, configurable: true });
    JSON.stringify = (() => '{"replaced":true}') as typeof JSON.stringify;
  });
  const refused: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/v1/events') && response.status() >= 400) refused.push(response.status());
  });
  await page.goto(DEMO);
  const uuids = await page.evaluate(() => {
    const api = (window as unknown as { varia: VariaApi }).varia;
    const ids: string[] = [];
    const token = api.push(['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { uuid: string } }) => void ids.push(event.data.uuid)]);
    for (let i = 0; i < 3; i++) api.push(['event', 'buy', { revenue: i }, { list: [1, 2, 3] }]);
    api.push(['removeListener', token]);
    api.push(['sendEvents']);
    return ids;
  });
  expect(uuids).toHaveLength(3);
  await expect
    .poll(async () => {
      const answer = await request.get(`/v1/events?projectId=e2e-fuzz`);
      const stored = ((await answer.json()) as { events: Array<{ uuid: string }> }).events.map((event) => event.uuid);
      return uuids.filter((uuid) => stored.includes(uuid)).length;
    }, { timeout: 15_000 })
    .toBe(3);
  expect(refused).toEqual([]);
  // What is kept in local storage is a list (JSON.parse is the page's own and untouched).
  const pending = await page.evaluate(() => typeof JSON.parse(localStorage.getItem('varia_pending_events') ?? '[]'));
  expect(pending).toBe('object');
  expect(pageProblems.pageErrors).toEqual([]);
});

test('CHG-22 KRN-9 without MutationObserver, changes still apply (polling fallback), also to an element the page renders later', async ({ page, pageProblems }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'MutationObserver', { value: undefined, configurable: true, writable: true });
    // 300 ms after DOM ready (inside the 2 s observation window) the page renders the element again.
    document.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        const copy = document.createElement('p');
        copy.id = 'demo-text';
        copy.dataset.late = 'yes';
        copy.textContent = 'Rendered again by the page';
        document.getElementById('demo-text')!.replaceWith(copy);
      }, 300),
    );
  });
  await page.goto(DEMO);
  expect(await page.evaluate(() => typeof window.MutationObserver)).toBe('undefined');
  // Only a poll can find the late element: no observer reports it.
  await expect(page.locator('#demo-text[data-late]')).toHaveText('Fuzzed and still changed');
  expect(pageProblems.pageErrors).toEqual([]);
});

test('KRN-9 KRN-26 a queued load of a DOM node, the window, cyclic data or a number costs only itself: the built project runs and tracks', async ({ page, pageProblems }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => void (message.type() == 'error' && consoleErrors.push(message.text())));
  await page.addInitScript(() => {
    const cyclic: Record<string, any> = { projectId: 'x', accountId: 'a', layers: [{ id: 'l', experiments: [{ id: 'e' }] }] };
    cyclic.self = cyclic;
    cyclic.layers[0].parent = cyclic;
    cyclic.layers[0].experiments[0].layer = cyclic.layers[0];
    const cases: Record<string, unknown> = { 'node': document.createElement('div'), 'window': window, 'cyclic': cyclic, 'number': 42 };
    (window as unknown as { varia: unknown[] }).varia = [['load', cases[new URLSearchParams(location.search).get('case') ?? '']]];
  });
  const expected: Record<string, string> = {
    'node': 'Load refused, the built-in project runs: not a plain object',
    'window': 'Load refused, the built-in project runs: not a plain object',
    'cyclic': 'Load refused, the built-in project runs: it holds itself',
    // The kernel refuses a value that is not an object itself, before any preparation.
    'number': 'ApiError: Invalid project data',
  };
  for (const [name, message] of Object.entries(expected)) {
    consoleErrors.length = 0;
    // Errors are logged at the ERROR level and above (off by default).
    await page.goto(`${DEMO}?varia_log=ERROR&case=${name}`);
    await expect(page.locator('#demo-text')).toHaveText('Fuzzed and still changed');
    const tracked = await page.evaluate(() => {
      const api = (window as unknown as { varia: VariaApi }).varia;
      const ids: string[] = [];
      api.push(['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { uuid: string } }) => void ids.push(event.data.uuid)]);
      api.push(['event', 'buy']);
      return ids.length;
    });
    expect(tracked, name).toBe(1);
    expect(consoleErrors, name).toEqual([`[Varia] ${message}`]);
  }
  expect(pageProblems.pageErrors).toEqual([]);
});

test('KRN-9 a page whose Promise.prototype.then throws (replaced before the snippet) still gets its change and tracks', async ({ page, request }) => {
  await page.addInitScript(() => {
    const original = Promise.prototype.then;
    // A broken polyfill: every `then` throws; the page's own promises are its problem, not the runtime's.
    Promise.prototype.then = function () {
      throw new Error('then is broken on this page');
    } as typeof original;
  });
  await page.goto(DEMO);
  await expect(page.locator('#demo-text')).toHaveText('Fuzzed and still changed');
  const uuid = await page.evaluate(() => {
    const api = (window as unknown as { varia: VariaApi }).varia;
    let id = '';
    api.push(['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { uuid: string } }) => void (id = event.data.uuid)]);
    api.push(['event', 'buy']);
    api.push(['sendEvents']);
    return id;
  });
  expect(uuid).not.toBe('');
  await expect
    .poll(async () => {
      const answer = await request.get(`/v1/events?projectId=e2e-fuzz`);
      return ((await answer.json()) as { events: Array<{ uuid: string }> }).events.some((event) => event.uuid === uuid);
    }, { timeout: 15_000 })
    .toBe(true);
});
