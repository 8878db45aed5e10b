/**
 * Playwright: end-to-end tests in tests/e2e/ against the local services, which the global
 * setup starts on a free loopback port (the same code `npm start` runs). Chromium is the one
 * scripts/lib/chromium.ts finds, launched with the flags this machine needs.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, findFullChromium } from './scripts/lib/chromium';
import { PLAYWRIGHT_OUTPUT_DIR, PLAYWRIGHT_REPORT, SERVICES_URL_ENV } from './scripts/lib/reports';

const chromiumPath = findChromium();

/**
 * Specs run on the full Chromium browser rather than the headless shell the others run on (see
 * scripts/lib/chromium.ts): a click 2 px inside the corner of a scaled cross-origin frame reaches the
 * frame in the browser (and in Electron's) but not in the shell, and the canvas's corners are what
 * that spec checks.
 */
const FULL_BROWSER_SPECS = ['editor-canvas-isolation.spec.ts'];
if (!chromiumPath) {
  console.warn('[playwright] No Chromium found: run `npm run chromium` to install one.');
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: PLAYWRIGHT_OUTPUT_DIR,
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Sized for a loaded 2-core CI machine (a page load there can take seconds); waits are for events,
  // so a passing test takes no longer for it.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: PLAYWRIGHT_REPORT }]],
  use: {
    // Unset in the main process while the config first loads; set by the global setup before workers start.
    baseURL: process.env[SERVICES_URL_ENV],
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: [...CHROMIUM_ARGS] },
    // A failed test keeps a trace of its actions, console and network. DOM snapshots and screenshots are
    // left out: taking them at every action made the end-to-end run about 20% slower (54 tests: 175-179 s
    // against 140-149 s without them, as without any trace). Re-run a failing test with `--trace on`
    // to step through its DOM.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS },
    {
      name: 'chromium-browser',
      testMatch: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: findFullChromium(), args: [...CHROMIUM_ARGS] } },
    },
  ],
});
