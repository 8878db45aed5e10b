/**
 * The homepage widgets' remote assets, served locally as stand-ins for the public package CDN and
 * the provider's asset hosts (homepage-spec §7, WID-53, WID-92). Everything lives under one base
 * that the widgets take from their configuration ({@link HOMEPAGE_ASSET_BASE} by default):
 *
 * - `npm/swiper@6.8.3/swiper-bundle.min.{js,css}`: the slider library, from node_modules.
 * - `npm/lottie-web@<version>/build/player/lottie_light.min.js`: the animation player (SVG renderer,
 *   no expressions, so no `eval` under the page's strict CSP).
 * - `animations/<topic>.json`: one Lottie animation per use-case topic; `animations/broken.json`
 *   (not JSON) and `animations/empty.json` (JSON, not an animation) for the fallback tests.
 * - `images/use-cases/<topic>.svg`: the static images shown instead of the animations.
 * - `images/cards/<name>.svg`: artwork of the banner's cards.
 *
 * Versioned library files are cacheable for a year, like a CDN serves them; the rest is not cached.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Router } from '../router';
import { CONTENT_TYPES, sendBody, sendText } from '../responses';
import { cardScene } from './homepage-assets/cards';
import { sceneOf, TOPICS, type Topic } from './homepage-assets/scenes';
import { toLottie, toSvg } from './homepage-assets/scene';

/** Where the homepage's assets are served. */
export const HOMEPAGE_ASSET_BASE = '/assets/homepage';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const versionOf = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;

/** The library files, by URL path under the base, with where they are on disk. */
export const LIBRARY_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  [`npm/swiper@${versionOf('swiper')}/swiper-bundle.min.js`]: { file: join(packageDir('swiper'), 'swiper-bundle.min.js'), type: CONTENT_TYPES.javascript },
  [`npm/swiper@${versionOf('swiper')}/swiper-bundle.min.css`]: { file: join(packageDir('swiper'), 'swiper-bundle.min.css'), type: CONTENT_TYPES.css },
  [`npm/lottie-web@${versionOf('lottie-web')}/build/player/lottie_light.min.js`]: {
    file: join(packageDir('lottie-web'), 'build/player/lottie_light.min.js'),
    type: CONTENT_TYPES.javascript,
  },
};

/** Path of the animation player under the base, for the widgets' defaults and the tests. */
export const LOTTIE_PATH = `npm/lottie-web@${versionOf('lottie-web')}/build/player/lottie_light.min.js`;

const isTopic = (name: string): name is Topic => (TOPICS as string[]).includes(name);

function sendCached(res: ServerResponse, type: string, body: Buffer): void {
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff', 'Access-Control-Allow-Origin': '*' });
  res.end(body);
}

/** Adds the homepage asset routes. */
export function homepageAssetRoutes(router: Router): void {
  const files = new Map<string, Promise<Buffer>>();
  for (const [path, { file, type }] of Object.entries(LIBRARY_FILES)) {
    router.get(`${HOMEPAGE_ASSET_BASE}/${path}`, async ({ res }) => {
      if (!files.has(file)) files.set(file, readFile(file));
      sendCached(res, type, await files.get(file)!);
    });
  }
  router.get(`${HOMEPAGE_ASSET_BASE}/animations/:name`, ({ res, params }) => {
    const name = params.name.replace(/\.json$/, '');
    if (name === 'broken') return sendBody(res, 200, CONTENT_TYPES.json, '{"v":"5.7.4","layers":[{"ty":4,');
    if (name === 'empty') return sendBody(res, 200, CONTENT_TYPES.json, '{"message":"not an animation"}');
    if (!params.name.endsWith('.json') || !isTopic(name)) return sendText(res, 404, 'No such animation');
    sendBody(res, 200, CONTENT_TYPES.json, JSON.stringify(toLottie(sceneOf(name))));
  });
  router.get(`${HOMEPAGE_ASSET_BASE}/images/use-cases/:name`, ({ res, params }) => {
    const name = params.name.replace(/\.svg$/, '');
    if (!params.name.endsWith('.svg') || !isTopic(name)) return sendText(res, 404, 'No such image');
    sendBody(res, 200, CONTENT_TYPES.svg, toSvg(sceneOf(name)));
  });
  router.get(`${HOMEPAGE_ASSET_BASE}/images/cards/:name`, ({ res, params }) => {
    const scene = params.name.endsWith('.svg') ? cardScene(params.name.slice(0, -4)) : undefined;
    if (!scene) return sendText(res, 404, 'No such image');
    sendBody(res, 200, CONTENT_TYPES.svg, toSvg(scene));
  });
}
