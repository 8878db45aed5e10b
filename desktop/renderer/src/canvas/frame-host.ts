/**
 * The canvas page's `<iframe>` in web mode (EDT-14, EDT-26), created here rather than by React so
 * that it can start loading while the project itself is still opening:
 *
 * - {@link preloadCanvas} (called as soon as the editor knows which project it opens) creates the
 *   frame of the project's default view in a hidden parking spot, with its session token and
 *   channel, so the page, the snippet and the agent load in parallel with the project's content.
 * - {@link takeFrame} gives the canvas that frame when it asks for the same URL (or a new one), and
 *   the canvas moves it into its stage with `Element.moveBefore`, which keeps the loaded document
 *   (a plain `appendChild` of an iframe reloads it). Without `moveBefore` nothing is preloaded.
 *
 * The default view is not known before the project's content arrives, so the path the canvas opened
 * by default last time for this project is remembered (the site root at first), and a preload of
 * another path is simply discarded. The desktop app's `<webview>` is not preloaded: a moved webview
 * reloads its guest.
 */
import { canvasUrl, newToken } from '../../../agent/protocol';
import { canvasOrigin } from '../model/backend';
import { getDesktopApi } from '../bridge/desktop-bridge';
import { openFrameChannel, type EditorChannel } from './agent-channel';
import { canvasSession } from './canvas-session';

/** One page load on the canvas: the frame, its session token and its open channel. */
export interface CanvasFrame {
  /** The page's URL, without the editor's parameters. */
  url: string;
  iframe: HTMLIFrameElement;
  /** Ends the channel and removes the frame. */
  close(): void;
}

/** How long a preloaded frame waits for the canvas before it is dropped. */
const PARKED_MS = 20_000;
/** Size of a parked frame (the canvas resizes it when it takes it): the default desktop width. */
const PARKED_SIZE = { width: 1280, height: 800 };
const pathKey = (projectId: string) => `varia-canvas-path:${projectId}`;

let parked: { frame: CanvasFrame; timer: ReturnType<typeof setTimeout> } | undefined;
let preloading = 0;

/** Whether frames can be moved without reloading (Chromium 133+), so a preload can be kept. */
const canMove = () => typeof Element !== 'undefined' && 'moveBefore' in Element.prototype;

/**
 * Opens a page in a new frame and connects it to the canvas session (the session's previous page,
 * if any, must be closed first). The frame is not in the document yet.
 */
export const openFrame = (url: string, title: string): CanvasFrame => {
  const token = newToken();
  const iframe = document.createElement('iframe');
  iframe.className = 'page-frame';
  iframe.title = title;
  iframe.dataset.testid = 'canvas-frame';
  iframe.src = canvasUrl(url, token, window.location.origin);
  const channel: EditorChannel = openFrameChannel(iframe, new URL(url).origin, token, canvasSession.receive);
  canvasSession.opening(channel.send);
  // Once the page has loaded, ask until the agent answers: its first `ready` may come before this
  // listener existed. (Not before: the frame's first document is the editor's own blank page.)
  let hello: ReturnType<typeof setInterval> | undefined;
  iframe.addEventListener('load', () => {
    clearInterval(hello);
    hello = setInterval(() => {
      if (canvasSession.get().connected) clearInterval(hello);
      else channel.send({ type: 'hello' });
    }, 250);
  });
  let closed = false;
  return {
    url,
    iframe,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(hello);
      channel.close();
      canvasSession.closed(channel.send);
      iframe.remove();
    },
  };
};

const dropParked = () => {
  if (!parked) return;
  clearTimeout(parked.timer);
  parked.frame.iframe.parentElement?.remove();
  parked.frame.close();
  parked = undefined;
};

/** Remembers the path the canvas opened by default for a project, for the next preload. */
export const rememberDefaultPath = (projectId: string, path: string): void => {
  try {
    localStorage.setItem(pathKey(projectId), path);
  } catch {
    // No storage (private mode, quota): the next preload guesses the site root.
  }
};

/**
 * Starts loading a project's default canvas page in a hidden frame (web mode, where frames can be
 * moved without reloading); the canvas takes it when it opens the same URL.
 */
export const preloadCanvas = async (projectId: string): Promise<void> => {
  if (getDesktopApi() || !canMove()) return;
  const run = ++preloading;
  let path = '/';
  try {
    path = localStorage.getItem(pathKey(projectId)) ?? '/';
  } catch {
    // As above.
  }
  const url = new URL(path, canvasOrigin()).toString();
  if (run !== preloading || parked?.frame.url === url) return;
  dropParked();
  const spot = document.createElement('div');
  // Laid out at a real width (a page in a zero-size frame would lay out again), but out of sight.
  spot.setAttribute('aria-hidden', 'true');
  spot.style.cssText = `position:fixed;left:-${PARKED_SIZE.width * 2}px;top:0;width:${PARKED_SIZE.width}px;height:${PARKED_SIZE.height}px;visibility:hidden;pointer-events:none`;
  const frame = openFrame(url, 'Page in editor mode');
  Object.assign(frame.iframe.style, { width: `${PARKED_SIZE.width}px`, height: `${PARKED_SIZE.height}px` });
  spot.appendChild(frame.iframe);
  document.body.appendChild(spot);
  parked = { frame, timer: setTimeout(dropParked, PARKED_MS) };
};

/** The frame for `url`: the preloaded one when it is that page, otherwise a new one. */
export const takeFrame = (url: string, title: string): CanvasFrame => {
  if (parked?.frame.url === url) {
    const { frame, timer } = parked;
    clearTimeout(timer);
    parked = undefined;
    frame.iframe.title = title;
    return frame;
  }
  dropParked();
  return openFrame(url, title);
};

/** Puts a frame into `holder`: moved when it is already loading elsewhere in the document, so it keeps its page. */
export const placeFrame = (holder: HTMLElement, frame: CanvasFrame): void => {
  const { iframe } = frame;
  const spot = iframe.parentElement;
  const movable = holder as HTMLElement & { moveBefore?(node: Node, child: Node | null): void };
  if (iframe.isConnected && movable.moveBefore) movable.moveBefore(iframe, null);
  else holder.appendChild(iframe);
  if (spot && spot !== holder && !spot.childElementCount) spot.remove();
};
/**
 * Preloads the canvas whenever the editor's address opens a project's Design view (`#/p/<id>/design`
 * or `#/p/<id>`): now, and on every later change of the address. Called once by main.tsx, before
 * React renders.
 */
export const preloadCanvasOnRoute = (win: Window = window): void => {
  // `?canvas_preload=off` on the editor's address: the canvas loads only when shown (the bench's peer).
  if (new URLSearchParams(win.location.search).get('canvas_preload') === 'off') return;
  const check = () => {
    const match = /^#\/p\/([a-z0-9_-]+)(?:\/([a-z]+))?/.exec(win.location.hash);
    if (match && (!match[2] || match[2] === 'design')) void preloadCanvas(match[1]).catch(() => undefined);
  };
  check();
  win.addEventListener('hashchange', check);
};
