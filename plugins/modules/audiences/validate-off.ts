/**
 * The audiences' project rule in a fitted snippet (plugins/presets/fit.ts puts this module in place of
 * ./validate.ts at build time): a fitted snippet never validates (its data was validated when it was built,
 * and it refuses data from `load`), so the rule it registers does nothing.
 */
import type { ProjectRule } from '../../../core/project/validate';
import type { MatcherFinder } from './validate';

export type { MatcherFinder };

/** As in ./validate.ts (its text is part of the module's API). */
export const noMatcherMessage = (type: string): string => `No audience matcher for condition type "${type}"`;

/** A rule that reports nothing: never run in a fitted snippet. */
export const audienceRule =
  (_find: MatcherFinder): ProjectRule =>
  () => {};

/** As {@link audienceRule}: reports nothing. */
export const pluginsRule: ProjectRule = () => {};
