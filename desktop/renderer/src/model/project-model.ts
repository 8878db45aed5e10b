/**
 * A project's working copy in the renderer (EDT-4..7): a TinyBase MergeableStore with the declared
 * schema, kept in IndexedDB (so edits not yet saved survive a reload of the renderer), merged live
 * with the backend's copy and every other open editor over the WebSocket synchroniser, with
 * labelled undo and redo through TinyBase checkpoints.
 *
 * Every local edit goes through {@link ProjectModel.edit}, which makes it one transaction and one
 * labelled checkpoint, marks it unsaved, and saves it to the backend shortly after. "Saved" means
 * the backend has written it to its file (the save request carries this copy's content, so it is
 * saved even when the WebSocket is down).
 *
 * @example
 * const model = await openProjectModel('homepage');
 * model.edit('Rename experiment', (store) => store.setCell('experiments', 'exp-1', 'name', 'Hero copy'));
 * model.undo();
 */
import { createCheckpoints, createMergeableStore, type Checkpoints, type MergeableStore } from 'tinybase';
import type { IndexedDbPersister } from 'tinybase/persisters/persister-indexed-db';
import type { WsSynchronizer } from 'tinybase/synchronizers/synchronizer-ws-client';
import { TABLES_SCHEMA } from '../../../../editor-model/project-schema';
import { callApi, openSyncSocket, refreshSession } from './backend';
import { takeProjectOpening, type ProjectOpening } from './opening';

/** Connection and save state, for the status bar (EDT-2). */
export interface ModelStatus {
  /** `online`: synchronising with the backend; `offline`: the WebSocket is closed (edits are kept locally). */
  connection: 'connecting' | 'online' | 'offline';
  /** Local edits the backend has not yet confirmed writing to disk. */
  unsaved: number;
  /** ISO time of the last confirmed save. */
  lastSaved?: string;
  /** The last save or connection problem, for people. */
  message?: string;
}

/** Labels of the edits undo and redo would revert or replay next. */
export interface UndoState {
  undo?: string;
  redo?: string;
}

/** An open project's working copy. */
export interface ProjectModel {
  readonly projectId: string;
  /** The working copy. Read it freely; change it only through {@link edit}. */
  readonly store: MergeableStore;
  /** TinyBase checkpoints of the store (undo/redo). */
  readonly checkpoints: Checkpoints;
  /**
   * Applies one labelled edit: `apply` runs in a transaction; the edit becomes one undo step named
   * `label` (e.g. `Add variation "B"`), is marked unsaved and saved to the backend shortly after.
   */
  edit(label: string, apply: (store: MergeableStore) => void): void;
  /** Reverts the last edit. */
  undo(): void;
  /** Replays the last undone edit. */
  redo(): void;
  /** What undo and redo would do now. */
  undoState(): UndoState;
  /** The connection and save state. */
  status(): ModelStatus;
  /** Calls `listener` whenever status or undo state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Saves now (Ctrl/Cmd+S); resolves once the backend has written the working copy. */
  save(): Promise<void>;
  /** Closes the connection and local persistence. */
  destroy(): Promise<void>;
}

/** Delay between an edit and its automatic save. */
const SAVE_DELAY_MS = 600;
/** Label of changes that arrived from another editor. */
export const REMOTE_EDIT_LABEL = 'Edit from another window';

/**
 * Opens a project's working copy from `opening` (the backend's content, see `prefetchProject`). It
 * resolves as soon as that content is in the store; then, in the background, the copy kept in
 * this browser (edits not yet saved, EDT-5) is merged in and live sync with the backend starts
 * (the status says `connecting` until its first round is done). So the project is usable without
 * waiting for IndexedDB or for the synchroniser's handshake.
 */
export async function openProjectModel(projectId: string, opening: Promise<ProjectOpening> = takeProjectOpening(projectId)): Promise<ProjectModel> {
  const store = createMergeableStore();
  store.setTablesSchema(TABLES_SCHEMA as never);
  const opened = await opening;
  mark('varia-open:content');
  // The store is empty: setting the content is the same as merging it, and about three times faster.
  if (Array.isArray(opened.content)) store.setMergeableContent(opened.content as never);
  mark('varia-open:store');
  const checkpoints = createCheckpoints(store);
  checkpoints.setSize(300);

  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  let status: ModelStatus = { connection: 'connecting', unsaved: 0 };
  const setStatus = (patch: Partial<ModelStatus>) => {
    status = { ...status, ...patch };
    notify();
  };

  let localEdit = false;
  // Changes merged in from the backend become their own undo step, so a local undo never folds them in.
  // (Registered after the checkpoints' own listener, so the changes are recorded by then.)
  store.addDidFinishTransactionListener(() => {
    if (!localEdit && hasChanges(store)) checkpoints.addCheckpoint(REMOTE_EDIT_LABEL);
  });

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | undefined;
  const save = async (): Promise<void> => {
    clearTimeout(saveTimer);
    const pending = status.unsaved;
    const run = async () => {
      try {
        await callApi('saveProject', { params: { id: projectId }, body: { content: store.getMergeableContent() } });
        setStatus({ unsaved: Math.max(0, status.unsaved - pending), lastSaved: new Date().toISOString(), message: undefined });
      } catch (error) {
        setStatus({ message: `Not saved: ${(error as Error).message} Your edits are kept in this window and saved once the backend is back.` });
        throw error;
      }
    };
    saving = (saving ?? Promise.resolve()).catch(() => undefined).then(run);
    return saving;
  };
  const scheduleSave = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
  };

  let synchronizer: WsSynchronizer<WebSocket> | undefined;
  let closed = false;
  let retry = 250;
  /** Set when a socket closed before it opened: the next attempt first asks for the current session token. */
  let refused = false;
  const retryLater = () => {
    retry = Math.min(retry * 2, 4000);
    setTimeout(() => void connect(), retry);
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    // A handshake refused (or a backend that restarted with a new token) looks like a closed socket.
    if (refused) await refreshSession();
    if (closed) return;
    let socket: WebSocket;
    try {
      socket = openSyncSocket(projectId);
    } catch {
      setStatus({ connection: 'offline' });
      return retryLater();
    }
    // One ending per socket, whenever it comes (before or after the handshake): offline, then retry.
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      void synchronizer?.destroy();
      synchronizer = undefined;
      if (closed) return;
      setStatus({ connection: 'offline', message: 'No connection to the editor backend; edits are kept here and saved when it is back.' });
      retryLater();
    };
    socket.addEventListener('close', end);
    socket.addEventListener('error', end);
    refused = true;
    try {
      await new Promise<void>((resolve, reject) => {
        if (socket.readyState === WebSocket.OPEN) return resolve();
        socket.addEventListener('open', () => resolve(), { once: true });
        socket.addEventListener('close', () => reject(new Error('closed')), { once: true });
      });
      refused = false;
      const { createWsSynchronizer } = await synchronizerModule;
      const created = await createWsSynchronizer(store, socket, 2);
      if (ended) return void created.destroy();
      synchronizer = created;
      await created.startSync();
      if (ended) return;
      retry = 250;
      setStatus({ connection: 'online', message: undefined });
      if (status.unsaved > 0) scheduleSave();
    } catch {
      end();
    }
  };
  // This browser's copy: read into a scratch store and merged (a persister's load would replace the
  // store's content), then kept up to date. What it adds is the starting point, not an edit to undo.
  const databaseName = `varia-editor-${projectId}`;
  let local: IndexedDbPersister | undefined;
  const localSaving = (async () => {
    const { createIndexedDbPersister } = await import('tinybase/persisters/persister-indexed-db');
    const kept = createMergeableStore();
    kept.setTablesSchema(TABLES_SCHEMA as never);
    const reader = createIndexedDbPersister(kept, databaseName);
    await reader.load().catch(() => undefined);
    await reader.destroy();
    localEdit = true;
    try {
      store.applyMergeableChanges(kept.getMergeableContent());
    } finally {
      localEdit = false;
    }
    if (checkpoints.getCheckpointIds()[0].length) checkpoints.addCheckpoint('Edits kept in this window');
    else checkpoints.clear();
    local = createIndexedDbPersister(store, databaseName);
    await local.startAutoSave();
  })().catch(() => undefined);
  void connect();

  checkpoints.addCheckpointIdsListener(notify);
  return {
    projectId,
    store,
    checkpoints,
    edit(label, apply) {
      localEdit = true;
      try {
        store.transaction(() => apply(store));
      } finally {
        localEdit = false;
      }
      checkpoints.addCheckpoint(label);
      setStatus({ unsaved: status.unsaved + 1 });
      scheduleSave();
    },
    undo() {
      if (!checkpoints.getCheckpointIds()[0].length) return;
      localEdit = true;
      try {
        checkpoints.goBackward();
      } finally {
        localEdit = false;
      }
      setStatus({ unsaved: status.unsaved + 1 });
      scheduleSave();
    },
    redo() {
      if (!checkpoints.getCheckpointIds()[2].length) return;
      localEdit = true;
      try {
        checkpoints.goForward();
      } finally {
        localEdit = false;
      }
      setStatus({ unsaved: status.unsaved + 1 });
      scheduleSave();
    },
    undoState() {
      const [backward, current, forward] = checkpoints.getCheckpointIds();
      return {
        undo: backward.length && current !== undefined ? checkpoints.getCheckpoint(current) : undefined,
        redo: forward.length ? checkpoints.getCheckpoint(forward[0]) : undefined,
      };
    },
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save,
    async destroy() {
      closed = true;
      clearTimeout(saveTimer);
      if (status.unsaved > 0) await save().catch(() => undefined);
      await synchronizer?.destroy();
      await localSaving;
      await local?.destroy();
      checkpoints.destroy();
    },
  };
}

/**
 * TinyBase's WebSocket synchroniser and IndexedDB persister are loaded after the project is shown
 * (both work in the background), so their code is not in the renderer's entry script.
 */
const synchronizerModule = import('tinybase/synchronizers/synchronizer-ws-client');

/** Marks a step of opening (the bench reads these marks to say where the time goes). */
const mark = (name: string) => performance.mark(name);

/** Whether the transaction that just finished changed any cell or value. */
function hasChanges(store: MergeableStore): boolean {
  const [tables, values] = store.getTransactionChanges();
  return Object.keys(tables).length > 0 || Object.keys(values).length > 0;
}
