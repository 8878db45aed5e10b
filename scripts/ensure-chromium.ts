/**
 * `npm run chromium`: makes sure the Chromium used by the browser tests exists, installing it
 * when missing (see scripts/lib/chromium.ts), and prints where it is.
 */
import { chromiumVersion, ensureChromium } from './lib/chromium';

try {
  const path = ensureChromium();
  const version = chromiumVersion(path);
  console.log(version ? `[chromium] ready: ${version} (${path})` : `[chromium] ready: ${path} (it did not report a version)`);
} catch (error) {
  console.error(`[chromium] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
