import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../../services/router';
import { HOMEPAGE_ASSET_BASE, homepageAssetRoutes, LOTTIE_PATH } from '../../../services/routes/homepage-assets';
import { TOPICS } from '../../../services/routes/homepage-assets/scenes';
import { SHEET_PREFIX, SHEET_SUFFIX, sheetRoutes } from '../../../services/routes/sheets';

let server: Server;
let base = '';
beforeAll(async () => {
  const router = createRouter();
  homepageAssetRoutes(router);
  sheetRoutes(router);
  server = createServer((req, res) => void router.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

const get = (path: string) => fetch(`${base}${path}`);

describe('homepage assets (the stand-in CDN and asset hosts)', () => {
  it('WID-92 serves Swiper 6.8.3 script and stylesheet from node_modules, cacheable', async () => {
    const script = await get(`${HOMEPAGE_ASSET_BASE}/npm/swiper@6.8.3/swiper-bundle.min.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toContain('Swiper 6.8.3');
    const css = await get(`${HOMEPAGE_ASSET_BASE}/npm/swiper@6.8.3/swiper-bundle.min.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('.swiper-container');
  });

  it('WID-53 serves the animation player (light build: no eval under a strict CSP)', async () => {
    const player = await get(`${HOMEPAGE_ASSET_BASE}/${LOTTIE_PATH}`);
    expect(player.status).toBe(200);
    const text = await player.text();
    expect(text).toContain('loadAnimation');
    expect(text).not.toMatch(/\beval\(|new Function/);
  });

  it('WID-37 WID-53 serves one Lottie animation and one static SVG image per topic', async () => {
    for (const topic of TOPICS) {
      const animation = (await (await get(`${HOMEPAGE_ASSET_BASE}/animations/${topic}.json`)).json()) as { v: string; layers: unknown[]; w: number; op: number };
      expect(animation.v).toMatch(/^5\./);
      expect(animation.layers.length).toBeGreaterThan(5);
      expect(animation.op).toBeGreaterThan(30);
      const image = await get(`${HOMEPAGE_ASSET_BASE}/images/use-cases/${topic}.svg`);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(await image.text()).toMatch(/^<svg [^>]*viewBox="0 0 560 420"/);
    }
    expect((await get(`${HOMEPAGE_ASSET_BASE}/animations/nope.json`)).status).toBe(404);
  });

  it('WID-51 serves a broken and a non-animation file for the fallback tests', async () => {
    await expect((await get(`${HOMEPAGE_ASSET_BASE}/animations/broken.json`)).json()).rejects.toThrow();
    expect(await (await get(`${HOMEPAGE_ASSET_BASE}/animations/empty.json`)).json()).not.toHaveProperty('layers');
  });
});

describe('stand-in spreadsheet service', () => {
  it('WID-87 WID-88 answers a table in the callback wrapper: 47 characters before, 2 after', async () => {
    const response = await get('/sheets/homepage-events/gviz/tq?tqx=out:json');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(SHEET_PREFIX).toHaveLength(47);
    expect(text.startsWith(SHEET_PREFIX)).toBe(true);
    expect(text.endsWith(SHEET_SUFFIX)).toBe(true);
    const table = JSON.parse(text.slice(47, -2)) as { table: { rows: { c: ({ v: string } | null)[] }[] } };
    expect(table.table.rows.length).toBeGreaterThanOrEqual(5);
    expect(table.table.rows[0].c).toHaveLength(8);
    expect(table.table.rows[0].c[3]?.v).toBe('Build faster with the document model');
  });

  it('WID-86 answers the test variants: malformed, truncated, oversized, failing, unknown', async () => {
    const malformed = (await (await get('/sheets/malformed/gviz/tq')).text()).slice(47, -2);
    expect(() => JSON.parse(malformed)).toThrow();
    const truncated = (await (await get('/sheets/truncated/gviz/tq')).text()).slice(47, -2);
    expect(() => JSON.parse(truncated)).toThrow();
    expect((await (await get('/sheets/oversized/gviz/tq')).text()).length).toBeGreaterThan(2_000_000);
    expect((await get('/sheets/failing/gviz/tq')).status).toBe(500);
    expect((await get('/sheets/unknown/gviz/tq')).status).toBe(404);
  });

  it('WID-86 the slow variant answers after the delay asked for', async () => {
    const started = Date.now();
    const response = await get('/sheets/slow/gviz/tq?delay=300');
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });
});
