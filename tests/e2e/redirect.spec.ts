/**
 * A redirect across two pages with the whole runtime (tests/fixtures/projects/e2e-redirect, built with the standard
 * preset; pages /redirect/a and /redirect/b served by services/routes/redirect.ts) and the real
 * collector of the local services. The only layer runs on page A; its only variation redirects to B.
 * The relay cookie is looked at while the navigation to B is held (page.route, continued untouched);
 * what the collector stored is read back through `GET /v1/events?projectId=&visitorId=`. The
 * collector's database outlives a run, so everything is counted per visitor.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import type { VariaApi } from '../support/varia-page';

const PROJECT = 'e2e-redirect';
const RELAY_COOKIE = 'varia_redirect';
const LAYER = 'layer-redirect';

interface StoredEvent {
  uuid: string;
  type: string;
  key: string | null;
  entityId: string | null;
  visitorId: string;
}

/** Events the collector stored for one visitor of the project. */
const collected = async (request: APIRequestContext, visitorId: string): Promise<StoredEvent[]> => {
  const response = await request.get(`/v1/events?projectId=${PROJECT}&visitorId=${encodeURIComponent(visitorId)}`);
  return ((await response.json()) as { events: StoredEvent[] }).events;
};

/** The relay cookie's fields: `key=value` pairs joined by `&`, values URI-encoded JSON, the whole URI-encoded by the cookie store. */
const decodeRelay = (cookieValue: string): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const segment of decodeURIComponent(cookieValue).split('&')) {
    const at = segment.indexOf('=');
    out[segment.slice(0, at)] = JSON.parse(decodeURIComponent(segment.slice(at + 1)));
  }
  return out;
};

/** The visitor id page B's runtime uses. */
const visitorIdOn = (page: Page): Promise<string> =>
  page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('visitor') as { id(): string }).id());

/** One tracker batch as sent: its visitor and events (short or long event keys). */
interface SentBatch {
  visitorId: string;
  events: Array<{ type: string; key?: string; entityId?: string }>;
}

/** The batches a collector request carries (one batch or a list); [] when it is not JSON. */
const batchesOf = (request: Request): SentBatch[] => {
  let body: unknown;
  try {
    body = JSON.parse(request.postData() ?? '');
  } catch {
    return [];
  }
  type RawBatch = { visitors: Array<{ visitor_id: string; snapshots: Array<{ events: Array<Record<string, string>> }> }> };
  return (Array.isArray(body) ? body : [body]).flatMap((batch: RawBatch) =>
    batch.visitors.map((visitor) => ({
      visitorId: visitor.visitor_id,
      events: visitor.snapshots.flatMap((snapshot) =>
        snapshot.events.map((event) => ({ type: event.type ?? event.y, key: event.key ?? event.k, entityId: event.entity_id ?? event.e })),
      ),
    })),
  );
};

test.describe('redirect across pages', () => {
  test('DEC-42 DEC-43 DEC-46 DEC-48 PAG-32 CHG-11 TRK-16 the visitor lands on B, the relay cookie crosses the redirect and the decision is tracked once', async ({
    page,
    context,
    request,
    pageProblems,
  }) => {
    // The relay cookie as the browser holds it when the navigation to B starts (before B's snippet runs).
    let relayAtNavigation: { value: string; expires: number; seenAt: number } | undefined;
    let visitorCookieOnA: string | undefined;
    await page.route('**/redirect/b', async (route) => {
      // The page writes the cookie just before it navigates; the browser's cookie store can take that write in
      // after the navigation has started, so B is held (for at most two seconds) until the store has it.
      let cookies = await context.cookies();
      for (let tries = 0; tries < 40 && !cookies.some((cookie) => cookie.name === RELAY_COOKIE); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        cookies = await context.cookies();
      }
      const relay = cookies.find((cookie) => cookie.name === RELAY_COOKIE);
      if (relay) relayAtNavigation = { value: relay.value, expires: relay.expires, seenAt: Date.now() / 1000 };
      visitorCookieOnA = cookies.find((cookie) => cookie.name === 'varia_visitor_id')?.value;
      await route.continue();
    });
    const posts: Request[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/v1/events') posts.push(req);
    });

    await page.goto('/redirect/a');
    await expect(page).toHaveURL(/\/redirect\/b$/);
    await expect(page.locator('#redirect-page')).toHaveText('Page B (destination)');

    // DEC-42, DEC-43, CHG-11: written on A before navigating, the decision's fields, 5 s max age.
    expect(relayAtNavigation, 'the relay cookie exists when B is requested').toBeDefined();
    const relay = decodeRelay(relayAtNavigation!.value);
    expect(relay).toMatchObject({ c: LAYER, x: 'exp-redirect', v: 'var-redirect', pr: PROJECT, ac: 'e2e-account', cp: 'single_experiment', h: false });
    expect(typeof relay.u).toBe('string');
    expect(typeof relay.d).toBe('string');
    const lifetime = relayAtNavigation!.expires - relayAtNavigation!.seenAt;
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(5);

    // DEC-46, DEC-48: B read it in activation step 4 and removed it.
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === RELAY_COOKIE)).toBe(false);
    expect(await page.evaluate(() => document.cookie.includes('varia_redirect='))).toBe(false);
    const redirectInfo = await page.evaluate(() =>
      ((window as unknown as { varia: VariaApi }).varia.get('state') as { getRedirectInfo(): unknown }).getRedirectInfo(),
    );
    expect(redirectInfo).toMatchObject({ layerId: LAYER, experimentId: 'exp-redirect', variationId: 'var-redirect' });

    // One visitor on both pages.
    const visitorId = await visitorIdOn(page);
    expect(relay.u).toBe(visitorId);
    expect(visitorCookieOnA && decodeURIComponent(visitorCookieOnA)).toBe(visitorId);

    // Send B's own open batch now rather than at the end of the batch window.
    await page.evaluate(() => (window as unknown as { varia: VariaApi }).varia.push(['sendEvents']));
    await expect
      .poll(async () => (await collected(request, visitorId)).map((event) => event.key ?? event.type).sort(), { timeout: 10_000 })
      .toEqual(['campaign_activated', 'client_activation', 'client_activation', 'redirect_a', 'redirect_b']);

    // A reload finds no relay cookie any more: nothing is tracked again.
    await page.reload();
    await page.evaluate(() => (window as unknown as { varia: VariaApi }).varia.push(['sendEvents']));
    await expect
      .poll(async () => (await collected(request, visitorId)).filter((event) => event.key === 'redirect_b').length, { timeout: 10_000 })
      .toBe(2);
    const stored = await collected(request, visitorId);
    const decisions = stored.filter((event) => event.type === 'campaign_activated');
    // The redirect variation's decision arrived exactly once, as the relayed decision id (DEC-46).
    expect(decisions).toEqual([expect.objectContaining({ entityId: LAYER, uuid: relay.d, visitorId })]);
    expect(new Set(stored.map((event) => event.visitorId))).toEqual(new Set([visitorId]));

    // TRK-16: B sent the relayed decision in a batch of its own (the previous batch), before its own page view.
    const sent = posts.flatMap(batchesOf);
    const relayedAt = sent.findIndex((batch) => batch.events.some((event) => event.type === 'campaign_activated'));
    expect(relayedAt).toBeGreaterThanOrEqual(0);
    expect(sent[relayedAt]).toEqual({ visitorId, events: [expect.objectContaining({ type: 'campaign_activated', entityId: LAYER })] });
    const pageViewOfB = sent.findIndex((batch) => batch.events.some((event) => event.key === 'redirect_b'));
    expect(pageViewOfB).toBeGreaterThan(relayedAt);

    // The collector's summary agrees: every visitor of the redirect variation is counted with one decision.
    const summary = (await (await request.get(`/v1/summary?projectId=${PROJECT}`)).json()) as {
      experiments: Array<{ experimentId: string; variations: Array<{ variationId: string; visitors: number; decisions: number }> }>;
    };
    const variation = summary.experiments.find((entry) => entry.experimentId === 'exp-redirect')?.variations.find((entry) => entry.variationId === 'var-redirect');
    expect(variation?.visitors).toBeGreaterThanOrEqual(1);
    expect(variation?.decisions).toBe(variation?.visitors);

    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  /**
   * A relay cookie as page A would write it, for a visitor that never saw A; `drop` leaves fields out,
   * `extra` adds raw segments. The visitor id is new each time, so the collector's per-visitor counts stay exact.
   */
  const craftedRelay = (decisionId: string, drop: string[] = [], extra: string[] = []) => {
    const fields: Record<string, unknown> = {
      u: `relay-${decisionId}`, d: decisionId, t: Date.now(), c: LAYER, cp: 'single_experiment', x: 'exp-redirect', v: 'var-redirect',
      ac: 'e2e-account', pr: PROJECT, r: '1', cl: 'js', cv: '0.224.0', h: false,
    };
    const segments = Object.entries(fields)
      .filter(([key]) => !drop.includes(key))
      .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`);
    return encodeURIComponent([...segments, ...extra].join('&'));
  };

  const relayedDecisionsSent = (posts: Request[]) =>
    posts.flatMap(batchesOf).flatMap((batch) => batch.events.filter((event) => event.type === 'campaign_activated'));

  test('DEC-45 unreadable relay segments are skipped and the rest of the decision is still relayed', async ({ page, context, baseURL }) => {
    const decisionId = `dec45-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await context.addCookies([{ name: RELAY_COOKIE, value: craftedRelay(decisionId, [], ['zz=1', 'xn=%7Bbroken']), url: baseURL! }]);
    const posts: Request[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/v1/events') posts.push(req);
    });
    await page.goto('/redirect/b');
    const info = await page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('state') as { getRedirectInfo(): unknown }).getRedirectInfo());
    expect(info).toMatchObject({ layerId: LAYER, experimentId: 'exp-redirect', variationId: 'var-redirect' });
    await expect.poll(() => relayedDecisionsSent(posts)).toEqual([expect.objectContaining({ entityId: LAYER })]);
    expect((await context.cookies()).some((cookie) => cookie.name === RELAY_COOKIE)).toBe(false);
  });

  test('DEC-44 a relay cookie missing a non-nullable field is rejected: nothing is relayed or tracked', async ({ page, context, baseURL, pageProblems }) => {
    await context.addCookies([{ name: RELAY_COOKIE, value: craftedRelay(`dec44-${Date.now()}`, ['u']), url: baseURL! }]);
    const posts: Request[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/v1/events') posts.push(req);
    });
    await page.goto('/redirect/b');
    const info = await page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('state') as { getRedirectInfo(): unknown }).getRedirectInfo());
    expect(info).toBeNull();
    await page.evaluate(() => (window as unknown as { varia: VariaApi }).varia.push(['sendEvents']));
    await expect.poll(() => posts.flatMap(batchesOf).some((batch) => batch.events.some((event) => event.key === 'redirect_b'))).toBe(true);
    expect(relayedDecisionsSent(posts)).toEqual([]);
    expect((await context.cookies()).some((cookie) => cookie.name === RELAY_COOKIE)).toBe(false);
    expect(pageProblems.pageErrors).toEqual([]);
  });
});
