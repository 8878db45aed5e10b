/**
 * The page under edit (EDT-14): an `<iframe>` in web mode, an Electron `<webview>` in the desktop app
 * (main gives every webview its hardening and a per-project partition), opened in editor mode with a
 * fresh session token, and connected to its agent through the matching channel (agent-channel.ts).
 */
import { useEffect, useMemo, useRef } from 'react';
import { canvasUrl, newToken } from '../../../agent/protocol';
import { getDesktopApi } from '../runtime/desktop-bridge';
import { openFrameChannel, openWebviewChannel, type EditorChannel, type WebviewLike } from './agent-channel';
import { canvasSession } from './canvas-session';

/** Props of {@link PageFrame}. */
export interface PageFrameProps {
  /** The page's URL (on the local services). */
  url: string;
  /** Bumped to reload the same URL. */
  reloadKey: number;
  width: number;
  height: number;
  title: string;
}

/** The page in editor mode, wired to the canvas session. */
export function PageFrame({ url, reloadKey, width, height, title }: PageFrameProps) {
  const desktop = !!getDesktopApi();
  // A new token for every load: a page from an earlier load can no longer talk to the editor.
  const token = useMemo(() => newToken(), [url, reloadKey]);
  const src = useMemo(() => canvasUrl(url, token, window.location.origin), [url, token]);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let channel: EditorChannel;
    if (desktop) channel = openWebviewChannel(element as unknown as WebviewLike, token, canvasSession.receive);
    else channel = openFrameChannel(element as HTMLIFrameElement, new URL(url).origin, token, canvasSession.receive);
    canvasSession.opening(channel.send);
    // Ask until the agent answers: its first `ready` may come before this listener existed.
    const hello = setInterval(() => {
      if (canvasSession.get().connected) clearInterval(hello);
      else channel.send({ type: 'hello' });
    }, 250);
    return () => {
      clearInterval(hello);
      channel.close();
      canvasSession.closed();
    };
  }, [desktop, token, url]);

  const style = { width, height };
  // Keyed by the URL with its token: a reload changes only the hash, which would not load the page again.
  if (desktop) {
    return <webview key={src} ref={ref as never} src={src} style={{ ...style, display: 'inline-flex' }} className="page-frame" title={title} />;
  }
  return <iframe key={src} ref={ref as never} src={src} style={style} className="page-frame" title={title} data-testid="canvas-frame" />;
}
