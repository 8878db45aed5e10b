/**
 * The editor-agent channel (EDT-17) in real Chromium: postMessage between the editor window and the
 * page frame with origin, source, token and schema checks on both ends; a hostile frame of another
 * origin is ignored by both. The desktop transport is checked with a stand-in for Electron's
 * `<webview>` element (the Electron binary cannot run here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openAgentChannel } from '../../../desktop/agent/channel';
import { CONSOLE_PREFIX, envelope, newToken, PROTOCOL, type FromAgent, type ToAgent } from '../../../desktop/agent/protocol';
import { openFrameChannel, openWebviewChannel } from '../../../desktop/renderer/src/canvas/agent-channel';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((fn) => fn()));

const frame = (attrs: Record<string, string>) =>
  new Promise<HTMLIFrameElement>((resolve) => {
    const el = document.createElement('iframe');
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    el.addEventListener('load', () => resolve(el), { once: true });
    document.body.append(el);
    cleanups.push(() => el.remove());
  });
/** Resolves when the test window receives `data` (listening starts now, before the frame exists). */
const messageSeen = (data: string) =>
  new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.data !== data) return;
      window.removeEventListener('message', listener);
      resolve();
    };
    window.addEventListener('message', listener);
  });

/** A sandboxed frame (opaque origin) that posts `payload` to the page frame and to its parent, then says done. */
const hostileFrame = async (payload: unknown) => {
  const done = messageSeen('hostile-done');
  await frame({
    sandbox: 'allow-scripts',
    srcdoc: `<script>var m=${JSON.stringify(payload)};for(var i=0;i<parent.frames.length;i++)try{parent.frames[i].postMessage(m,'*')}catch(e){}parent.postMessage(m,'*');parent.postMessage('hostile-done','*');</script>`,
  });
  await done;
};

describe('editor channel', () => {
  it('EDT-17 web mode: both ends take valid messages of their session; a hostile frame with the token is ignored by both', async () => {
    const token = newToken();
    // The agent runs in the page frame's own realm, as it does in a real page (the source of its messages is the frame).
    const channelUrl = new URL('../../../desktop/agent/channel.ts', import.meta.url).href;
    const page = await frame({
      srcdoc: `<p>page</p><script type="module">import { openAgentChannel } from ${JSON.stringify(channelUrl)};
window.got = []; window.agent = openAgentChannel(window, (m) => window.got.push(m), ${JSON.stringify({ token, origin: location.origin })});</script>`,
    });
    const pageWin = page.contentWindow as Window & typeof globalThis & { got: ToAgent[]; agent: ReturnType<typeof openAgentChannel> };
    const toAgent = pageWin.got;
    const agent = pageWin.agent!;
    const fromAgent: FromAgent[] = [];
    const editor = openFrameChannel(page, location.origin, token, (m) => fromAgent.push(m));
    cleanups.push(() => (agent.close(), editor.close()));
    expect(agent.mode).toBe('frame');

    await hostileFrame(envelope({ type: 'picker', on: true }, token));
    // Wrong token, wrong protocol, bad field types and unknown types, from the right window: all dropped.
    for (const bad of [
      envelope({ type: 'picker', on: true }, newToken()),
      { ...envelope({ type: 'picker', on: true }, token), protocol: 'other/1' },
      envelope({ type: 'picker', on: 'yes' } as never, token),
      envelope({ type: 'eval', code: '1' } as never, token),
      'picker',
    ]) pageWin.postMessage(bad, location.origin);
    // A round trip each way after them: messages arrive in order, so anything accepted earlier would show.
    const agentGot = new Promise<void>((resolve) => {
      const timer = setInterval(() => toAgent.length && (clearInterval(timer), resolve()), 5);
    });
    editor.send({ type: 'navigate', to: 'parent' });
    await agentGot;
    expect(JSON.parse(JSON.stringify(toAgent))).toEqual([{ type: 'navigate', to: 'parent', protocol: PROTOCOL, token }]);

    const editorGot = new Promise<void>((resolve) => {
      const timer = setInterval(() => fromAgent.length && (clearInterval(timer), resolve()), 5);
    });
    agent.send({ type: 'picker', on: false });
    await editorGot;
    expect(fromAgent).toEqual([{ type: 'picker', on: false, protocol: PROTOCOL, token }]);
  });

  it('EDT-17 web mode: a message of the right session from a frame that is not the canvas is ignored by the editor', async () => {
    const token = newToken();
    const page = await frame({ srcdoc: '<p>page</p>' });
    const fromAgent: FromAgent[] = [];
    const editor = openFrameChannel(page, location.origin, token, (m) => fromAgent.push(m));
    cleanups.push(() => editor.close());
    // Same origin, right token, but not the canvas frame: the editor checks the source window too.
    const done = messageSeen('other-done');
    await frame({ srcdoc: `<script>parent.postMessage(${JSON.stringify(envelope({ type: 'picker', on: true }, token))},'*');parent.postMessage('other-done','*');</script>` });
    await done;
    (page.contentWindow as Window & typeof globalThis).eval(`parent.postMessage(${JSON.stringify(envelope({ type: 'picker', on: false }, token))}, '*')`);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => fromAgent.length && (clearInterval(timer), resolve()), 5);
    });
    expect(fromAgent.map((m) => m.type === 'picker' && m.on)).toEqual([false]);
  });

  // NOT the real desktop transport: Electron's binary cannot start on this machine (see
  // ../shared/TOOLCHAIN.md), so no real <webview> exists here. A stand-in object plays the webview:
  // its executeJavaScript runs the call the editor wrote, and console lines are delivered as
  // console-message events by hand. What is checked is both ends' code (wire format, token,
  // schema), not Electron's executeJavaScript or its console-message event themselves.
  it('EDT-17 desktop transport with a MOCKED webview (no Electron binary here): executeJavaScript in, tagged console lines out, token and schema checked', () => {
    const token = newToken();
    const lines: string[] = [];
    const toAgent: ToAgent[] = [];
    const guest = {
      parent: null as unknown,
      location: { hash: `#varia_editor_token=${token}&varia_editor_origin=app` },
      console: { debug: (line: string) => lines.push(line) },
    } as unknown as Window & typeof globalThis & { __variaAgent?: { receive(v: unknown): void } };
    (guest as { parent: unknown }).parent = guest;
    const agent = openAgentChannel(guest, (m) => toAgent.push(m))!;
    expect(agent.mode).toBe('webview');
    const webview = Object.assign(new EventTarget(), {
      // What Electron would run in the guest: the call the channel wrote, with its JSON argument.
      executeJavaScript: async (code: string) => guest.__variaAgent?.receive(JSON.parse(/receive\((.*)\)$/.exec(code)![1])),
    });
    const fromAgent: FromAgent[] = [];
    const editor = openWebviewChannel(webview, token, (m) => fromAgent.push(m));
    editor.send({ type: 'select', selector: 'h1' });
    guest.__variaAgent!.receive(envelope({ type: 'select', selector: 'h2' }, newToken()));
    expect(toAgent).toEqual([{ type: 'select', selector: 'h1', protocol: PROTOCOL, token }]);
    agent.send({ type: 'picker', on: true });
    const deliver = (message: string) => webview.dispatchEvent(Object.assign(new Event('console-message'), { message }));
    lines.forEach(deliver);
    deliver(CONSOLE_PREFIX + JSON.stringify(envelope({ type: 'picker', on: false }, newToken())));
    deliver(CONSOLE_PREFIX + '{not json');
    deliver(JSON.stringify(envelope({ type: 'picker', on: false }, token)));
    expect(fromAgent).toEqual([{ type: 'picker', on: true, protocol: PROTOCOL, token }]);
  });
});
