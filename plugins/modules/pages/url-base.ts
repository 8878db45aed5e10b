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

// A trimmed URL's parts after its protocol (or a protocol-relative `//`): host, path, query (without its
// `?`) and hash (only when something follows `#`; of any characters, hence the `s` flag). Every part is
// optional, so it always matches.
const URL_PARTS = /^(?:[a-z][a-z\d+.-]*:\/\/|\/\/)?([^/?#]*)([^?#]*)\??([^#]*)(#.+)?/is;

/**
 * Normalises a URL for matching: strips the product's query parameters (URL-7), the protocol (URL-8),
 * editor and preview host prefixes (URL-11), a leading `www.` (URL-9) and trailing slashes of the path
 * (URL-10); lowercases the host. Other query parameters and the hash are kept, in order.
 */
export const normalizeUrl = (url: string, hostPrefixes: readonly string[] = DEFAULT_HOST_PREFIXES): string => {
  const [, written, path, query, hash = ''] = URL_PARTS.exec(String(url).trim())!;
  let host = written.toLowerCase();
  const prefix = hostPrefixes.find((candidate) => host.startsWith(candidate));
  if (prefix) host = host.slice(prefix.length);
  const kept = query.split('&').filter((pair) => pair && !decodeName(pair).toLowerCase().startsWith(PREFIX));
  return host.replace(/^www\./, '') + path.replace(/\/+$/, '') + (kept.length ? `?${kept.join('&')}` : '') + hash;
};

/** The URL without query and hash, as the simple rule compares it (URL-4). */
export const withoutQuery = (normalized: string) => normalized.replace(/[?#].*$/, '');

/** A normalised URL's host and the rest (path, query, hash). */
export const splitHost = (normalized: string) => /^([^/?#]*)(.*)/s.exec(normalized)!.slice(1) as [string, string];

/**
 * Whether a simple or substring rule names a host: it has a protocol, or its first segment looks like a
 * host (a dot, a port, `localhost`). `/pricing` and `pricing` do not: they match on the path (URL-3, URL-4).
 */
export const namesHost = (value: string): boolean =>
  // A protocol or `//`; else a first segment (up to `/`, `?` or `#`) with a dot, ending in a port, or `localhost`.
  /^(?:(?:[a-z][a-z\d+.-]*:)?\/\/|[^/?#]*(?:\.|:\d+(?![^/?#]))|localhost(?![^/?#]))/i.test(value.trim());

/** A path with its leading slash, without query and hash: the root is '/'. */
export const rooted = (path: string) => '/' + withoutQuery(path).replace(/^\//, '');

// The path as written in a URL (protocol and host cut), with its query and hash, always with its leading slash.
const pathAsWritten = (url: string): string => '/' + url.trim().replace(/^(?:(?:[a-z][a-z\d+.-]*:)?\/\/[^/?#]*)?\/?/i, '');

/**
 * A simple rule's wildcard pattern (case-insensitive): `*` any text; a trailing `/*` also matches without
 * the slash; a leading `*.` in the host also matches the bare domain (the normalised page URL has lost its `www.`).
 */
export const wildcardSource = (wanted: string): string => {
  let source = wanted.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const tail = source.endsWith('/*');
  if (tail) source = source.slice(0, -2);
  const subdomains = source.startsWith('*\\.');
  if (subdomains) source = source.slice(3);
  return '^' + (subdomains ? '(?:[^/]*\\.)?' : '') + source.replace(/\*/g, '.*') + (tail ? '(?:/.*)?' : '') + '$';
};

/** What a `regex` rule starting with `^/` is tested on: the path, normalised and as written, with and without query and hash. */
export const pathTexts = (normalized: string, url: string): string[] => {
  const path = splitHost(normalized)[1];
  const root = rooted(path);
  const written = pathAsWritten(url);
  return [root, root + path.replace(/^[^?#]*/, ''), withoutQuery(written), written];
};

/**
 * A matcher's compiled patterns (`regex(pattern, flags)`, cached) and its `regex` rule (`test(value, url)`):
 * the pattern is tested on the normalised URL and on the URL as written, so `^example\.com/shop` and
 * `^https://www\.example\.com/shop` both work; one that starts with `^/` is tested on the path
 * (normalised and as written, with and without query and hash). Patterns go through the backtracking
 * guard shared with audiences (URL-5): an unsafe or invalid one never matches and is reported once
 * through `onInvalid`.
 */
export const createRegexRule = (hostPrefixes: readonly string[] | undefined, onInvalid: (pattern: string, error: unknown) => void) => {
  const compiled = new Map<string, RegExp | null>();
  const regex = (pattern: string, flags?: string): RegExp | null => {
    const key = flags ? flags + '\0' + pattern : pattern;
    let found = compiled.get(key);
    if (found === undefined) {
      // compile answers with the reason when the pattern is invalid or unsafe.
      const result = compile(pattern, flags);
      compiled.set(key, (found = typeof result == 'string' ? null : result));
      if (!found) onInvalid(pattern, result);
    }
    return found;
  };
  const test = (value: string, url: string): boolean => {
    const pattern = regex(value);
    if (!pattern) return false;
    const normalized = normalizeUrl(url, hostPrefixes);
    if (!value.startsWith('^/')) return pattern.test(normalized) || pattern.test(url);
    return pathTexts(normalized, url).some((text) => pattern.test(text));
  };
  return { regex, test };
};
