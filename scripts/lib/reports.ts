/**
 * Where the test runners write their machine-readable results, read back by scripts/test.ts
 * for the one-line summary. Under test-results/ (git-ignored), but outside Playwright's own
 * output folder, which Playwright empties at the start of every run.
 */
import { join } from 'node:path';
import { REPO_ROOT } from './run-command';

/** Folder of the JSON reports. */
export const REPORTS_DIR = join(REPO_ROOT, 'test-results', 'reports');

/** Vitest's JSON report (both projects). */
export const VITEST_REPORT = join(REPORTS_DIR, 'vitest.json');

/** Playwright's JSON report. */
export const PLAYWRIGHT_REPORT = join(REPORTS_DIR, 'playwright.json');

/** Playwright's artifacts (traces, screenshots of failures). */
export const PLAYWRIGHT_OUTPUT_DIR = join(REPO_ROOT, 'test-results', 'playwright');

/**
 * Set by scripts/test.ts after it has built the snippets, so Playwright's global setup does
 * not build them a second time. Unset (e.g. `npm run test:e2e`), the setup builds them.
 */
export const SNIPPETS_BUILT_ENV = 'VARIA_SNIPPETS_BUILT';

/** Set by the Playwright global setup to the base URL of the services it started. */
export const SERVICES_URL_ENV = 'VARIA_SERVICES_URL';
/** The editor session token of those services, for end-to-end tests that call the editor's API from Node. */
export const SERVICES_TOKEN_ENV = 'VARIA_SERVICES_TOKEN';
