/**
 * `npm test` (and CI through .ci/run): every check, then one summary. Steps: Chromium present, a
 * throwaway PostgreSQL for the collector's tests (started when PostgreSQL is installed and
 * `VARIA_TEST_POSTGRES` names none; stopped and deleted after Vitest), Vitest (unit + browser projects),
 * snippet build, Playwright; beside Vitest, whose output is streamed, run typecheck, lint (Biome,
 * biome.json) and the editor's build for the end-to-end tests: they read only the sources and write
 * nothing Vitest reads, and on a 2-core machine Vitest leaves a core idle while its tests wait. Their
 * output is shown after Vitest's. A failed step that is not a test run (typecheck, build, Chromium)
 * counts as one failed test. The LAST line printed is exactly
 * `N passed, N failed` (plus `, N skipped` when some were), and the exit status is non-zero
 * on any failure.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { ensureChromium } from './lib/chromium';
import { desktopBuildIsStale } from './lib/desktop-launch';
import { postgresUnavailableReason, startThrowawayPostgres, TEST_POSTGRES_ENV, type ThrowawayPostgres } from './lib/postgres';
import { PLAYWRIGHT_REPORT, REPORTS_DIR, SNIPPETS_BUILT_ENV, VITEST_REPORT } from './lib/reports';
import { localBin, runCommand, runCommandQuietly, runNpmScript } from './lib/run-command';
import { addTally, emptyTally, formatTally, readPlaywrightTally, readVitestTally, type Tally } from './lib/test-summary';

interface StepResult {
  readonly name: string;
  readonly tally: Tally;
  /** A check (typecheck, build, Chromium) is shown as ok/failed rather than as counts. */
  readonly check: boolean;
  readonly seconds: number;
  readonly note?: string;
}

const results: StepResult[] = [];
const startedAt = Date.now();

/** The throwaway PostgreSQL of this run, if it started one: deleted whichever way the run ends. */
let postgres: ThrowawayPostgres | undefined;
process.on('exit', () => postgres?.destroy());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

function heading(title: string): void {
  console.log(`\n=== ${title} ===`);
}

/** Runs a step, timing it and recording its tally. */
async function step(
  name: string,
  run: () => Promise<{ tally: Tally; note?: string; check?: boolean }>,
): Promise<Tally> {
  heading(name);
  const began = Date.now();
  const { tally, note, check = false } = await run();
  results.push({ name, tally, note, check, seconds: (Date.now() - began) / 1000 });
  return tally;
}

/**
 * Starts a check that runs beside the streamed steps, its output kept; the answer shows its heading and
 * output and records it (in the order the answers are called), then tells whether it passed.
 */
function besideCheck(name: string, run: () => Promise<{ status: number; output: string }>, failedNote?: string): () => Promise<boolean> {
  const began = Date.now();
  const running = run().then((done) => ({ ...done, seconds: (Date.now() - began) / 1000 }));
  return async () => {
    const { status, output, seconds } = await running;
    heading(name);
    process.stdout.write(output);
    results.push({ name, tally: checkTally(status === 0), check: true, seconds, note: status === 0 ? undefined : failedNote });
    return status === 0;
  };
}

/** A step that is one check, not a test: failing counts as one failure, passing adds nothing. */
const checkTally = (ok: boolean): Tally => ({ passed: 0, failed: ok ? 0 : 1, skipped: 0 });

async function main(): Promise<number> {
  rmSync(REPORTS_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS_DIR, { recursive: true });

  let chromiumReady = true;
  await step('Chromium', async () => {
    try {
      ensureChromium();
      return { tally: checkTally(true), check: true };
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      chromiumReady = false;
      return { tally: checkTally(false), check: true, note: 'browser and end-to-end tests not run' };
    }
  });

  const npmQuietly = (script: string) => () => runCommandQuietly('npm', ['run', script]);
  const typecheck = besideCheck('Typecheck (npm run typecheck)', npmQuietly('typecheck'));
  const lint = besideCheck('Lint (npm run lint)', npmQuietly('lint'));
  // The end-to-end tests run the editor's renderer in web mode; Playwright's global setup builds it when stale.
  const editorBuild = besideCheck('Editor build (npm run build:desktop)', async () =>
    desktopBuildIsStale() ? runCommandQuietly('npm', ['run', 'build:desktop']) : { status: 0, output: 'Up to date with desktop/.\n' },
  'end-to-end tests not run');

  const postgresEnv: NodeJS.ProcessEnv = {};
  await step('PostgreSQL (collector tests)', async () => {
    if (process.env[TEST_POSTGRES_ENV]) return { tally: checkTally(true), check: true, note: `${TEST_POSTGRES_ENV} given` };
    const reason = postgresUnavailableReason();
    // Not installed: the PostgreSQL tests say by name that they were not run; installed but failing to start is a failure.
    if (reason) return { tally: checkTally(true), check: true, note: `PostgreSQL tests not run: ${reason}` };
    try {
      postgres = await startThrowawayPostgres();
      postgresEnv[TEST_POSTGRES_ENV] = postgres.url;
      console.log(`Throwaway PostgreSQL at ${postgres.url}`);
      return { tally: checkTally(true), check: true };
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return { tally: checkTally(false), check: true, note: 'PostgreSQL tests not run' };
    }
  });

  await step('Vitest (unit + browser)', async () => {
    // Without Chromium the browser project cannot start; the unit project still tells something.
    const projects = chromiumReady ? [] : ['--project', 'unit'];
    const status = await runCommand(
      localBin('vitest'),
      ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
      { env: postgresEnv },
    );
    return { tally: readVitestTally(VITEST_REPORT, status) };
  });
  postgres?.destroy();
  postgres = undefined;
  await typecheck();
  await lint();
  const editorBuilt = await editorBuild();

  let snippetsBuilt = false;
  await step('Snippet build (npm run build:snippets)', async () => {
    const status = await runNpmScript('build:snippets');
    snippetsBuilt = status === 0;
    return {
      tally: checkTally(snippetsBuilt),
      check: true,
      note: snippetsBuilt ? undefined : 'end-to-end tests not run',
    };
  });

  if (chromiumReady && snippetsBuilt && editorBuilt) {
    await step('Playwright (end-to-end)', async () => {
      const status = await runCommand(localBin('playwright'), ['test'], { env: { [SNIPPETS_BUILT_ENV]: '1' } });
      return { tally: readPlaywrightTally(PLAYWRIGHT_REPORT, status) };
    });
  }

  const total = results.reduce((sum, result) => addTally(sum, result.tally), emptyTally());
  heading(`Summary (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  for (const { name, tally, seconds, note, check } of results) {
    const counts = check ? (tally.failed > 0 ? 'FAILED (counts as 1 failed)' : 'ok') : formatTally(tally);
    console.log(`  ${name.padEnd(40)} ${counts.padEnd(34)} ${seconds.toFixed(1).padStart(5)} s${note ? `  (${note})` : ''}`);
  }
  console.log(formatTally(total));
  return total.failed > 0 ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    // Even an unexpected crash of this script must end with the line CI reads.
    console.error('scripts/test.ts crashed:', error);
    const tally = results.reduce((sum, result) => addTally(sum, result.tally), emptyTally());
    tally.failed += 1;
    console.log(formatTally(tally));
    process.exit(1);
  },
);
