/**
 * Playwright global setup: builds the snippets (unless scripts/test.ts just did), starts the
 * local services in this process on a free loopback port, and hands their URL to the test
 * workers through the environment. Returns the teardown that stops them.
 */
import { ensureDesktopBuild } from '../../scripts/lib/desktop-launch';
import { runNpmScript } from '../../scripts/lib/run-command';
import { SERVICES_TOKEN_ENV, SERVICES_URL_ENV, SNIPPETS_BUILT_ENV } from '../../scripts/lib/reports';
import { startServices } from '../../services/index';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[SNIPPETS_BUILT_ENV] !== '1') {
    // Testing stale snippets would pass or fail for the wrong reasons.
    const status = await runNpmScript('build:snippets');
    if (status !== 0) throw new Error(`npm run build:snippets failed (exit ${status}); no end-to-end test can run.`);
  }
  // The editor's tests run its renderer in web mode: built once per run, and only when desktop/ changed.
  if (!(await ensureDesktopBuild())) throw new Error('npm run build:desktop failed; the editor tests cannot run.');
  // The collector keeps its events in memory here: every run starts from an empty database.
  const services = await startServices({ port: 0, host: '127.0.0.1', dataDir: null });
  // Workers start after global setup and inherit this environment, config included.
  process.env[SERVICES_URL_ENV] = services.url;
  process.env[SERVICES_TOKEN_ENV] = services.sessionToken;
  return () => services.close();
}
