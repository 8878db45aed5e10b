/**
 * Page URL normalisation and the match rules (runtime-spec §2 "Page URL matching"; URL-1..11). The
 * normalisation and the `regex` rule are in ./url-base.ts (a fitted snippet whose pages only match by
 * regular expression takes ./url-regex.ts instead of this file, plugins/presets/fit.ts).
 */
import type { UrlCondition } from '../../../core/project/types';
import { createRegexRule, DEFAULT_HOST_PREFIXES, namesHost, normalizeUrl, rooted, splitHost, wildcardSource, withoutQuery } from './url-base';

export { DEFAULT_HOST_PREFIXES, namesHost, normalizeUrl };

/**
 * Creates the matcher of URL conditions (URL-1..6; the table of examples is in the pages README).
 * Exact, substring and simple compare normalised URLs without regard to case. A simple or substring
 * rule written without a host (`/pricing`, `pricing`) is compared with the page's path (with its query
 * and hash for substring); `*` in a simple rule stands for any text, and a trailing `/*` also matches the
 * bare path. A regex is tested as ./url-base.ts says. An invalid regex never matches and is reported
 * once through `onInvalid`; nothing throws.
 */
export const createUrlMatcher = (
  // Absent, normalizeUrl's own default (DEFAULT_HOST_PREFIXES) applies.
  hostPrefixes?: readonly string[],
  onInvalid: (pattern: string, error: unknown) => void = () => {},
) => {
  const { regex, test } = createRegexRule(hostPrefixes, onInvalid);
  // A simple rule's wildcard, compiled through the guard and cached.
  const wildcard = (wanted: string): RegExp | null => regex(wildcardSource(wanted), 'i');
  return (condition: UrlCondition, url: string): boolean => {
    const value = typeof condition?.value === 'string' ? condition.value : '';
    const match = condition?.match;
    if (match === 'regex') return test(value, url);
    const page = normalizeUrl(url, hostPrefixes).toLowerCase();
    const wanted = normalizeUrl(value, hostPrefixes).toLowerCase();
    if (match === 'exact') return page === wanted;
    // Written without a host: the page's path (and, for substring, its query and hash).
    const hosted = namesHost(value);
    if (match === 'substring') return (hosted ? page : splitHost(page)[1]).includes(wanted);
    if (match !== 'simple') return false;
    const have = hosted ? withoutQuery(page) : rooted(splitHost(page)[1]);
    const target = hosted ? withoutQuery(wanted) : rooted(wanted);
    return target.includes('*') ? !!wildcard(target)?.test(have) : have === target;
  };
};
