/**
 * The state the canvas shares with the change inspector: whether the agent is connected, the
 * picker, the hovered and selected element, the last preview's results and the match counts of
 * selectors (EDT-15, EDT-16, EDT-21, EDT-22). One session per editor window (there is one canvas);
 * the canvas feeds it from the agent's messages and the inspector sends through it.
 */
import { useSyncExternalStore } from 'react';
import type { FromAgent, PreviewChange, PreviewResult, Selection, ToAgent } from '../../../agent/protocol';
import { runShortcut } from '../session/shortcuts';
import { toWire, type DraftChange } from './preview-code';

/** What the canvas knows of the page and the agent. */
export interface CanvasState {
  /** The agent answered: the page is in editor mode and the channel is open. */
  connected: boolean;
  /** URL and title of the page the agent runs in. */
  page?: { url: string; title: string; elements: number };
  pickerOn: boolean;
  hover?: { selector: string; label: string };
  selection?: Selection;
  /** The last preview: its key, each change's outcome, and the time of its synchronous pass (ms). */
  preview?: { key: string; results: PreviewResult[]; ms: number; settled: boolean };
  /** Elements each asked selector matches on the page. */
  counts: Record<string, number>;
  /** The view on the canvas: its page id ('' for a typed URL) and URL. */
  view?: { pageId: string; url: string };
  /** The change being edited in the inspector and not saved yet: previewed in place of its saved row. */
  draft?: { rowId?: string; change: DraftChange };
  /** When the canvas was opened and when the agent first answered (performance.now()). */
  openedAt?: number;
  readyAt?: number;
}

type Listener = () => void;
let state: CanvasState = { connected: false, pickerOn: false, counts: {} };
let sender: ((message: ToAgent) => void) | undefined;
const listeners = new Set<Listener>();
/** The last preview asked for (its changes once their code is registered), re-sent when the page reloads. */
let lastPreview: { key: string; changes?: PreviewChange[] } | undefined;

const set = (patch: Partial<CanvasState>) => {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
};

/** The canvas session: read it with {@link useCanvasState}, act through these functions. */
export const canvasSession = {
  get: (): CanvasState => state,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** A page is being (re)loaded: nothing is connected until its agent answers. */
  opening(send: (message: ToAgent) => void) {
    sender = send;
    set({ connected: false, page: undefined, hover: undefined, selection: undefined, preview: undefined, counts: {}, openedAt: performance.now(), readyAt: undefined });
  },
  /** The page of `send` is gone; nothing happens when another page has been opened since. */
  closed(send?: (message: ToAgent) => void) {
    if (send && send !== sender) return;
    sender = undefined;
    set({ connected: false });
  },
  /** Handles one validated message of the agent. */
  receive(message: FromAgent) {
    switch (message.type) {
      case 'ready':
        set({ connected: true, page: { url: message.url, title: message.title, elements: message.elements }, readyAt: performance.now() });
        sender?.({ type: 'picker', on: state.pickerOn });
        if (lastPreview?.changes) sender?.({ type: 'preview', key: lastPreview.key, changes: lastPreview.changes });
        break;
      case 'picker':
        set({ pickerOn: message.on });
        break;
      case 'hover':
        set({ hover: { selector: message.selector, label: message.label } });
        break;
      case 'selected':
        set({ selection: message.selection });
        break;
      case 'previewed':
        if (message.key === lastPreview?.key) set({ preview: { key: message.key, results: message.results, ms: message.ms >= 0 ? message.ms : state.preview?.ms ?? 0, settled: message.ms < 0 } });
        break;
      case 'counts':
        set({ counts: { ...state.counts, ...message.counts } });
        break;
      case 'shortcut':
        // Pressed in the page (the agent keeps presses in the page's text fields to the page): the
        // command of the shared shortcut table, run as for a press in the editor's window.
        runShortcut(message, { inTextField: false });
        break;
    }
  },
  send(message: ToAgent) {
    sender?.(message);
  },
  setPicker(on: boolean) {
    set({ pickerOn: on });
    sender?.({ type: 'picker', on });
  },
  /**
   * Previews `changes` (undoing the previous preview first); an unchanged list is not sent again. Custom
   * code is registered first (preview-code.ts); a newer preview asked meanwhile wins.
   */
  preview(changes: DraftChange[]) {
    const key = JSON.stringify(changes);
    if (key === lastPreview?.key) return;
    const asked = { key } as NonNullable<typeof lastPreview>;
    lastPreview = asked;
    void toWire(changes).then((wire) => {
      if (lastPreview !== asked) return;
      asked.changes = wire;
      sender?.({ type: 'preview', key, changes: wire });
    });
  },
  setView(view: CanvasState['view']) {
    if (view?.pageId !== state.view?.pageId || view?.url !== state.view?.url) set({ view });
  },
  /** Sets (or clears) the inspector's unsaved change; the canvas previews it with the saved ones. */
  setDraft(draft: CanvasState['draft']) {
    set({ draft });
  },
  clearPreview() {
    lastPreview = undefined;
    set({ preview: undefined });
    sender?.({ type: 'clearPreview' });
  },
  count(selectors: string[]) {
    if (selectors.length) sender?.({ type: 'count', selectors });
  },
};

/** Change row ids by change id, for the flags (set by the canvas with each preview). */
let rowIdsById: Record<string, string> = {};
/** Remembers which row each previewed change id belongs to. */
export const setPreviewRows = (rows: Record<string, string>) => {
  rowIdsById = rows;
};

let flagsFor: CanvasState['preview'] | undefined;
let flags: Record<string, string> = {};
/**
 * Flags per change row id for the project tree (EDT-22): a previewed change whose selector matches
 * nothing on the page, or that failed, with the reason.
 */
export const changeFlags = (current: CanvasState): Record<string, string> => {
  if (current.preview === flagsFor) return flags;
  flagsFor = current.preview;
  flags = {};
  for (const result of current.preview?.results ?? []) {
    const rowId = rowIdsById[result.id] ?? result.id;
    if (result.error) flags[rowId] = `This change failed on the page: ${result.error}`;
    else if (result.matches === 0) flags[rowId] = 'This change matches no element on the page';
  }
  return flags;
};

/** The flags of the last preview, by change row id; re-renders when they change. */
export const useChangeFlags = (): Record<string, string> => changeFlags(useCanvasState());

/** The canvas state; re-renders on change. */
export const useCanvasState = (): CanvasState => useSyncExternalStore(canvasSession.subscribe, canvasSession.get);
