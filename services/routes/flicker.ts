/**
 * `GET /flicker`: a host page that paints slowly, for the flicker-free end-to-end test
 * (tests/e2e/flicker.spec.ts). The HTML is streamed in chunks with pauses, so the browser paints
 * partial pages; the e2e-flicker project's snippet loads synchronously in <head> and changes
 * elements that arrive later, one of them split across two chunks mid-element. `?delay=<ms>`
 * sets the pause (default 250). Under the same strict CSP as every page.
 */
import type { Router } from '../router';
import { CONTENT_SECURITY_POLICY, CONTENT_TYPES } from '../responses';

const HEAD = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flicker test</title>
<link rel="icon" href="/assets/favicon.svg">
<script src="/snippets/e2e-flicker.js"></script>
</head><body>
`;

/** The chunks after the head; a pause is taken before each. */
const CHUNKS = [
  `<h1 class="hero">Original headline</h1>\n<p class="gated">Gated original</p>\n`,
  `<ul><li class="item">Original item 1</li>\n`,
  `<li class="item">Original item 2</li></ul>\n<p class="late">Original la`,
  `te text</p>\n`,
  `<p>The end of the page.</p>\n</body></html>\n`,
];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds the flicker page route. */
export function flickerRoutes(router: Router): void {
  router.get('/flicker', async ({ res, url }) => {
    const delay = Math.min(Number(url.searchParams.get('delay') ?? 250) || 0, 2000);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES.html,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    // Pad the first chunk past the size Chromium buffers before it starts parsing and painting.
    res.write(HEAD + `<!--${' '.repeat(2048)}-->\n`);
    for (const chunk of CHUNKS) {
      await wait(delay);
      if (res.destroyed) return;
      res.write(chunk);
    }
    res.end();
  });
}
