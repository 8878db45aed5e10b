/**
 * The changes module's project rule in a fitted snippet (plugins/presets/fit.ts puts this module in place
 * of ./validate.ts at build time): a fitted snippet never validates (its data was validated when it was
 * built, and it refuses data from `load`), so the rule it registers does nothing.
 */
import type { ProjectRule } from '../../../core/project/validate';

/** A rule that reports nothing: never run in a fitted snippet. */
export const pluginsRule: ProjectRule = () => {};
