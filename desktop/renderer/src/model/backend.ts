/**
 * The editor backend as the renderer reaches it: one client for the whole HTTP API, built from the
 * contract (editor-model/api-contract.ts), so every path is the contract's with each parameter encoded,
 * and every answer has the route's type. The renderer is always served by the local services (the
 * desktop window loads the same page as web mode), so the backend is this page's origin; the session
 * token the services put in the page's HTML goes with every request (the API answers nothing without
 * it), and the canvas origin names where the page under edit is loaded from.
 */
import {
  CANVAS_ORIGIN_META,
  EDITOR_API,
  routePath,
  SESSION_HEADER,
  SESSION_META,
  SESSION_PROTOCOL_PREFIX,
  SESSION_REFUSED,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../../../../editor-model/api-contract';

/** An error the backend answered, with its message for people and, for publishes, the problems. */
export class BackendError extends Error {
  constructor(message: string, readonly status: number, readonly body: Record<string, unknown>) {
    super(message);
  }
}

const meta = (name: string, from: ParentNode = document): string => from.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/** The token in use: the page's, until a restart of the services made it stale (see {@link refreshSession}). */
let token: string | undefined;

/** The backend's base URL (this page's origin). */
export const backendUrl = (): string => window.location.origin;

/** The session token the services gave this page ('' when the page was not served by them). */
export const sessionToken = (): string => (token ??= meta(SESSION_META));

let refreshing: Promise<boolean> | undefined;
/**
 * Reads this page again from the services for their current session token (they make a new one when
 * they restart, and this window keeps working across a restart). Only this origin can read the page,
 * so nothing else can learn the token this way. Resolves whether the token changed.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${backendUrl()}/editor/`, { cache: 'no-store' })
    .then((response) => (response.ok ? response.text() : ''))
    .then((html) => {
      const fresh = html ? meta(SESSION_META, new DOMParser().parseFromString(html, 'text/html')) : '';
      const changed = !!fresh && fresh !== sessionToken();
      if (fresh) token = fresh;
      return changed;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * Where the canvas loads pages from: another origin than the editor's (the same services under
 * `localhost`), so no script of the page under edit can reach the editor.
 */
export const canvasOrigin = (): string => meta(CANVAS_ORIGIN_META) || window.location.origin;

/** The headers every API request carries. */
export const sessionHeaders = (): Record<string, string> => ({ [SESSION_HEADER]: sessionToken() });

/** Opens the sync WebSocket of a project: the token travels as its subprotocol (a browser cannot set headers on it). */
export const openSyncSocket = (projectId: string): WebSocket =>
  new WebSocket(`${backendUrl().replace(/^http/, 'ws')}/api/editor/sync/${encodeURIComponent(projectId)}`, [`${SESSION_PROTOCOL_PREFIX}${sessionToken()}`]);

/** What a call names besides the route: its path parameters, query and body, as the contract types them. */
export type CallInput<N extends RouteName> = (keyof ParamsOf<N> extends never ? { params?: undefined } : { params: ParamsOf<N> }) & {
  query?: QueryOf<N>;
} & (BodyOf<N> extends undefined ? { body?: undefined } : { body: BodyOf<N> });

/**
 * Calls a route of the editor's API. Resolves with its answer; rejects with a {@link BackendError}
 * carrying the backend's message, or a network error when it is down.
 */
export async function callApi<N extends RouteName>(name: N, input: CallInput<N>): Promise<AnswerOf<N>> {
  try {
    return await send(name, input);
  } catch (error) {
    // The services restarted with a new token: take it and try once more.
    if (error instanceof BackendError && error.body.code === SESSION_REFUSED && (await refreshSession())) return send(name, input);
    throw error;
  }
}

async function send<N extends RouteName>(name: N, input: CallInput<N>): Promise<AnswerOf<N>> {
  const spec = EDITOR_API[name];
  let path = routePath(name, (input.params ?? {}) as ParamsOf<N>);
  const query = Object.entries((input.query ?? {}) as Record<string, string | undefined>).filter(([, value]) => value !== undefined);
  if (query.length) path += `?${new URLSearchParams(query as Array<[string, string]>).toString()}`;
  let response: Response;
  try {
    response = await fetch(`${backendUrl()}${path}`, {
      method: spec.method,
      headers: spec.method === 'POST' ? { ...sessionHeaders(), 'Content-Type': 'application/json' } : sessionHeaders(),
      body: spec.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
    });
  } catch {
    throw new BackendError('The editor backend cannot be reached (are the local services running?).', 0, {});
  }
  return readAnswer<AnswerOf<N>>(response);
}

/** The JSON answer of an editor API response; rejects with a {@link BackendError} when it is not ok. */
export async function readAnswer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new BackendError(String(body.error ?? `The backend answered ${response.status}`), response.status, body);
  return body as T;
}
