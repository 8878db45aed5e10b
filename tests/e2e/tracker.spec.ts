/**
 * The batch tracker against the real collector of the local services, in Chromium: nothing is lost
 * when the collector is down, when a page closes mid-batch or when pending events wait for a reload;
 * counting events at the collector by uuid against the events pushed shows none lost, none duplicated.
 * Project: tests/fixtures/projects/e2e-tracker (no pages or visitor plugin: the tracker keeps its own visitor id).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import type { VariaApi } from '../support/varia-page';

const DEMO = '/demo/e2e-tracker';
const EVENTS_ROUTE = '**/v1/events';

/** Pushes `count` `buy` events on the page; returns their uuids, as the tracker announced them. */
const pushEvents = (page: Page, count: number, send = false): Promise<string[]> =>
  page.evaluate(
    ({ count, send }) => {
      const api = (window as unknown as { varia: VariaApi }).varia;
      const uuids: string[] = [];
      const token = api.push(['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { uuid: string } }) => uuids.push(event.data.uuid)]);
      for (let i = 0; i < count; i++) api.push(['event', 'buy', { index: i, revenue: i }]);
      api.push(['removeListener', token]);
      if (send) api.push(['sendEvents']);
      return uuids;
    },
    { count, send },
  );
const visitorIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('varia_tracker_visitor_id') ?? 'null'));
const pendingOf = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('varia_pending_events') ?? '[]'));
/** uuids of the visitor's events the collector stored, of the given type. */
const collected = async (request: APIRequestContext, visitorId: string, type = 'custom'): Promise<string[]> => {
  const response = await request.get(`/v1/events?projectId=e2e-tracker&visitorId=${encodeURIComponent(visitorId)}`);
  const { events } = (await response.json()) as { events: Array<{ uuid: string; type: string }> };
  return events.filter((event) => event.type == type).map((event) => event.uuid);
};

test.describe('tracker against the collector', () => {
  test('TRK-39 TRK-37 events sent while the collector is down arrive after it comes back', async ({ page, request }) => {
    let refused = 0;
    await page.route(EVENTS_ROUTE, (route) => {
      refused++;
      return route.abort('connectionrefused');
    });
    await page.goto(DEMO);
    const pushed = await pushEvents(page, 5, true);
    await expect.poll(() => refused).toBeGreaterThan(0);
    expect(await pendingOf(page)).toHaveLength(1);
    await page.unroute(EVENTS_ROUTE);
    const visitorId = await visitorIdOf(page);
    await expect.poll(() => collected(request, visitorId), { timeout: 10_000 }).toHaveLength(5);
    expect((await collected(request, visitorId)).sort()).toEqual([...pushed].sort());
    await expect.poll(() => pendingOf(page)).toEqual([]);
  });

  test('TRK-13 TRK-40 events of a page closed mid-batch arrive by beacon', async ({ page, request }) => {
    await page.goto(DEMO);
    const pushed = await pushEvents(page, 4);
    const visitorId = await visitorIdOf(page);
    // Inside the 10 s batch window nothing has been sent yet.
    expect(await collected(request, visitorId)).toEqual([]);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => collected(request, visitorId), { timeout: 10_000 }).toHaveLength(4);
    expect((await collected(request, visitorId)).sort()).toEqual([...pushed].sort());
  });

  test('TRK-13 events of a page left for another mid-batch arrive by beacon', async ({ page, request }) => {
    await page.goto(DEMO);
    const pushed = await pushEvents(page, 3);
    const visitorId = await visitorIdOf(page);
    await page.goto('/');
    await expect.poll(() => collected(request, visitorId), { timeout: 10_000 }).toHaveLength(3);
    expect((await collected(request, visitorId)).sort()).toEqual([...pushed].sort());
  });

  test('TRK-38 a reload resends what was pending', async ({ page, request, baseURL }) => {
    // The browser is offline for the first two loads: no beacon, and every fetch fails before it leaves
    // (a keepalive request sent on page hide cannot slip past a route). The events can only leave through
    // the pending store. The switch is a cookie, so the last reload is online.
    await page.context().addCookies([{ name: 'e2e_offline', value: '1', url: baseURL! }]);
    await page.addInitScript(() => {
      if (!document.cookie.includes('e2e_offline=1')) return;
      (window as unknown as { __attempts: number }).__attempts = 0;
      Object.defineProperty(navigator, 'sendBeacon', { value: () => false });
      window.fetch = () => {
        (window as unknown as { __attempts: number }).__attempts++;
        return Promise.reject(new TypeError('Failed to fetch'));
      };
    });
    await page.goto(DEMO);
    const visitorId = await visitorIdOf(page);
    const pushed = await pushEvents(page, 3, true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __attempts: number }).__attempts)).toBeGreaterThan(0);
    await page.reload();
    expect(await pendingOf(page)).toHaveLength(1);
    expect(await collected(request, visitorId)).toEqual([]);
    await page.context().clearCookies({ name: 'e2e_offline' });
    await page.reload();
    await expect.poll(() => collected(request, visitorId), { timeout: 10_000 }).toHaveLength(3);
    expect((await collected(request, visitorId)).sort()).toEqual([...pushed].sort());
    await expect.poll(() => pendingOf(page)).toEqual([]);
  });

  test('TRK-39 TRK-16 zero lost, zero duplicated: events pushed across pages on a flaky collector, counted by uuid', async ({ page, request }) => {
    test.setTimeout(45_000);
    let requests = 0;
    // Every other request to the collector fails.
    await page.route(EVENTS_ROUTE, (route) => (++requests % 2 ? route.abort('connectionreset') : route.continue()));
    await page.goto(DEMO);
    const visitorId = await visitorIdOf(page);
    const pushed = [...(await pushEvents(page, 15, true)), ...(await pushEvents(page, 5))];
    await page.reload();
    pushed.push(...(await pushEvents(page, 10, true)));
    // A redirect's decision relayed twice (say, the relay cookie read by two loads) is counted once.
    const redirect = { layerId: 'L-e2e', experimentId: 'X-e2e', variationId: 'V-e2e', isLayerHoldback: false, decisionId: `d-${visitorId}`, visitorId, timestamp: Date.now() };
    for (let i = 0; i < 2; i++) {
      await page.evaluate((data) => {
        const api = (window as unknown as { varia: VariaApi }).varia;
        (api.get('event_emitter') as { emit(event: unknown): void }).emit({ type: 'tracking', name: 'redirectDecision', data });
      }, redirect);
    }
    pushed.push(...(await pushEvents(page, 10)));
    await page.goto('/');
    await page.goto(DEMO);
    pushed.push(...(await pushEvents(page, 5, true)));
    await expect.poll(() => collected(request, visitorId), { timeout: 30_000 }).toHaveLength(pushed.length);
    const stored = await collected(request, visitorId);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.sort()).toEqual([...new Set(pushed)].sort());
    expect(pushed).toHaveLength(45);
    await expect.poll(() => collected(request, visitorId, 'campaign_activated')).toEqual([`d-${visitorId}`]);
  });

  test('the snippet loads and tracks with no console errors or CSP violations', async ({ page, pageProblems, request }) => {
    await page.goto(DEMO);
    const visitorId = await visitorIdOf(page);
    await pushEvents(page, 2, true);
    await expect.poll(() => collected(request, visitorId)).toHaveLength(2);
    const summary = await (await request.get('/v1/summary?projectId=e2e-tracker')).json();
    expect(summary.eventsByKey.buy).toBeGreaterThanOrEqual(2);
    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });
});
