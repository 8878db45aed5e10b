/**
 * The editor backend as the renderer reaches it: the same HTTP API and WebSocket in web mode
 * (served by the local services, so the backend is this page's origin) and in the desktop app
 * (the main process tells the renderer where the services it started listen).
 */
import { getDesktopApi } from '../runtime/desktop-bridge';

let base: Promise<string> | undefined;

/** The backend's base URL, without a trailing slash. */
export function backendUrl(): Promise<string> {
  base ??= (async () => {
    const desktop = getDesktopApi();
    if (desktop?.backend) return (await desktop.backend.getUrl()).replace(/\/$/, '');
    return window.location.origin;
  })();
  return base;
}

/** The backend's WebSocket URL for a path (`/api/editor/sync/<id>`). */
export async function backendSocketUrl(path: string): Promise<string> {
  return (await backendUrl()).replace(/^http/, 'ws') + path;
}

/** An error the backend answered, with its message for people and, for publishes, the problems. */
export class BackendError extends Error {
  constructor(message: string, readonly status: number, readonly body: Record<string, unknown>) {
    super(message);
  }
}

/**
 * Calls the editor API: `path` is under `/api/editor/`. Resolves with the JSON answer; rejects
 * with a {@link BackendError} carrying the backend's message, or a network error when it is down.
 */
export async function api<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${await backendUrl()}/api/editor/${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new BackendError('The editor backend cannot be reached (are the local services running?).', 0, {});
  }
  return readAnswer<T>(response);
}

/** The JSON answer of an editor API response; rejects with a {@link BackendError} when it is not ok. */
export async function readAnswer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new BackendError(String(body.error ?? `The backend answered ${response.status}`), response.status, body);
  return body as T;
}
