/**
 * `GET /assets/services.css` and the icon: the static assets of the services' own pages.
 * They are served files, not inline <style> or `data:` URLs, because the pages' CSP
 * (default-src 'self') forbids those just as it forbids inline scripts.
 */
import type { Router } from '../router';
import { CONTENT_TYPES, FAVICON_PATH, sendBody } from '../responses';

/** A small "V" mark, so the tab is recognisable among other localhost pages. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#5b4bdb"/>
<path d="M8 8l8 17 8-17" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
</svg>
`;

const STYLESHEET = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 2rem 1.5rem; }
main { max-width: 46rem; margin: 0 auto; }
h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
p.lead { margin-top: 0; opacity: 0.75; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid #8884; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, monospace; font-size: 0.95em; }
.demo-block { border: 1px dashed #8888; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.demo-panel { font: 0.9rem/1.5 ui-monospace, monospace; background: #f6f7f9; border-radius: 6px; padding: 0.5rem 1rem; }
`;

/** Adds the stylesheet and icon routes. */
export function assetRoutes(router: Router): void {
  router.get('/assets/services.css', ({ res }) => {
    sendBody(res, 200, CONTENT_TYPES.css, STYLESHEET);
  });
  router.get(FAVICON_PATH, ({ res }) => {
    sendBody(res, 200, CONTENT_TYPES.svg, FAVICON);
  });
}
