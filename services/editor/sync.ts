/**
 * Live synchronisation of working copies (EDT-7): TinyBase's WebSocket synchroniser server on the
 * services' own HTTP server, at `ws://<host>/api/editor/sync/<projectId>`. Each path is one
 * project; the server's own client for that path is the backend's store of the project (see
 * workspace.ts), so every editor that connects merges with it, and through it with each other.
 * The backend store persists itself (file persister), so the path's persister here only hands
 * the store over and stores nothing.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createCustomPersister } from 'tinybase/persisters';
import { createWsServer, type WsServer } from 'tinybase/synchronizers/synchronizer-ws-server';
import { WebSocketServer } from 'ws';
import type { Workspace } from './workspace';

/** The URL path prefix of the synchroniser. */
export const SYNC_PATH = '/api/editor/sync/';

/** Origins allowed to connect: loopback pages (web mode) and the desktop app (no origin, `file://`). */
const ALLOWED_ORIGIN = /^(https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?|file:\/\/|null)$/;

/** The running synchroniser. */
export interface EditorSync {
  /** Takes an HTTP upgrade if it is for the synchroniser; false otherwise (another handler may). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** Starts the synchroniser for a workspace. */
export function createEditorSync(workspace: Workspace): EditorSync {
  const sockets = new WebSocketServer({ noServer: true });
  const server: WsServer = createWsServer(sockets, async (pathId) => {
    const projectId = decodeURIComponent(pathId.slice(SYNC_PATH.length - 1));
    const project = await workspace.get(projectId);
    // Mergeable stores only (3 would be either); nothing to load or save: the store persists itself.
    return createCustomPersister(project.store as never, async () => undefined, async () => undefined, () => 0, () => undefined, undefined, 2 as never);
    // Ignored errors are request timeouts of a client that went away: TinyBase retries on its own.
  }, () => undefined);

  return {
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (!path.startsWith(SYNC_PATH)) return false;
      const origin = req.headers.origin;
      const projectId = decodeURIComponent(path.slice(SYNC_PATH.length));
      if ((origin && !ALLOWED_ORIGIN.test(origin)) || !/^[a-z0-9_-]+$/.test(projectId)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return true;
      }
      workspace.get(projectId).then(
        () => sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req)),
        () => socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n'),
      );
      return true;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      await server.destroy();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
