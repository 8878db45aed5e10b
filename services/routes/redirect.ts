/**
 * `GET /redirect/a`, `/redirect/b`: two pages for the redirect end-to-end test (tests/e2e/redirect.spec.ts),
 * both running the e2e-redirect project's snippet in <head>. The project's only layer runs on page A
 * and its only variation redirects to page B, so a visitor who opens A lands on B. Same strict CSP as
 * every page.
 */
import type { Router } from '../router';
import { renderPage, sendHtml } from '../responses';

const PAGES: Record<string, string> = { a: 'Page A (redirects)', b: 'Page B (destination)' };

const renderRedirectPage = (name: string) =>
  renderPage({
    title: `Varia redirect test: ${name}`,
    head: '<script src="/snippets/e2e-redirect.js"></script>',
    body: `<main><h1 id="redirect-page">${PAGES[name]}</h1></main>`,
  });

/** Adds the redirect test pages. */
export function redirectRoutes(router: Router): void {
  for (const name of Object.keys(PAGES)) router.get(`/redirect/${name}`, ({ res }) => sendHtml(res, 200, renderRedirectPage(name)));
}
