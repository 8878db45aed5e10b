/**
 * The canvas's side of the window's session (session/editor-session.ts): whether the agent is
 * connected, the picker, the hovered and selected element, the last preview's results and the match
 * counts of selectors (EDT-15, EDT-16, EDT-21, EDT-22). The canvas feeds it from the agent's
 * messages and the inspector sends through it; what it knows is the session's `canvas` state.
 */
import type { FromAgent, PreviewChange, ToAgent } from '../../../agent/protocol';
import { editorSession, useSession, type CanvasState, type EditorSession } from '../session/editor-session';
import { runShortcut } from '../session/shortcuts';
import { toWire, type DraftChange } from './preview-code';

export type { CanvasState } from '../session/editor-session';

/**
 * The picker turned on or off. Off forgets the hovered element: the agent forgets it too, so the next
 * "Pointing at" shown is one the pointer reached with the picker on, never a stale one from before.
 */
const pickerState = (on: boolean): Pick<CanvasState, 'pickerOn' | 'hover'> => (on ? { pickerOn: true } : { pickerOn: false, hover: undefined });

/** The canvas's actions on a session, with the channel to the page's agent. */
export function createCanvasSession(session: EditorSession) {
  const state = (): CanvasState => session.get().canvas;
  const set = (patch: Partial<CanvasState>) => session.updateCanvas(patch);
  let sender: ((message: ToAgent) => void) | undefined;
  /** The last preview asked for (its changes once their code is registered), re-sent when the page reloads. */
  let lastPreview: { key: string; changes?: PreviewChange[] } | undefined;
  return {
    get: state,
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
          sender?.({ type: 'picker', on: state().pickerOn });
          if (lastPreview?.changes) sender?.({ type: 'preview', key: lastPreview.key, changes: lastPreview.changes });
          break;
        case 'picker':
          set(pickerState(message.on));
          break;
        case 'hover':
          set({ hover: { selector: message.selector, label: message.label } });
          break;
        case 'selected':
          set({ selection: message.selection });
          break;
        case 'previewed':
          if (message.key === lastPreview?.key) {
            set({ preview: { key: message.key, results: message.results, ms: message.ms >= 0 ? message.ms : state().preview?.ms ?? 0, settled: message.ms < 0 } });
          }
          break;
        case 'counts':
          set({ counts: { ...state().counts, ...message.counts } });
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
      set(pickerState(on));
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
      const current = state().view;
      if (view?.pageId !== current?.pageId || view?.url !== current?.url) set({ view });
    },
    /** Chooses the variation a visitor of campaign `layerRowId` is in (undefined: its original); the canvas applies it (issue 37). */
    setAsVisitor(layerRowId: string, variationRowId: string | undefined) {
      const { [layerRowId]: _before, ...rest } = state().asVisitor;
      set({ asVisitor: variationRowId ? { ...rest, [layerRowId]: variationRowId } : rest });
    },
    /** Back to the original of every other campaign. */
    clearAsVisitor() {
      if (Object.keys(state().asVisitor).length) set({ asVisitor: {} });
    },
    /** Sets (or clears) the inspector's unsaved change; the canvas previews it with the saved ones. */
    setDraft(draft: CanvasState['draft']) {
      set({ draft });
    },
    /** Remembers which row each previewed change id belongs to (for the tree's flags). */
    setPreviewRows(rows: Record<string, string>) {
      const current = state().previewRows;
      const same = Object.keys(rows).length === Object.keys(current).length && Object.entries(rows).every(([id, rowId]) => current[id] === rowId);
      if (!same) set({ previewRows: rows });
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
}

/** The canvas session of the window: read it with {@link useCanvasState}, act through its functions. */
export const canvasSession = createCanvasSession(editorSession);

/** Remembers which row each previewed change id belongs to (set by the canvas with each preview). */
export const setPreviewRows = (rows: Record<string, string>) => canvasSession.setPreviewRows(rows);

/** The canvas state; re-renders on change. */
export const useCanvasState = (): CanvasState => useSession((state) => state.canvas);
