/**
 * The areas of `npm run mutate`: each names the production files Stryker mutates and the test files
 * that check them. Tests are listed per area rather than found through Vitest's import graph, because
 * widely imported code (the regex guard, the editor's model) would pull in most of the suite, and a
 * run must take minutes on a shared 2-core machine. Playwright's end-to-end tests are never listed:
 * Stryker runs Vitest only.
 */

/** Set by `npm run mutate` for its test runs: tests of run time widen their bounds (tests/support/time-bound.ts). */
export const MUTATION_TESTING_ENV = 'VARIA_MUTATION_TESTING';

/** One area of mutation testing. */
export interface MutationArea {
  /** What the README's score table calls it. */
  readonly title: string;
  /** Globs of the files to mutate. */
  readonly mutate: readonly string[];
  /** Globs of the Vitest test files (unit or browser project) that check those files. */
  readonly tests: readonly string[];
  /** The area's tests include PostgreSQL ones: the script starts a throwaway server for them. */
  readonly postgres?: boolean;
}

/** Smallest first: the order the README's table and a run of every area follow. */
export const MUTATION_AREAS = {
  sender: {
    title: 'Tracker sender (plugins/trackers/batch/sender.ts)',
    mutate: ['plugins/trackers/batch/sender.ts'],
    tests: ['tests/unit/plugins/trackers/batch/*.test.ts'],
  },
  'regex-guard': {
    title: 'Regex guard (core/project/regex*.ts)',
    mutate: ['core/project/regex*.ts'],
    tests: ['tests/unit/core/project/regex-*.test.ts'],
  },
  'qa-log': {
    title: 'QA log (plugins/modules/qa-log)',
    mutate: ['plugins/modules/qa-log/**/*.ts'],
    tests: ['tests/unit/plugins/modules/qa-log/**/*.test.ts'],
  },
  'widgets-shared': {
    title: "Widgets' shared code (plugins/widgets/_shared)",
    mutate: ['plugins/widgets/_shared/**/*.ts'],
    tests: ['tests/unit/plugins/widgets/*.test.ts', 'tests/browser/widgets/*.test.ts'],
  },
  'editor-model': {
    title: "Editor's model (editor-model/)",
    mutate: ['editor-model/**/*.ts'],
    tests: [
      'tests/unit/desktop/{function-source,project-codec,project-codec-rows,project-diff,project-schema,results-analysis,results-sample-plan,results-uplift-series,review-conflicts,editor-diff-module,editor-entities,editor-checks,editor-open,editor-results,visitor-canvas}.test.ts',
      'tests/unit/services/editor-{contract,contract-checks,selectors,revisions,paths,acknowledged-conflicts}.test.ts',
    ],
  },
  collector: {
    title: 'Collector (services/collector)',
    mutate: ['services/collector/**/*.ts'],
    // Not collector-kill (it kills real processes, which never load the mutants) nor the PostgreSQL fault tests.
    tests: ['tests/unit/services/{collector,collector-normalize,collector-rows,collector-group-commit,collector-libsql-file,collector-postgres-errors,collector-postgres-order,collector-store,collector-trust,collector-migrations,collector-daily,exposure-simulation,predict}.test.ts'],
    postgres: true,
  },
  'editor-backend': {
    title: 'Editor backend (services/editor)',
    mutate: ['services/editor/**/*.ts'],
    // Not editor-publish-kill: it kills a real process, which never loads the mutants.
    tests: [
      'tests/unit/services/{editor-contract,editor-agent-entry,editor-contract-checks,editor-install,editor-paths,editor-preview-code,editor-preview-links,editor-publish-queue,editor-revisions,editor-rollback,editor-security,editor-selectors,editor-sources,editor-sync,editor-workspace,editor-acknowledged-conflicts,exposure-simulation}.test.ts',
      'tests/unit/desktop/{agent-cache,editor-publish,editor-results,editor-diff-module}.test.ts',
    ],
  },
} as const satisfies Record<string, MutationArea>;

export type MutationAreaName = keyof typeof MUTATION_AREAS;

export function isMutationAreaName(name: string): name is MutationAreaName {
  return Object.hasOwn(MUTATION_AREAS, name);
}
