import type { WebContents, WindowOpenHandlerResponse } from 'electron';
import { isHttpUrl } from './url-policy';

/** Decides whether a URL may be loaded inside a given web contents. */
export type UrlPredicate = (url: string) => boolean;

/** Opens a URL outside the app; `shell.openExternal` in production. */
export type OpenExternal = (url: string) => Promise<void>;

/** What one web contents may navigate to, and how refused links leave the app. */
export interface NavigationPolicy {
  /** True for URLs that may load in place. */
  isAllowedUrl: UrlPredicate;
  /** Receives refused `http(s)` URLs so the user still reaches them in the system browser. */
  openExternal: OpenExternal;
}

/** The part of Electron's navigation events the guard needs. */
export interface PreventableEvent {
  preventDefault(): void;
}

/**
 * Hands an `http(s)` URL to the system browser and drops anything else:
 * `file:`, custom schemes and `javascript:` must never reach the OS handler.
 */
function openInSystemBrowser(url: string, openExternal: OpenExternal): void {
  if (!isHttpUrl(url)) return;
  openExternal(url).catch((error: unknown) => {
    console.warn(`[navigation-guard] could not open ${url} in the system browser`, error);
  });
}

/**
 * Handles `will-navigate` and `will-redirect`: lets allowed URLs load in place;
 * cancels everything else and opens it in the system browser when it is `http(s)`.
 */
export function guardNavigation(event: PreventableEvent, url: string, policy: NavigationPolicy): void {
  if (policy.isAllowedUrl(url)) return;
  event.preventDefault();
  openInSystemBrowser(url, policy.openExternal);
}

/**
 * The `setWindowOpenHandler` callback: never creates an Electron window (a
 * popup would escape the guard and the window options), and opens `http(s)`
 * targets in the system browser instead.
 *
 * @returns Always `{ action: 'deny' }`.
 */
export function guardWindowOpen(details: { url: string }, policy: NavigationPolicy): WindowOpenHandlerResponse {
  openInSystemBrowser(details.url, policy.openExternal);
  return { action: 'deny' };
}

/** Installs the guard on `contents` for page navigations, server redirects and `window.open`. */
export function installNavigationGuard(contents: WebContents, policy: NavigationPolicy): void {
  contents.on('will-navigate', (event) => guardNavigation(event, event.url, policy));
  contents.on('will-redirect', (event) => guardNavigation(event, event.url, policy));
  contents.setWindowOpenHandler((details) => guardWindowOpen(details, policy));
}
