/**
 * Playwright fixtures for the end-to-end tests. `pageProblems` records, from before the first
 * navigation, everything that should never happen on a page running the snippet: console
 * errors, uncaught exceptions, failed requests and Content-Security-Policy violations.
 */
import { test as base, expect, type Page } from '@playwright/test';

/** One `securitypolicyviolation` event, as the page saw it. */
export interface CspViolation {
  readonly violatedDirective: string;
  readonly blockedURI: string;
  readonly sourceFile: string;
  readonly lineNumber: number;
}

/** What went wrong on the page so far. */
export interface PageProblems {
  /** Console messages of type `error`. */
  readonly consoleErrors: string[];
  /** Console messages of type `warning`. */
  readonly consoleWarnings: string[];
  /** Uncaught exceptions and unhandled rejections. */
  readonly pageErrors: string[];
  /** Requests that failed or were answered with a status of 400 or more. */
  readonly failedRequests: string[];
  /** Reads the CSP violations the current document has seen (kept in the page itself). */
  cspViolations(): Promise<CspViolation[]>;
}

/** The page-side array the init script fills; named so no product code would collide. */
const CSP_STORE = '__e2eCspViolations';

/**
 * Records `securitypolicyviolation` events in the page. Init scripts run through the
 * DevTools protocol, so the page's own CSP does not block this one.
 */
function recordCspViolations(store: string): void {
  const violations: unknown[] = [];
  (window as unknown as Record<string, unknown>)[store] = violations;
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      violations.push({
        violatedDirective: event.violatedDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
        lineNumber: event.lineNumber,
      });
    },
    true,
  );
}

/** Attaches the problem recorders to a page; call before its first navigation. */
export async function watchPageProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = {
    consoleErrors: [],
    consoleWarnings: [],
    pageErrors: [],
    failedRequests: [],
    cspViolations: () =>
      page.evaluate((store) => ((window as unknown as Record<string, CspViolation[]>)[store] ?? []).slice(), CSP_STORE),
  };
  await page.addInitScript(recordCspViolations, CSP_STORE);
  page.on('console', (message) => {
    const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : '';
    if (message.type() === 'error') problems.consoleErrors.push(message.text() + where);
    if (message.type() === 'warning') problems.consoleWarnings.push(message.text() + where);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  return problems;
}

/** Fixtures added to Playwright's `test`. */
export interface E2eFixtures {
  /** Problems recorded on `page` since before the test navigated. */
  pageProblems: PageProblems;
}

/** Playwright's `test` with {@link E2eFixtures}. */
export const test = base.extend<E2eFixtures>({
  pageProblems: async ({ page }, use) => {
    await use(await watchPageProblems(page));
  },
});

export { expect };
