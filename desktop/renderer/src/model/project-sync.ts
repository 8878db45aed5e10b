/**
 * Where a working copy goes besides the store (EDT-2, EDT-5, EDT-7): saved to the backend over
 * HTTP shortly after each local change, merged live with the backend's copy and every other open
 * editor over the WebSocket synchroniser (reconnecting when the socket closes), and kept in this
 * browser's IndexedDB so edits not yet saved survive a reload of the renderer.
 *
 * "Saved" means the backend has written the copy to its file: the save request carries this copy's
 * content, so it is saved even when the WebSocket is down.
 */
import type { IndexedDbPersister } from 'tinybase/persisters/persister-indexed-db/with-schemas';
import type { WsSynchronizer } from 'tinybase/synchronizers/synchronizer-ws-client/with-schemas';
import { callApi, openSyncSocket, refreshSession } from './backend';
import { createProjectStore, type EditableStore, type ProjectSchemas } from './project-store';

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

/** A working copy's saving, sync and browser storage. */
export interface ProjectSync {
  /** The connection and save state. */
  status(): ModelStatus;
  /** Calls `listener` whenever the status changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Saves now (Ctrl/Cmd+S); resolves once the backend has written the working copy. */
  save(): Promise<void>;
  /** Saves what is unsaved, then closes the connection and local persistence. */
  destroy(): Promise<void>;
}

/** Delay between an edit and its automatic save. */
const SAVE_DELAY_MS = 600;
/** First and longest wait before reconnecting (doubled after each failed attempt). */
const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 4000;
/** Label of the undo step made by edits kept in this browser, when edits came before them. */
const KEPT_EDITS_LABEL = 'Edits kept in this window';

/**
 * Starts saving, syncing and keeping a working copy. Sync and browser storage start in the
 * background (the status says `connecting` until the synchroniser's first round is done), so the
 * project is usable without waiting for IndexedDB or for the handshake.
 */
export function startProjectSync(projectId: string, editable: EditableStore): ProjectSync {
  const { store } = editable;
  const listeners = new Set<() => void>();
  let status: ModelStatus = { connection: 'connecting', unsaved: 0 };
  const setStatus = (patch: Partial<ModelStatus>) => {
    status = { ...status, ...patch };
    listeners.forEach((listener) => listener());
  };

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
  const stopFollowing = editable.onLocalChange(() => {
    setStatus({ unsaved: status.unsaved + 1 });
    scheduleSave();
  });

  let synchronizer: WsSynchronizer<ProjectSchemas, WebSocket> | undefined;
  let closed = false;
  let retry = RETRY_FIRST_MS;
  /** Set when a socket closed before it opened: the next attempt first asks for the current session token. */
  let refused = false;
  const retryLater = () => {
    retry = Math.min(retry * 2, RETRY_MOST_MS);
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
      retry = RETRY_FIRST_MS;
      setStatus({ connection: 'online', message: undefined });
      if (status.unsaved > 0) scheduleSave();
    } catch {
      end();
    }
  };

  // This browser's copy: read into a scratch store and merged (a persister's load would replace the
  // store's content), then kept up to date. What it adds is the starting point, not an edit to undo.
  const databaseName = `varia-editor-${projectId}`;
  let local: IndexedDbPersister<ProjectSchemas> | undefined;
  const localSaving = (async () => {
    const { createIndexedDbPersister } = await persisterModule();
    const kept = createProjectStore();
    const reader = createIndexedDbPersister(kept, databaseName);
    await reader.load().catch(() => undefined);
    await reader.destroy();
    editable.adopt(kept.getMergeableContent(), KEPT_EDITS_LABEL);
    local = createIndexedDbPersister(store, databaseName);
    await local.startAutoSave();
  })().catch(() => undefined);
  void connect();

  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save,
    async destroy() {
      closed = true;
      stopFollowing();
      clearTimeout(saveTimer);
      if (status.unsaved > 0) await save().catch(() => undefined);
      await synchronizer?.destroy();
      await localSaving;
      await local?.destroy();
    },
  };
}

/**
 * TinyBase's WebSocket synchroniser and IndexedDB persister are loaded after the project is shown
 * (both work in the background), so their code is not in the renderer's entry script.
 */
const synchronizerModule = import('tinybase/synchronizers/synchronizer-ws-client/with-schemas');
const persisterModule = () => import('tinybase/persisters/persister-indexed-db/with-schemas');
