/**
 * The stand-in marketing homepage (config/homepage/site/): `GET /` and each locale prefix
 * (`/pt-br`, `/ko-kr`, ...) render the page with the homepage project's snippet in `<head>` (a locale
 * page with its copy's page part, `/snippets/homepage.copy-<locale>.js`, just before), under the
 * strict CSP every page gets; `GET /site/...` serves the page's own stylesheet, script and images.
 * Files are read on each request, so an edit shows on reload without restarting the services.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HOMEPAGE_SNIPPET_SRC } from '../../config/homepage/ids';
import { LOCALES } from '../../config/homepage/page-contract';
import { renderHomepage, SITE_BASE } from '../../config/homepage/site/render';
import type { RouteRequest, Router } from '../router';
import { CONTENT_TYPES, sendBody, sendHtml, sendNotFound } from '../responses';

const SITE_DIR = fileURLToPath(new URL('../../config/homepage/site/', import.meta.url));

/** The page's own files: URL path under /site/ -> file under config/homepage/site/ and its type. */
const SITE_FILES: Readonly<Record<string, readonly [file: string, type: string]>> = {
  'styles.css': ['styles.css', CONTENT_TYPES.css],
  'page.js': ['page.js', CONTENT_TYPES.javascript],
  'queue.js': ['queue.js', CONTENT_TYPES.javascript],
};

/** The cookie that stands in for the edge's geo-IP answer on loopback (tests set it to force a country). */
export const GEO_COUNTRY_COOKIE = 'site_geo_country';

/**
 * The geolocation script the homepage snippet's location provider loads: it answers with the country
 * of {@link GEO_COUNTRY_COOKIE}, or `ZZ` (ISO 3166's "unknown country") when there is none, since a
 * loopback address has no location. It always answers, so no decision waits for the timeout.
 */
function geolocationScript(cookieHeader: string | undefined): string {
  const match = /(?:^|;\s*)site_geo_country=([A-Za-z]{2})(?:;|$)/.exec(cookieHeader ?? '');
  const country = match ? match[1].toUpperCase() : 'ZZ';
  return `window.varia = window.varia || [];\nwindow.varia.push(['geolocation', { location: { country: '${country}' } }]);\n`;
}

/** Image names under /site/assets/: lower-case words and `.svg` only, so no path can climb out. */
const ASSET_NAME = /^[a-z0-9-]+\.svg$/;

async function sendSiteFile(res: RouteRequest['res'], path: string, file: string, type: string): Promise<void> {
  try {
    sendBody(res, 200, type, await readFile(SITE_DIR + file));
  } catch {
    sendNotFound(res, path);
  }
}

/** Adds the homepage routes: the page per locale and its files. */
export function homepageRoutes(router: Router): void {
  for (const locale of LOCALES) {
    router.get(`/${locale}`, ({ res }) => {
      sendHtml(res, 200, renderHomepage(locale, { snippetSrc: HOMEPAGE_SNIPPET_SRC }));
    });
  }
  router.get(`${SITE_BASE}/geolocation.js`, ({ req, res }) => {
    sendBody(res, 200, CONTENT_TYPES.javascript, geolocationScript(req.headers.cookie));
  });
  router.get(`${SITE_BASE}/:file`, async ({ res, url, params }) => {
    const entry = SITE_FILES[params.file];
    if (!entry) return sendNotFound(res, url.pathname);
    await sendSiteFile(res, url.pathname, entry[0], entry[1]);
  });
  router.get(`${SITE_BASE}/assets/:file`, async ({ res, url, params }) => {
    if (!ASSET_NAME.test(params.file)) return sendNotFound(res, url.pathname);
    await sendSiteFile(res, url.pathname, `assets/${params.file}`, CONTENT_TYPES.svg);
  });
}
