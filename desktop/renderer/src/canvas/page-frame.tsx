/**
 * The page under edit (EDT-14): an `<iframe>` in web mode, an Electron `<webview>` in the desktop app
 * (main gives every webview its hardening and a per-project partition), opened in editor mode with a
 * fresh session token, and connected to its agent through the matching channel (agent-channel.ts).
 * In web mode the frame comes from frame-host.ts, which may have started loading it while the
 * project was opening.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { canvasUrl, newToken } from '../../../agent/protocol';
import { getDesktopApi } from '../bridge/desktop-bridge';
import { openWebviewChannel, type WebviewLike } from './agent-channel';
import { canvasSession } from './canvas-session';
import { placeFrame, takeFrame, type CanvasFrame } from './frame-host';

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
export function PageFrame(props: PageFrameProps) {
  return getDesktopApi() ? <WebviewFrame {...props} /> : <WebFrame {...props} />;
}

/** Web mode: the frame is made by frame-host.ts and placed here; a new one per URL and reload. */
function WebFrame({ url, reloadKey, width, height, title }: PageFrameProps) {
  const holder = useRef<HTMLDivElement>(null);
  const frame = useRef<CanvasFrame>(undefined);
  useLayoutEffect(() => {
    const current = takeFrame(url, title);
    frame.current = current;
    Object.assign(current.iframe.style, { width: `${width}px`, height: `${height}px` });
    if (holder.current) placeFrame(holder.current, current);
    return () => {
      current.close();
      if (frame.current === current) frame.current = undefined;
    };
    // A new page for a new URL or a reload only: size and title are updated in place below.
  }, [url, reloadKey]);
  useLayoutEffect(() => {
    const iframe = frame.current?.iframe;
    if (!iframe) return;
    Object.assign(iframe.style, { width: `${width}px`, height: `${height}px` });
    iframe.title = title;
  }, [width, height, title, url, reloadKey]);
  return <div ref={holder} className="page-frame-holder" style={{ width, height }} />;
}

/** Desktop: a `<webview>`, reached with executeJavaScript and read from its console lines. */
function WebviewFrame({ url, reloadKey, width, height, title }: PageFrameProps) {
  // A new token for every load: a page from an earlier load can no longer talk to the editor.
  const token = useMemo(() => newToken(), [url, reloadKey]);
  const src = useMemo(() => canvasUrl(url, token, window.location.origin), [url, token]);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const channel = openWebviewChannel(element as unknown as WebviewLike, token, canvasSession.receive);
    canvasSession.opening(channel.send);
    // Ask until the agent answers: its first `ready` may come before this listener existed.
    const hello = setInterval(() => {
      if (canvasSession.get().connected) clearInterval(hello);
      else channel.send({ type: 'hello' });
    }, 250);
    return () => {
      clearInterval(hello);
      channel.close();
      canvasSession.closed(channel.send);
    };
  }, [token, url]);

  // Keyed by the URL with its token: a reload changes only the hash, which would not load the page again.
  return <webview key={src} ref={ref as never} src={src} style={{ width, height, display: 'inline-flex' }} className="page-frame" title={title} />;
}
