/**
 * The regular-expression guard of a fitted snippet (plugins/presets/fit.ts puts this module in place of
 * ./regex.ts at build time). Every pattern of a fitted snippet's data (page URL rules, `url_regex` tags,
 * audience and behaviour conditions) went through the full guard when the snippet was built, which refuses
 * a project with an unsafe one, and a fitted snippet refuses data from `load`: so at run time it keeps
 * the same API, the length limits and the input cut, without the automaton analysis (about 3 KB gzip).
 * A pattern a page hands over itself (an `evaluate` call with its own condition) is not analysed in a
 * fitted snippet; the whole preset analyses every pattern.
 */

// It stands in for ./regex.ts, so it imports nothing from it (that import would resolve to itself);
// tests/unit/architecture/fitted-parts.test.ts checks it mirrors that module's exports and limits.
import { MAX_PATTERN, MAX_REGEX_INPUT, regexProblemOf, regexRun } from './regex-use';

export { MAX_PATTERN, MAX_REGEX_INPUT };

/** Only the length limit: the data's patterns were checked when the snippet was built. */
export const unsafeReason = (pattern: string): string | undefined =>
  pattern.length > MAX_PATTERN ? `the pattern is longer than ${MAX_PATTERN} characters` : undefined;

/** Compiling and running patterns, with the length limit only (see ./regex-use.ts). */
export const { compile, testRegex } = regexRun(unsafeReason);

/** The validators' question, built only when asked (a fitted snippet never validates, so never is). */
export const regexProblem = /* @__PURE__ */ regexProblemOf(compile);
