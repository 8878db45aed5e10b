/**
 * `npm run mutate -- <area | path>...`: mutation testing with StrykerJS (base configuration in
 * stryker.config.mjs), Vitest as its test runner and the TypeScript checker.
 *
 * - An area name (scripts/lib/mutation-areas.ts; `npm run mutate` alone lists them) mutates the area's
 *   files and runs only the area's tests.
 * - A path inside an area mutates just that file (or `file:line-line` range) with the area's tests;
 *   paths of one area joined with `+` are one run (the area's tests run once before mutating, not per file).
 * - Any other path is mutated with the Vitest tests that import it (Vitest's "related" mode).
 *
 * Runs are incremental: each area keeps Stryker's last result in reports/mutation/<area>/incremental.json
 * (git-ignored, like the HTML and JSON reports beside it) and re-runs only the mutants whose code or
 * covering tests changed since. `--force` re-runs every mutant. Never part of `npm test`.
 */
import { Stryker } from '@stryker-mutator/core';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isMutationAreaName, MUTATION_AREAS, MUTATION_TESTING_ENV, type MutationArea } from './lib/mutation-areas';
import { startThrowawayPostgres, TEST_POSTGRES_ENV, type ThrowawayPostgres } from './lib/postgres';
import { REPO_ROOT } from './lib/run-command';

const REPORTS_ROOT = join('reports', 'mutation');

/** One Stryker run: what to mutate, with which tests, reported where. */
interface Run {
  readonly name: string;
  readonly mutate: readonly string[];
  /** Undefined: Vitest's related mode picks the tests. */
  readonly tests?: readonly string[];
  readonly postgres: boolean;
}

/** A tiny glob test, enough for the area table's `dir/**` and `name*.ts` forms. */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '(?:.*/)?');
  return new RegExp(`^${source}$`);
}

function areaOf(path: string): [string, MutationArea] | undefined {
  const file = path.replace(/:\d.*$/, '');
  return Object.entries(MUTATION_AREAS).find(([, area]) => area.mutate.some((glob) => globToRegExp(glob).test(file)));
}

function runFor(argument: string): Run {
  if (argument.includes('+')) return groupRun(argument.split('+').filter(Boolean).map(runFor));
  if (isMutationAreaName(argument)) {
    const area: MutationArea = MUTATION_AREAS[argument];
    return { name: argument, mutate: area.mutate, tests: area.tests, postgres: area.postgres ?? false };
  }
  const path = relative(REPO_ROOT, resolve(argument)).split('\\').join('/');
  const found = areaOf(path);
  // A single file's run has its own incremental file, so it never overwrites its whole area's.
  const name = path.replace(/[^\w.-]+/g, '_');
  if (found) return { name, mutate: [path], tests: found[1].tests, postgres: found[1].postgres ?? false };
  return { name, mutate: [path], postgres: false };
}

/**
 * Files of one area joined with `+` (`a.ts+b.ts`) are one run: the area's tests are run once before
 * mutating (Stryker's initial run, a minute or more for a large area), not once per file.
 */
function groupRun(runs: readonly Run[]): Run {
  const [first] = runs;
  if (!first || runs.some((run) => run.tests !== first.tests)) throw new Error('Files joined with + must belong to one area.');
  return { name: runs.map((run) => run.name).join('+'), mutate: runs.flatMap((run) => run.mutate), tests: first.tests, postgres: first.postgres };
}

/**
 * The TypeScript checker's project for one run: the mutated files and what they import, not the whole
 * repository. On the whole project each mutant re-checks every test and screen that imports the file,
 * which made the checker, not the tests, the bottleneck (about 15 s a mutant on a loaded 2-core machine).
 * A mutant whose type error would only show in an importer is then run by the tests instead.
 * At the root because Stryker copies the repository (without reports/) into its sandbox and checks there.
 */
function writeCheckerProject(run: Run): string {
  const file = `tsconfig.mutate-${run.name}.json`;
  const include = run.mutate.map((path) => path.replace(/:\d.*$/, ''));
  writeFileSync(join(REPO_ROOT, file), `${JSON.stringify({ extends: './tsconfig.json', include }, null, 2)}\n`);
  // Also when the run is interrupted (Ctrl-C ends the process through the exit handler).
  process.once('exit', () => rmSync(join(REPO_ROOT, file), { force: true }));
  return file;
}

async function mutate(run: Run, force: boolean): Promise<number> {
  const dir = join(REPORTS_ROOT, run.name);
  console.log(`\n=== Mutation testing: ${run.name} (${run.mutate.join(', ')}) ===`);
  const tsconfigFile = writeCheckerProject(run);
  try {
    return await strykerRun(run, dir, tsconfigFile, force);
  } finally {
    rmSync(join(REPO_ROOT, tsconfigFile), { force: true });
  }
}

async function strykerRun(run: Run, dir: string, tsconfigFile: string, force: boolean): Promise<number> {
  const stryker = new Stryker({
    mutate: [...run.mutate],
    tsconfigFile,
    ...(run.tests ? { testFiles: [...run.tests] } : { vitest: { configFile: 'vitest.config.ts', related: true } }),
    incrementalFile: join(dir, 'incremental.json'),
    htmlReporter: { fileName: join(dir, 'index.html') },
    jsonReporter: { fileName: join(dir, 'mutation.json') },
    force,
  });
  const results = await stryker.runMutationTest();
  const counted = results.filter((result) => !['CompileError', 'RuntimeError', 'Ignored'].includes(result.status));
  const killed = counted.filter((result) => result.status === 'Killed' || result.status === 'Timeout').length;
  const score = counted.length === 0 ? 100 : (killed / counted.length) * 100;
  console.log(`${run.name}: ${score.toFixed(1)} % killed (${killed} of ${counted.length}); report ${join(dir, 'index.html')}`);
  return score;
}

function usage(): void {
  console.log('Usage: npm run mutate -- [--force] <area | path>...\nAreas (smallest first):');
  for (const [name, area] of Object.entries(MUTATION_AREAS)) console.log(`  ${name.padEnd(16)} ${area.title}`);
}

async function main(): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const targets = args.filter((arg) => arg !== '--force');
  if (targets.length === 0) {
    usage();
    return 1;
  }
  const runs = targets.map(runFor);
  // Stryker's test runners inherit the environment: instrumented code is slower, and timing tests know it.
  process.env[MUTATION_TESTING_ENV] = '1';
  let postgres: ThrowawayPostgres | undefined;
  process.on('exit', () => postgres?.destroy());
  if (runs.some((run) => run.postgres) && !process.env[TEST_POSTGRES_ENV]) {
    // Stryker's test runners inherit this environment; without it the PostgreSQL tests would be skipped
    // and every mutant of the PostgreSQL store would count as uncovered.
    postgres = await startThrowawayPostgres().catch((error: unknown) => {
      console.warn(`PostgreSQL tests not run: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (postgres) process.env[TEST_POSTGRES_ENV] = postgres.url;
  }
  const scores: string[] = [];
  for (const run of runs) scores.push(`${run.name}: ${(await mutate(run, force)).toFixed(1)} %`);
  console.log(`\n${scores.join('\n')}`);
  return 0;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
