/**
 * The editor's API and sync from Node, as the editor page uses them: its origin, its session token
 * (what the services put in the editor page; a test takes it from `startServices` or the services
 * process's READY line), JSON bodies, and the token as the sync socket's subprotocol.
 */
import { WebSocket } from 'ws';
import { SESSION_HEADER, SESSION_PROTOCOL_PREFIX } from '../../editor-model/api-contract';

/** Where the services are and the session token they gave their editor. */
export interface EditorSession {
  url: string;
  token: string;
}

/** The session of services started in this process. */
export const sessionOf = (services: { url: string; sessionToken: string }): EditorSession => ({ url: services.url, token: services.sessionToken });

/** Calls the editor's API; `path` is under `/api/editor/`. With a body it is a POST. */
export function editorApi(session: EditorSession, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { [SESSION_HEADER]: session.token };
  if (body === undefined) return fetch(`${session.url}/api/editor/${path}`, { headers });
  return fetch(`${session.url}/api/editor/${path}`, {
    method: 'POST',
    headers: { ...headers, Origin: session.url, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Calls the editor's API and reads its JSON answer; throws on an error status, with the answer. */
export async function editorCall<T = unknown>(session: EditorSession, path: string, body?: unknown): Promise<T> {
  const response = await editorApi(session, path, body);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Opens the sync WebSocket of a project as the editor does. */
export const editorSocket = (session: EditorSession, projectId: string): WebSocket =>
  new WebSocket(`${session.url.replace(/^http/, 'ws')}/api/editor/sync/${encodeURIComponent(projectId)}`, [`${SESSION_PROTOCOL_PREFIX}${session.token}`], {
    origin: session.url,
  });
