/**
 * The agent's end of the editor channel (EDT-17).
 *
 * - Web mode (the page in an `<iframe>` of the editor): `postMessage`. A message is taken only when
 *   it comes from the parent window, from the editor's exact origin, carries this session's token
 *   and passes the schema (protocol.ts). Replies go to the parent with the editor's origin as target,
 *   so no other origin can read them.
 * - Desktop (the page in an Electron `<webview>`): main's hardening strips every preload from a
 *   webview, so the page has no `ipcRenderer` and cannot use `sendToHost`/`ipc-message`. The host
 *   therefore reaches the agent with `webview.executeJavaScript`, calling `window.__variaAgent.receive`,
 *   and the agent answers with a console line (prefix {@link CONSOLE_PREFIX}) that the host reads from
 *   the webview's `console-message` event. Both directions carry the token and are validated alike;
 *   no other origin can call into or read the guest.
 *
 * The token and the editor's origin come from the canvas URL's hash (see `canvasUrl`).
 */
import { CONSOLE_PREFIX, envelope, parseToAgent, readSession, type FromAgent, type ToAgent } from './protocol';

/** The agent's end of the channel. */
export interface AgentChannel {
  send(message: FromAgent): void;
  readonly mode: 'frame' | 'webview';
  close(): void;
}

/** Opens the channel, or returns undefined when the page was not opened by an editor. */
export const openAgentChannel = (
  win: Window & typeof globalThis & { __variaAgent?: { receive(value: unknown): void } },
  onMessage: (message: ToAgent) => void,
  session = readSession(win.location.hash),
): AgentChannel | undefined => {
  if (!session) return;
  const { token, origin } = session;
  const framed = win.parent !== win;
  if (framed) {
    const listener = (event: MessageEvent) => {
      if (event.source !== win.parent || event.origin !== origin) return;
      const message = parseToAgent(event.data, token);
      if (message) onMessage(message);
    };
    win.addEventListener('message', listener);
    return {
      mode: 'frame',
      send: (message) => win.parent.postMessage(envelope(message, token), origin),
      close: () => win.removeEventListener('message', listener),
    };
  }
  const log = win.console.debug.bind(win.console);
  win.__variaAgent = {
    receive(value: unknown) {
      const message = parseToAgent(value, token);
      if (message) onMessage(message);
    },
  };
  return {
    mode: 'webview',
    send: (message) => log(CONSOLE_PREFIX + JSON.stringify(envelope(message, token))),
    close: () => void delete win.__variaAgent,
  };
};
