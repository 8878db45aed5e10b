/**
 * Opening the stand-in homepage with the homepage-widgets fixture snippet
 * (tests/fixtures/projects/e2e-homepage-widgets) in place of the homepage project's: the request for
 * the homepage snippet is answered with the fixture's built snippet, so the page, its CSP, its own
 * scripts and the local services (assets, spreadsheet service) are all the real ones, and each test
 * picks its widget case with the `case` query parameter.
 */
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { HOMEPAGE_SNIPPET_SRC } from '../../config/homepage/ids';

const FIXTURE_SNIPPET = fileURLToPath(new URL('../../dist/snippets/e2e-homepage-widgets.js', import.meta.url));

/** Opens `/?case=<name>` with the fixture snippet; `log` turns the runtime's warnings on (console). */
export async function openCase(page: Page, name: string, options: { log?: boolean } = {}): Promise<void> {
  await page.route(`**${HOMEPAGE_SNIPPET_SRC}`, (route) => route.fulfill({ path: FIXTURE_SNIPPET, contentType: 'application/javascript; charset=utf-8' }));
  await page.goto(`/?case=${name}${options.log ? '&varia_log=WARN' : ''}`);
}

/** Scrolls with the mouse wheel (real scrolling) until `selector`'s top is `offset` px below the viewport's bottom. */
export async function wheelTo(page: Page, selector: string, offset: number): Promise<void> {
  const [delta, target] = await page.evaluate(([sel, off]) => {
    const distance = document.querySelector(sel as string)!.getBoundingClientRect().top - innerHeight - (off as number);
    return [distance, scrollY + distance];
  }, [selector, offset] as const);
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, delta);
  // Waits for the scroll position, not the element's: what renders on the way may move the element.
  await page.waitForFunction((y) => Math.abs(scrollY - y) < 2, target);
}
