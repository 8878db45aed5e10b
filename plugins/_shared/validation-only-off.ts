/**
 * ./validation-only.ts's stand-in in fitted snippets (plugins/presets/fit.ts), which never validate:
 * nothing for every rule, so the minifier drops the rules themselves (and what only they use, such as
 * the value matchers' `valueProblem` and the regex guard's `regexProblem`). Same exports.
 */

/** No rule: a fitted snippet's plugins have no `check`. */
export const validationOnly = (_rule?: unknown): undefined => undefined;
