/**
 * Page URL normalisation and the match rules (runtime-spec §2 "Page URL matching"; URL-1..11).
 */
import { PREFIX } from '../../../core';
import type { UrlCondition } from '../../../core/project/types';

/**
 * Host prefixes an editor or preview proxy puts in front of the site's host (URL-11). The spec does not
 * name them; these cannot collide with a real site's subdomains the way `editor.` or `preview.` could.
 */
export const DEFAULT_HOST_PREFIXES: readonly string[] = ['varia-editor.', 'varia-preview.'];

const decodeName = (pair: string) => {
  const name = pair.split('=')[0];
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/**
 * Normalises a URL for matching: strips the product's query parameters (URL-7), the protocol (URL-8),
 * editor and preview host prefixes (URL-11), a leading `www.` (URL-9) and trailing slashes of the path
 * (URL-10); lowercases the host. Other query parameters and the hash are kept, in order.
 */
export const normalizeUrl = (url: string, hostPrefixes: readonly string[] = DEFAULT_HOST_PREFIXES): string => {
  let rest = String(url).trim();
  const hashAt = rest.indexOf('#');
  const hash = hashAt < 0 || hashAt === rest.length - 1 ? '' : rest.slice(hashAt);
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const query = queryAt < 0 ? '' : rest.slice(queryAt + 1);
  if (queryAt >= 0) rest = rest.slice(0, queryAt);
  rest = rest.replace(/^[a-z][a-z\d+.-]*:\/\/|^\/\//i, '');
  const slashAt = rest.indexOf('/');
  let host = (slashAt < 0 ? rest : rest.slice(0, slashAt)).toLowerCase();
  const path = (slashAt < 0 ? '' : rest.slice(slashAt)).replace(/\/+$/, '');
  const prefix = hostPrefixes.find((candidate) => host.startsWith(candidate));
  if (prefix) host = host.slice(prefix.length);
  host = host.replace(/^www\./, '');
  const kept = query.split('&').filter((pair) => pair && !decodeName(pair).toLowerCase().startsWith(PREFIX));
  return host + path + (kept.length ? `?${kept.join('&')}` : '') + hash;
};

/** The URL without query and hash, as the simple rule compares it (URL-4). */
const withoutQuery = (normalized: string) => normalized.replace(/[?#].*$/, '');

/**
 * Creates the matcher of URL conditions. Exact, substring and simple compare normalised URLs without
 * regard to case (URL-2..4). A regex is tested on the normalised URL and on the URL as written, so
 * `^example\.com/shop` and `^https://www\.example\.com/shop` both work (URL-5). An invalid regex never
 * matches and is reported once through `onInvalid`; nothing throws.
 */
export const createUrlMatcher = (
  hostPrefixes: readonly string[] = DEFAULT_HOST_PREFIXES,
  onInvalid: (pattern: string, error: unknown) => void = () => {},
) => {
  const compiled = new Map<string, RegExp | null>();
  const regex = (pattern: string): RegExp | null => {
    if (!compiled.has(pattern)) {
      try {
        compiled.set(pattern, new RegExp(pattern));
      } catch (error) {
        compiled.set(pattern, null);
        onInvalid(pattern, error);
      }
    }
    return compiled.get(pattern)!;
  };
  return (condition: UrlCondition, url: string): boolean => {
    const value = typeof condition?.value === 'string' ? condition.value : '';
    if (condition?.match === 'regex') {
      const pattern = regex(value);
      return !!pattern && (pattern.test(normalizeUrl(url, hostPrefixes)) || pattern.test(url));
    }
    const page = normalizeUrl(url, hostPrefixes).toLowerCase();
    const wanted = normalizeUrl(value, hostPrefixes).toLowerCase();
    if (condition?.match === 'exact') return page === wanted;
    if (condition?.match === 'substring') return page.includes(wanted);
    if (condition?.match === 'simple') return withoutQuery(page) === withoutQuery(wanted);
    return false;
  };
};
