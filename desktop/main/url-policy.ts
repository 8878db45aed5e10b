/**
 * Pure URL rules shared by the navigation guard, the webview hardening and the
 * IPC sender check. Kept free of `electron` so they are trivially testable.
 */

/** Hosts that only ever reach this machine; the local services bind to them. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const HTTP_PROTOCOLS = new Set(['http:', 'https:']);

/** Parses `url`, returning `undefined` instead of throwing on malformed input. */
export function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * True for `http:` and `https:` URLs: the only schemes ever handed to the
 * system browser, because `shell.openExternal` on other schemes can launch
 * arbitrary local handlers.
 */
export function isHttpUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== undefined && HTTP_PROTOCOLS.has(parsed.protocol);
}

/** True for `http(s)` URLs on a loopback host (any port), where the local services run. */
export function isLoopbackHttpUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== undefined && HTTP_PROTOCOLS.has(parsed.protocol) && LOOPBACK_HOSTS.has(parsed.hostname);
}

/**
 * Returns a predicate that is true for URLs belonging to the editor's own
 * renderer at `appUrl`: the same origin for the dev server, or the same file for
 * the built `index.html` (file URLs have an opaque origin, so the path decides).
 * Query and hash are ignored because the renderer may use them for its own state.
 */
export function createAppUrlMatcher(appUrl: string): (url: string) => boolean {
  const app = parseUrl(appUrl);
  if (!app) throw new Error(`Invalid app URL: ${appUrl}`);
  return (url) => {
    const candidate = parseUrl(url);
    if (!candidate || candidate.protocol !== app.protocol) return false;
    if (app.protocol === 'file:') return candidate.host === app.host && candidate.pathname === app.pathname;
    return candidate.origin === app.origin;
  };
}
