/**
 * Vitest: two projects.
 * - `unit`: Node, tests/unit/ (kernel and plugins with a real kernel, no browser).
 * - `browser`: real Chromium through Playwright, tests/browser/ (cookies, storage, frames,
 *   layout and MutationObserver timing that a simulated DOM gets wrong).
 * Run one with `vitest run --project unit|browser`; `npm test` runs both.
 */
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
// `.js` resolves to the .ts file; Vite's config loader warns about extensionless imports here.
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium.js';
import { MUTATION_TESTING_ENV } from './scripts/lib/mutation-areas.js';

const chromiumPath = findChromium();
if (!chromiumPath) {
  // Playwright would then look for its own download and fail with a less helpful message.
  console.warn('[vitest] No Chromium found for the browser project: run `npm run chromium` to install one.');
}

/**
 * Sized for a shared 2-core CI machine under load, where a test that bundles a snippet or drives
 * Chromium can take several times its idle duration; a test that hangs still fails well inside CI's time.
 * Under mutation testing (`npm run mutate`) the code is instrumented and runs several times slower
 * again; Stryker's own timeout, not this one, stops a mutant that makes a test hang.
 */
const TEST_TIMEOUT_MS = process.env[MUTATION_TESTING_ENV] ? 120_000 : 30_000;

/** Under mutation testing, mutants are switched on before the test file loads (see the file). */
const SETUP_FILES = process.env[MUTATION_TESTING_ENV] ? ['tests/support/mutant-activation.ts'] : [];

/**
 * The package's own name (`varia/testing`...) resolves to its TypeScript sources here, through the exports'
 * `source` condition; installed elsewhere it resolves to the built JavaScript in dist/lib.
 */
const SOURCE = { resolve: { conditions: ['source', ...defaultClientConditions] }, ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } } };

export default defineConfig({
  test: {
    // Two test files at a time in each project (Vitest's default is the cores less one: one here). Many
    // tests wait on a child process, a socket or a page, so a single worker left a core of CI's two idle
    // (1.3 cores used); time-bound tests count CPU time (tests/support/time-bound.ts), not the clock.
    maxWorkers: 2,
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    projects: [
      {
        ...SOURCE,
        test: {
          name: 'unit',
          environment: 'node',
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
          setupFiles: SETUP_FILES,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
        },
      },
      {
        ...SOURCE,
        test: {
          name: 'browser',
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: TEST_TIMEOUT_MS,
          setupFiles: SETUP_FILES,
          include: ['tests/browser/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: [...CHROMIUM_ARGS] },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
