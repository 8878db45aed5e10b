import type { WebContents } from 'electron';
import { installNavigationGuard, type OpenExternal, type UrlPredicate } from './navigation-guard';
import { hardenWebviewAttach } from './webview-hardening';

/** Where each kind of web contents may go. */
export interface WebContentsPolicy {
  /** True for the editor renderer's own URLs; the main window may load nothing else. */
  isAppUrl: UrlPredicate;
  /** True for URLs the page-canvas webview may show (the local services on loopback). */
  isAllowedWebviewUrl: UrlPredicate;
  /** Opens refused `http(s)` links in the system browser. */
  openExternal: OpenExternal;
}

/**
 * Called from `app.on('web-contents-created')` for every web contents, so no
 * window or webview can be created without the hardening. The editor window may
 * only show the renderer; webview guests may only move within the allowed
 * loopback sites; every contents hardens the webviews it attaches.
 */
export function hardenWebContents(contents: WebContents, policy: WebContentsPolicy): void {
  contents.on('will-attach-webview', (event, webPreferences, params) =>
    hardenWebviewAttach(event, webPreferences, params, policy.isAllowedWebviewUrl),
  );
  const isAllowedUrl = contents.getType() === 'webview' ? policy.isAllowedWebviewUrl : policy.isAppUrl;
  installNavigationGuard(contents, { isAllowedUrl, openExternal: policy.openExternal });
}
