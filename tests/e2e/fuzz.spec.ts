/**
 * The runtime fuzzer (KRN-9, KRN-24): seeded hostile push and get calls in real Chromium, queued before
 * the snippet loads and pushed after it (tests/support/fuzz-page.ts; project tests/fixtures/projects/e2e-fuzz).
 * Nothing may be thrown into the page, synchronously or later; no prototype may be polluted; and the
 * runtime must still work afterwards: the change applied, tracking on, a new event delivered to the
 * collector.
 *
 * Bounded for `npm test` (2,000 calls before and 2,000 after load). Longer runs:
 * `VARIA_FUZZ_CALLS=20000 VARIA_FUZZ_SEED=7 npx playwright test tests/e2e/fuzz.spec.ts`.
 */
import { expect, test } from '../support/e2e-fixtures';
import { installFuzzer, type FuzzReport } from '../support/fuzz-page';
import { envNumber } from '../support/seeded';
import type { VariaApi } from '../support/varia-page';

const SEED = envNumber('VARIA_FUZZ_SEED', 20261125);
const CALLS = envNumber('VARIA_FUZZ_CALLS', 2000);

type FuzzWindow = { varia: VariaApi; __variaFuzz: { after(count: number, seed: number): Promise<FuzzReport> } };

test(`KRN-9 KRN-24 seeded fuzz (seed ${SEED}): ${CALLS} calls before and ${CALLS} after load, no page error, the runtime still tracking`, async ({
  page,
  pageProblems,
  request,
}) => {
  test.setTimeout(60_000 + CALLS * 20);
  await page.addInitScript(installFuzzer, { seed: SEED, before: CALLS });
  await page.goto('/demo/e2e-fuzz');
  await page.waitForFunction(() => !Array.isArray((window as unknown as { varia: unknown }).varia));

  const report = await page.evaluate(([count, seed]) => (window as unknown as FuzzWindow).__variaFuzz.after(count, seed), [CALLS, SEED + 1]);
  expect(report.calls).toBe(CALLS);
  expect(report.thrown, `seed ${SEED}: push/get threw`).toEqual([]);

  // The page's own events after the fuzz: a click (the click goal's delegation) and the page turning hidden (the beacon).
  await page.click('#demo-button');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  // Still working: the change applied, tracking on, and a new event reaches the collector.
  await expect(page.locator('#demo-text')).toHaveText('Fuzzed and still changed');
  const uuid = await page.evaluate(() => {
    const api = (window as unknown as FuzzWindow).varia;
    api.push(['sendEvents']);
    let id = '';
    const token = api.push(['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { uuid: string } }) => void (id = event.data.uuid)]);
    api.push(['event', 'buy', { revenue: 10 }]);
    api.push(['removeListener', token]);
    api.push(['sendEvents']);
    return id;
  });
  expect(uuid).not.toBe('');
  expect(await page.evaluate(() => ((window as unknown as FuzzWindow).varia.get('tracker') as { enabled(): boolean }).enabled())).toBe(true);
  await expect
    .poll(async () => {
      const answer = await request.get('/v1/events?projectId=e2e-fuzz');
      return ((await answer.json()) as { events: Array<{ uuid: string }> }).events.some((event) => event.uuid == uuid);
    }, { timeout: 20_000 })
    .toBe(true);

  const polluted = await page.evaluate(() => [
    ...Object.keys(Object.prototype),
    ...Object.keys(Array.prototype),
    ...Object.keys(Function.prototype),
    String(({} as Record<string, unknown>).polluted ?? ''),
  ].filter(Boolean));
  expect(polluted).toEqual([]);
  expect(pageProblems.pageErrors, `seed ${SEED}: errors reached the page`).toEqual([]);
});
