/**
 * The editor agent (EDT-14..17, EDT-21): the script a page loads in editor mode (the homepage's
 * bootstrap loads `/editor/agent.js` when the runtime is in editor mode, and the runtime itself
 * activates nothing). It opens the channel to the editor, runs the picker and the live preview, and
 * answers the editor's requests. Built on request by `services/routes/editor-agent.ts` from these
 * sources, the runtime's change appliers and the widget plugins.
 */
import type { Plugin } from '../../core';
import { openAgentChannel, type AgentChannel } from './channel';
import { createPicker, type Picker } from './picker';
import { createPreview, type Preview } from './preview';
import { readSession, type ToAgent } from './protocol';
import { overlapOf } from './overlap';
import { countMatches } from './selector';
import { forwardShortcuts } from './shortcuts';

/** What a running agent exposes (for tests and the bench). */
export interface RunningAgent {
  channel: AgentChannel;
  picker: Picker;
  preview: Preview;
  /** Handles one editor message as if it had arrived on the channel. */
  handle(message: ToAgent): void;
}

/**
 * Starts the agent on `win` once its document is parsed; does nothing (returns undefined) when the
 * page was not opened by an editor session, or when an agent already runs.
 */
export const startAgent = (
  widgets: Plugin[] = [],
  win: Window & typeof globalThis & { __variaAgentRunning?: RunningAgent } = window,
  servicesBase = '',
  editorOrigin?: string,
): RunningAgent | undefined => {
  if (win.__variaAgentRunning) return win.__variaAgentRunning;
  let agent: RunningAgent | undefined;
  const handle = (message: ToAgent) => {
    if (!agent) return;
    const { picker, preview, channel } = agent;
    switch (message.type) {
      case 'hello':
        // The editor asks until it hears from us: its listener may have started after our first ready.
        sendReady();
        break;
      case 'picker':
        picker.setOn(message.on);
        break;
      case 'select':
        picker.selectBySelector(message.selector);
        break;
      case 'navigate':
        picker.navigate(message.to);
        break;
      case 'clearPreview':
        preview.clear();
        picker.overlay.refresh();
        break;
      case 'count': {
        const counts: Record<string, number> = {};
        for (const selector of message.selectors) counts[selector] = countMatches(win.document, selector);
        channel.send({ type: 'counts', counts });
        break;
      }
      case 'overlap':
        channel.send({ type: 'overlaps', results: message.pairs.map((pair) => overlapOf(win.document, pair)) });
        break;
      case 'preview': {
        const { key } = message;
        void preview
          .apply(message.changes, (results, ms) => {
            picker.overlay.refresh();
            channel.send({ type: 'previewed', key, results, ms });
          })
          .then((results) => {
            picker.overlay.refresh();
            channel.send({ type: 'previewed', key, results, ms: -1 });
          });
        break;
      }
    }
  };
  const channel = openAgentChannel(win, (message) => handle(message), readSession(win.location.hash, editorOrigin));
  if (!channel) return;
  const picker = createPicker(win, {
    onHover: (selector, label) => channel.send({ type: 'hover', selector, label }),
    onSelect: (selection) => channel.send({ type: 'selected', selection }),
    onPickerChange: (on) => channel.send({ type: 'picker', on }),
  });
  const preview = createPreview(win, widgets, servicesBase);
  forwardShortcuts(win, channel.send);
  agent = { channel, picker, preview, handle };
  win.__variaAgentRunning = agent;
  const sendReady = () =>
    channel.send({ type: 'ready', url: win.location.href, title: win.document.title, elements: win.document.getElementsByTagName('*').length });
  sendReady();
  return agent;
};
