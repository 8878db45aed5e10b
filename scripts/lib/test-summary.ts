/**
 * Reading the runners' JSON reports into one tally, for the plain `N passed, N failed` line
 * that CI recognises (neither runner's own summary is in that format).
 */
import { readFileSync } from 'node:fs';

/** Test counts of one runner or step, or of everything. */
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/** A tally of nothing. */
export function emptyTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0 };
}

/** Adds `more` into `total` and returns `total`. */
export function addTally(total: Tally, more: Tally): Tally {
  total.passed += more.passed;
  total.failed += more.failed;
  total.skipped += more.skipped;
  return total;
}

/** The last line `npm test` prints: `N passed, N failed`, plus `, N skipped` only when N > 0. */
export function formatTally({ passed, failed, skipped }: Tally): string {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Reads Vitest's JSON report. A run that exited non-zero without a failed test (a crashed
 * worker, an unhandled error, a missing report) counts as one failure, so it cannot pass.
 */
export function readVitestTally(reportPath: string, exitCode: number): Tally {
  const report = readJson(reportPath) as
    | { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
    | undefined;
  const tally: Tally = {
    passed: count(report?.numPassedTests),
    failed: count(report?.numFailedTests),
    skipped: count(report?.numPendingTests) + count(report?.numTodoTests),
  };
  if (exitCode !== 0 && tally.failed === 0) tally.failed = 1;
  return tally;
}

/**
 * Reads Playwright's JSON report. Flaky tests (passed on retry) count as passed; errors
 * outside tests (global setup, a file that does not load) count as one failure when no test
 * failed, as does a non-zero exit without any failure recorded.
 */
export function readPlaywrightTally(reportPath: string, exitCode: number): Tally {
  const report = readJson(reportPath) as
    | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }; errors?: unknown[] }
    | undefined;
  const stats = report?.stats;
  const tally: Tally = {
    passed: count(stats?.expected) + count(stats?.flaky),
    failed: count(stats?.unexpected),
    skipped: count(stats?.skipped),
  };
  const hadErrors = (report?.errors?.length ?? 0) > 0;
  if ((exitCode !== 0 || hadErrors) && tally.failed === 0) tally.failed = 1;
  return tally;
}
