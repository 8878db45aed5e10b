/**
 * The editor window's session (EDT-2, EDT-15, EDT-16, EDT-22): what is selected in the project
 * tree, the tree's own view state (the row being renamed, the rows toggled open or shut) and what
 * the canvas knows of the page and its agent, in one store. Views read it (useSession) and change it
 * through its actions only, so data flows one way: from the session to the views. One per window:
 * there is one canvas, and its page starts loading before a project is open (canvas/frame-host.ts).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EntityTable } from '../../../../editor-model/project-schema';
import type { PreviewResult, Selection as ElementSelection } from '../../../agent/protocol';
import type { DraftChange } from '../canvas/preview-code';
import { SETTINGS_SELECTION, type Selection } from './selection';

/** What the canvas knows of the page and the agent. */
export interface CanvasState {
  /** The agent answered: the page is in editor mode and the channel is open. */
  connected: boolean;
  /** URL and title of the page the agent runs in. */
  page?: { url: string; title: string; elements: number };
  pickerOn: boolean;
  hover?: { selector: string; label: string };
  selection?: ElementSelection;
  /** The last preview: its key, each change's outcome, and the time of its synchronous pass (ms). */
  preview?: { key: string; results: PreviewResult[]; ms: number; settled: boolean };
  /** Change row ids by the change ids of the last preview (for the tree's flags). */
  previewRows: Readonly<Record<string, string>>;
  /** Elements each asked selector matches on the page. */
  counts: Record<string, number>;
  /** The view on the canvas: its page id ('' for a typed URL) and URL. */
  view?: { pageId: string; url: string };
  /** The change being edited in the inspector and not saved yet: previewed in place of its saved row. */
  draft?: { rowId?: string; change: DraftChange };
  /**
   * The canvas as a visitor sees it (issue 37): the variation chosen in each other campaign on the view,
   * by campaign row id (absent: the original, none of its changes), applied with the edited variation.
   */
  asVisitor: Readonly<Record<string, string>>;
  /** When the canvas was opened and when the agent first answered (performance.now()). */
  openedAt?: number;
  readyAt?: number;
}

/** The session's state. */
export interface SessionState {
  /** What the tree has selected (the canvas and the inspector follow it). */
  selection: Selection;
  /** Key (`table:rowId`) of the tree row being renamed. */
  editing: string | null;
  /** Keys of tree rows toggled from their default (campaigns and experiments start open, the rest shut). */
  toggled: ReadonlySet<string>;
  canvas: CanvasState;
  /**
   * Clashes with other campaigns the staff member chose to run anyway, by project: the keys of
   * review's conflicts (review/conflicts.ts `conflictKey`). Kept here, not in the review screen, so
   * leaving Review before publishing loses none; dropped when a check no longer finds the clash, and
   * after a publish (which records them on the revision).
   */
  acknowledged: Readonly<Record<string, readonly string[]>>;
}

/** The session store: its state, its listeners, and the actions that change it. */
export interface EditorSession {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  select(selection: Selection): void;
  setEditing(key: string | null): void;
  /** Opens a shut tree row or shuts an open one. */
  toggle(key: string): void;
  /** Patches what the canvas knows (canvas/canvas-session.ts feeds it from the agent). */
  updateCanvas(patch: Partial<CanvasState>): void;
  /** A project is opened: its selection and tree start afresh (the canvas goes on with its page). */
  startProject(): void;
  /** Records (or withdraws) that a clash of the project runs anyway. */
  acknowledge(projectId: string, conflictKey: string, on: boolean): void;
  /** Forgets the given acknowledgements of the project (all of them when none are given: after a publish). */
  forgetAcknowledged(projectId: string, conflictKeys?: readonly string[]): void;
}

/** Whether a tree row of this key starts open. */
const openByDefault = (key: string) => /^(layers|experiments):/.test(key);

/** Whether a tree row is open in `state`. */
export const isOpen = (state: SessionState, key: string): boolean => openByDefault(key) !== state.toggled.has(key);

/** A new session store (one per window: {@link editorSession}). */
export function createEditorSession(): EditorSession {
  let state: SessionState = {
    selection: SETTINGS_SELECTION,
    editing: null,
    toggled: new Set(),
    canvas: { connected: false, pickerOn: false, counts: {}, previewRows: {}, asVisitor: {} },
    acknowledged: {},
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<SessionState>) => {
    if (Object.entries(patch).every(([key, value]) => state[key as keyof SessionState] === value)) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    select: (selection) => set({ selection }),
    setEditing: (editing) => set({ editing }),
    toggle(key) {
      const toggled = new Set(state.toggled);
      if (toggled.has(key)) toggled.delete(key);
      else toggled.add(key);
      set({ toggled });
    },
    updateCanvas: (patch) => set({ canvas: { ...state.canvas, ...patch } }),
    startProject: () => set({ selection: SETTINGS_SELECTION, editing: null, toggled: new Set(), canvas: { ...state.canvas, asVisitor: {} } }),
    acknowledge(projectId, conflictKey, on) {
      const before = state.acknowledged[projectId] ?? [];
      if (before.includes(conflictKey) === on) return;
      const keys = on ? [...before, conflictKey] : before.filter((key) => key !== conflictKey);
      set({ acknowledged: { ...state.acknowledged, [projectId]: keys } });
    },
    forgetAcknowledged(projectId, conflictKeys) {
      const before = state.acknowledged[projectId] ?? [];
      const keys = conflictKeys ? before.filter((key) => !conflictKeys.includes(key)) : [];
      if (keys.length !== before.length) set({ acknowledged: { ...state.acknowledged, [projectId]: keys } });
    },
  };
}

const NONE: readonly string[] = [];

/** The clashes of the project the staff member chose to run anyway (review/conflicts.ts keys); re-renders on change. */
export const useAcknowledged = (projectId: string): readonly string[] => useSession((state) => state.acknowledged[projectId] ?? NONE);

/** The window's session. */
export const editorSession = createEditorSession();

const SessionContext = createContext<EditorSession>(editorSession);

/** Provides another session than the window's to the views below (a test's). */
export const SessionProvider = SessionContext.Provider;

/** The session the views below read. */
export const useEditorSession = (): EditorSession => useContext(SessionContext);

/**
 * A part of the session's state; re-renders when it changes. `pick` must return a value that stays
 * the same (===) while that part does: a part of the state, or a string or number made of it.
 */
export function useSession<T>(pick: (state: SessionState) => T): T {
  const session = useEditorSession();
  return useSyncExternalStore(session.subscribe, () => pick(session.get()));
}

/** The flags of each canvas state met (worked out once per state, whatever the number of rows reading them). */
const flagsOf = new WeakMap<CanvasState, Record<string, string>>();
/**
 * Flags per change row id for the project tree (EDT-22): a previewed change whose selector matches
 * nothing on the page, or that failed, with the reason.
 */
export function changeFlags(canvas: CanvasState): Record<string, string> {
  const known = flagsOf.get(canvas);
  if (known) return known;
  const flags: Record<string, string> = {};
  for (const result of canvas.preview?.results ?? []) {
    const rowId = canvas.previewRows[result.id] ?? result.id;
    if (result.error) flags[rowId] = `This change failed on the page: ${result.error}`;
    else if (result.matches === 0) flags[rowId] = 'This change matches no element on the page';
  }
  flagsOf.set(canvas, flags);
  return flags;
}

/** One tree row's view state, as a string (cheap to compare): selected, renaming, open, and its change flag. */
export function rowFlags(state: SessionState, table: EntityTable, rowId: string): string {
  const key = `${table}:${rowId}`;
  const selected = state.selection.table === table && state.selection.rowId === rowId;
  const flag = table === 'changes' ? changeFlags(state.canvas)[rowId] ?? '' : '';
  return `${selected ? 1 : 0}${state.editing === key ? 1 : 0}${isOpen(state, key) ? 1 : 0}${flag}`;
}
