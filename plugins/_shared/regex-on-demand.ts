/**
 * The regular-expression guard of a snippet built with the whole preset (compiler/snippet-parts.ts
 * PART_STUBS puts this module in place of core/project/regex.ts; a fitted snippet takes
 * core/project/regex-checked.ts instead). The guard's automaton analysis (about 3 KB gzip) is needed only
 * where a project's patterns are checked:
 * - the snippet's own data was checked when it was built, which refuses a project with an unsafe pattern;
 * - data handed over by `load` is checked by the `validate` part before it runs, and that part brings the
 *   full analysis: once it is loaded, every pattern compiled here is analysed by it (audience conditions
 *   are checked through the matchers, which compile here).
 * Otherwise a pattern gets the length limit and, as everywhere, the input cut (./regex-use.ts), which keep
 * matching bounded: a pattern a page hands over itself (an `evaluate` call with its own condition) is
 * analysed only once the validate part is there, as in a fitted snippet.
 */
// It stands in for core/project/regex.ts, so it imports nothing from it (that import would resolve to itself).
import { MAX_PATTERN, MAX_REGEX_INPUT, regexUse } from '../../core/project/regex-use';
import { partNow } from './parts';

export { MAX_PATTERN, MAX_REGEX_INPUT };

type Analysis = (pattern: string, flags?: string) => string | undefined;

/** The full analysis when the validate part has brought it, else the length limit. */
export const unsafeReason = (pattern: string, flags = ''): string | undefined => {
  const full = partNow<{ unsafeReason?: Analysis }>(typeof window == 'object' ? window : undefined, 'validate')?.unsafeReason;
  if (typeof full == 'function') return full(pattern, flags);
  return pattern.length > MAX_PATTERN ? `the pattern is longer than ${MAX_PATTERN} characters` : undefined;
};

/** Compiling, checking and running patterns (see ./regex-use.ts). */
export const { compile, regexProblem, testRegex } = regexUse(unsafeReason);
