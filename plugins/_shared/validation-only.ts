/**
 * Code only the validators run (an audience matcher's `check`, which they call on every condition of
 * data they validate), marked so a fitted snippet can leave it out: a fitted snippet never validates (its
 * data was validated when it was built, and it refuses data from `load`), so plugins/presets/fit.ts builds
 * it with ./validation-only-off.ts in place of this module, and the minifier drops what is wrapped.
 * The whole preset keeps it (its validate part calls it).
 */

/** `rule` as given: `check: validationOnly((condition) => ...)`. */
export const validationOnly = <T>(rule: T): T | undefined => rule;
