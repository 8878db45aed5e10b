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
 * renderer at `appUrl`: the same origin and a path under the app's folder
 * (`/editor/...`; the same origin also serves the stand-in site, which is not
 * the app), or the same file for a `file:` URL (an opaque origin, so the path
 * decides). Query and hash are ignored because the renderer uses them for its
 * own state.
 */
export function createAppUrlMatcher(appUrl: string): (url: string) => boolean {
  const app = parseUrl(appUrl);
  if (!app) throw new Error(`Invalid app URL: ${appUrl}`);
  const folder = app.pathname.slice(0, app.pathname.lastIndexOf('/') + 1);
  return (url) => {
    const candidate = parseUrl(url);
    if (!candidate || candidate.protocol !== app.protocol) return false;
    if (app.protocol === 'file:') return candidate.host === app.host && candidate.pathname === app.pathname;
    return candidate.origin === app.origin && candidate.pathname.startsWith(folder);
  };
}

/**
 * Returns a predicate that is true for URLs the page canvas may show: the local services at
 * `servicesUrl` under the canvas origin (the same port as `localhost`), another origin than the
 * editor's, so no page in the canvas shares the editor's origin.
 */
export function createCanvasUrlMatcher(servicesUrl: string): (url: string) => boolean {
  const services = parseUrl(servicesUrl);
  if (!services) throw new Error(`Invalid services URL: ${servicesUrl}`);
  return (url) => {
    const candidate = parseUrl(url);
    return candidate !== undefined && candidate.protocol === 'http:' && candidate.hostname === 'localhost' && candidate.port === services.port;
  };
}
