import type { WebPreferences } from 'electron';
import type { PreventableEvent, UrlPredicate } from './navigation-guard';

/**
 * Handles `will-attach-webview` on the editor window: whatever the renderer put
 * on the `<webview>` element, the guest page gets no preload, no Node, context
 * isolation, the sandbox and no nested webviews. A guest whose `src` is not
 * allowed is refused outright (`preventDefault` destroys it), because the site
 * under edit always comes from the local services on loopback.
 *
 * @param webPreferences The guest's preferences; modified in place, as Electron expects.
 * @param params The `<webview>` attributes; `src` decides whether the guest may attach.
 * @param isAllowedSource True for URLs a guest may start on.
 */
export function hardenWebviewAttach(
  event: PreventableEvent,
  webPreferences: WebPreferences,
  params: Record<string, string>,
  isAllowedSource: UrlPredicate,
): void {
  delete webPreferences.preload;
  // The `preload` attribute also arrives in params; drop it so no later code path can revive it.
  delete params.preload;
  webPreferences.nodeIntegration = false;
  webPreferences.nodeIntegrationInSubFrames = false;
  webPreferences.nodeIntegrationInWorker = false;
  webPreferences.contextIsolation = true;
  webPreferences.sandbox = true;
  webPreferences.webSecurity = true;
  webPreferences.allowRunningInsecureContent = false;
  webPreferences.webviewTag = false;
  if (!isAllowedSource(params.src ?? '')) event.preventDefault();
}
