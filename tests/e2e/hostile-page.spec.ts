/**
 * Hostile page environments, in Chromium against the local collector (project tests/fixtures/projects/e2e-fuzz):
 * - an old library's `Array.prototype.toJSON` (Prototype.js) and a page that replaces `JSON.stringify`:
 *   batches still arrive well formed (the collector refuses a malformed one with a 400), and the pending
 *   events kept in local storage are still a list;
 * - a page without `MutationObserver`: changes still apply, found by polling.
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
