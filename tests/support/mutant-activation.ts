/**
 * Vitest setup file used only under `npm run mutate` (vitest.config.ts adds it after Stryker's own).
 *
 * Stryker's Vitest runner, when a run is limited to the tests covering a mutant, switches the mutant on
 * in a `beforeAll` hook: after the test file has imported the code under test. A mutant in a value the
 * module computes once as it loads (a "static" mutant: a constant, a table, a pattern list) is then never
 * seen by any test, and is reported as survived although the tests check that value (StrykerJS issues
 * 6144 and 6209, open in 9.6). Vitest loads the test file's modules afresh for every run, so switching the
 * mutant on here, before the test file's imports, changes nothing for the other mutants and lets the
 * static ones be tested.
 */
import { inject } from 'vitest';

type StrykerKey = 'globalNamespace' | 'mode' | 'activeMutant';
// The runner provides these values; they are not in the project's ProvidedContext type.
const provided = inject as unknown as (key: StrykerKey) => string | undefined;

const namespace = provided('globalNamespace');
if (namespace && provided('mode') === 'mutant') {
  const global = globalThis as unknown as Record<string, { activeMutant?: string } | undefined>;
  const state = global[namespace] ?? {};
  global[namespace] = state;
  state.activeMutant = provided('activeMutant');
}
