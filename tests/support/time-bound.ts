/**
 * Time bounds of tests that check how fast something runs (the regex guard's checks, a match on
 * adversarial input). Under mutation testing (`npm run mutate`, which sets `VARIA_MUTATION_TESTING`)
 * the code under test is instrumented: every expression goes through a mutant switch and a coverage
 * counter, which makes a check an order of magnitude slower (the guard's cubic check took 4 s instead of
 * a few ms). There the bound is widened so the tests still tell a linear run from an exponential one,
 * and Stryker's own timeout catches a mutant that makes a run hang.
 */
import { MUTATION_TESTING_ENV } from '../../scripts/lib/mutation-areas';

/** How much slower instrumented code may be before a bound fails. */
const INSTRUMENTED_SLOWDOWN = 40;

/** `ms`, widened under mutation testing. */
export const timeBound = (ms: number): number => (process.env[MUTATION_TESTING_ENV] ? ms * INSTRUMENTED_SLOWDOWN : ms);

/**
 * Runs `fn` and answers its result with the CPU milliseconds this process spent on it (user and system).
 * The wall clock would also count the time other processes held the core: on a shared 2-core CI
 * machine a 5 ms check measured 60 ms by the clock. A bound on CPU time still tells a linear run from
 * an exponential one, whatever else runs.
 */
export const cpuTimed = <T>(fn: () => T): [T, number] => {
  const began = process.cpuUsage();
  const answer = fn();
  const used = process.cpuUsage(began);
  return [answer, (used.user + used.system) / 1000];
};
