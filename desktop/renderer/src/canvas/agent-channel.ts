/**
 * The editor's end of the agent channel (EDT-17); the agent's end and the reasons for each transport
 * are in desktop/agent/channel.ts.
 *
 * - Frame (web mode): messages are taken only from the canvas frame's window, from the page's exact
 *   origin, with this session's token, and only if they pass the schema. Messages go to the frame
 *   with the page's origin as target.
 * - Webview (desktop): messages go in with `executeJavaScript`, calling the agent's `receive`; they
 *   come out as tagged console lines read from the `console-message` event. Same token and schema.
 */
import { CONSOLE_PREFIX, envelope, parseFromAgent, type FromAgent, type ToAgent } from '../../../agent/protocol';

/** The editor's end of the channel. */
export interface EditorChannel {
  send(message: ToAgent): void;
  close(): void;
}

/** Listens to the agent in an `<iframe>` whose page has `pageOrigin`. */
export const openFrameChannel = (
  frame: HTMLIFrameElement,
  pageOrigin: string,
  token: string,
  onMessage: (message: FromAgent) => void,
  win: Window = window,
): EditorChannel => {
  const listener = (event: MessageEvent) => {
    if (!frame.contentWindow || event.source !== frame.contentWindow || event.origin !== pageOrigin) return;
    const message = parseFromAgent(event.data, token);
    if (message) onMessage(message);
  };
  win.addEventListener('message', listener);
  return {
    send: (message) => frame.contentWindow?.postMessage(envelope(message, token), pageOrigin),
    close: () => win.removeEventListener('message', listener),
  };
};

/** The part of Electron's `<webview>` element the channel uses. */
export interface WebviewLike extends EventTarget {
  executeJavaScript(code: string): Promise<unknown>;
}

/** Talks to the agent in a desktop `<webview>` (no preload there: see the agent's channel.ts). */
export const openWebviewChannel = (webview: WebviewLike, token: string, onMessage: (message: FromAgent) => void): EditorChannel => {
  const listener = (event: Event) => {
    // Electron 45 passes the line as `message` on the event.
    const line = (event as Event & { message?: unknown }).message;
    if (typeof line !== 'string' || !line.startsWith(CONSOLE_PREFIX)) return;
    let value: unknown;
    try {
      value = JSON.parse(line.slice(CONSOLE_PREFIX.length));
    } catch {
      return;
    }
    const message = parseFromAgent(value, token);
    if (message) onMessage(message);
  };
  webview.addEventListener('console-message', listener);
  return {
    send: (message) => {
      // JSON is a JavaScript expression; the agent validates it like any other message.
      const code = `window.__variaAgent && window.__variaAgent.receive(${JSON.stringify(envelope(message, token))})`;
      void webview.executeJavaScript(code).catch(() => undefined);
    },
    close: () => webview.removeEventListener('console-message', listener),
  };
};
