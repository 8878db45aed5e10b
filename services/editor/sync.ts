/**
 * Live synchronisation of working copies (EDT-7): TinyBase's WebSocket synchroniser server on the
 * services' own HTTP server, at `ws://127.0.0.1:<port>/api/editor/sync/<projectId>`. Each path is one
 * project; the server's own client for that path is the backend's store of the project (see
 * workspace.ts), so every editor that connects merges with it, and through it with each other.
 * The backend store persists itself (file persister), so the path's persister here only hands
 * the store over and stores nothing.
 *
 * A connection is the editor's only (services/http/security.ts): on the editor's address, from the
 * editor's exact origin (never `null`, `file://` or none), with the session token as its subprotocol
 * (`varia-session.<token>`; browsers cannot set headers on a WebSocket). Frames are capped at
 * {@link MAX_SYNC_FRAME_BYTES}: a larger one closes the connection (1009) without being buffered.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createCustomPersister } from 'tinybase/persisters';
import { createWsServer, type WsServer } from 'tinybase/synchronizers/synchronizer-ws-server';
import { WebSocketServer } from 'ws';
import { isProjectId, MAX_WORKING_COPY_BYTES, SESSION_PROTOCOL_PREFIX } from '../../editor-model/api-contract';
import type { ServicesSecurity } from '../http/security';
import type { Workspace } from './workspace';

/** The URL path prefix of the synchroniser. */
export const SYNC_PATH = '/api/editor/sync/';
/** Largest sync frame: a whole working copy at most. */
export const MAX_SYNC_FRAME_BYTES = MAX_WORKING_COPY_BYTES;

/** The running synchroniser. */
export interface EditorSync {
  /** Takes an HTTP upgrade if it is for the synchroniser; false otherwise (another handler may). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every connection. */
  close(): Promise<void>;
}

const refuse = (socket: Duplex, status: string, reason: string) =>
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${reason}\n`);

/** The session token a connection offers as its subprotocol, if any. */
const offeredToken = (req: IncomingMessage): string | undefined =>
  (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .find((protocol) => protocol.startsWith(SESSION_PROTOCOL_PREFIX))
    ?.slice(SESSION_PROTOCOL_PREFIX.length);

/** Starts the synchroniser for a workspace. */
export function createEditorSync(workspace: Workspace, security: ServicesSecurity): EditorSync {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_SYNC_FRAME_BYTES,
    // The token was checked before the upgrade; the browser needs its subprotocol echoed.
    handleProtocols: (protocols) => [...protocols].find((protocol) => protocol.startsWith(SESSION_PROTOCOL_PREFIX)) ?? false,
  });
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
      const refusal = security.editorRefusal(req, true, offeredToken(req));
      if (refusal) {
        refuse(socket, '403 Forbidden', refusal.message);
        return true;
      }
      let projectId = '';
      try {
        projectId = decodeURIComponent(path.slice(SYNC_PATH.length));
      } catch {
        // Not a project id: refused below.
      }
      if (!isProjectId(projectId)) {
        refuse(socket, '400 Bad Request', 'The address names no project.');
        return true;
      }
      workspace.get(projectId).then(
        () => sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req)),
        () => refuse(socket, '404 Not Found', `There is no project "${projectId}".`),
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
