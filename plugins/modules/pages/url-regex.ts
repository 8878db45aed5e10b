/**
 * The URL matcher's stand-in in a fitted snippet whose pages match URLs by regular expression only
 * (plugins/presets/fit.ts): the `regex` rule of ./url-base.ts, as ./url.ts has it; the exact, substring
 * and simple rules, which that data never names, are left out and answer false (so does the pages
 * module's `matchUrl` when asked with them). The functions of ./url.ts, `namesHost` answering as there.
 */
import type { UrlCondition } from '../../../core/project/types';
import { createRegexRule } from './url-base';

export { DEFAULT_HOST_PREFIXES, namesHost, normalizeUrl } from './url-base';

/** ./url.ts's matcher for `regex` conditions; any other match type is false. */
export const createUrlMatcher = (
  // Absent, normalizeUrl's own default (DEFAULT_HOST_PREFIXES) applies.
  hostPrefixes?: readonly string[],
  onInvalid: (pattern: string, error: unknown) => void = () => {},
) => {
  const { test } = createRegexRule(hostPrefixes, onInvalid);
  return (condition: UrlCondition, url: string): boolean =>
    condition?.match === 'regex' && test(typeof condition.value === 'string' ? condition.value : '', url);
};
