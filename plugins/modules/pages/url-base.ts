/**
 * Page URL normalisation (URL-7..11) and the `regex` rule (URL-5, URL-6), shared by the URL matcher
 * (./url.ts) and its regex-only stand-in in fitted snippets (./url-regex.ts).
 */
import { PREFIX } from '../../../core';
import { compile } from '../../../core/project/regex';

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
export const withoutQuery = (normalized: string) => normalized.replace(/[?#].*$/, '');

/** A normalised URL's host and the rest (path, query, hash). */
export const splitHost = (normalized: string): [string, string] => {
  const at = normalized.search(/[/?#]/);
  return at < 0 ? [normalized, ''] : [normalized.slice(0, at), normalized.slice(at)];
};

/**
 * Whether a simple or substring rule names a host: it has a protocol, or its first segment looks like a
 * host (a dot, a port, `localhost`). `/pricing` and `pricing` do not: they match on the path (URL-3, URL-4).
 */
export const namesHost = (value: string): boolean => {
  const v = value.trim();
  if (/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(v)) return true;
  const first = v.split(/[/?#]/)[0];
  return first.includes('.') || /:\d+$/.test(first) || /^localhost$/i.test(first);
};

/** A path with its leading slash, without query and hash: the root is '/'. */
export const rooted = (path: string) => '/' + withoutQuery(path).replace(/^\//, '');

// The path as written in a URL (protocol and host cut), with its query and hash.
const pathAsWritten = (url: string): string => {
  const rest = url.trim().replace(/^(?:[a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i, '');
  return rest.startsWith('/') ? rest : '/' + rest;
};

/**
 * A matcher's compiled patterns (`regex(pattern, flags)`, cached) and its `regex` rule (`test(value, url)`):
 * the pattern is tested on the normalised URL and on the URL as written, so `^example\.com/shop` and
 * `^https://www\.example\.com/shop` both work; one that starts with `^/` is tested on the path
 * (normalised and as written, with and without query and hash). Patterns go through the backtracking
 * guard shared with audiences (URL-5): an unsafe or invalid one never matches and is reported once
 * through `onInvalid`.
 */
export const createRegexRule = (hostPrefixes: readonly string[], onInvalid: (pattern: string, error: unknown) => void) => {
  const compiled = new Map<string, RegExp | null>();
  const regex = (pattern: string, flags?: string): RegExp | null => {
    const key = flags ? flags + '\0' + pattern : pattern;
    if (!compiled.has(key)) {
      const found = compile(pattern, flags);
      compiled.set(key, typeof found == 'string' ? null : found);
      if (typeof found == 'string') onInvalid(pattern, found);
    }
    return compiled.get(key)!;
  };
  const test = (value: string, url: string): boolean => {
    const pattern = regex(value);
    if (!pattern) return false;
    const normalized = normalizeUrl(url, hostPrefixes);
    if (!value.startsWith('^/')) return pattern.test(normalized) || pattern.test(url);
    const path = splitHost(normalized)[1];
    const written = pathAsWritten(url);
    return [rooted(path), rooted(path) + path.replace(/^[^?#]*/, ''), withoutQuery(written), written].some((text) => pattern.test(text));
  };
  return { regex, test };
};
