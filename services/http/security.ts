/**
 * What the local services trust, in one place (see the README's "Security" section).
 *
 * Any page a person opens, and any process on the machine, can reach loopback. So:
 * - **Host.** Every request must name one of the addresses the services listen on
 *   (`127.0.0.1:<port>` or `localhost:<port>`); anything else (a public name rebound to 127.0.0.1 by
 *   DNS, a crafted header) is answered 421 before any route runs.
 * - **The editor's origin.** The editor is served at `http://127.0.0.1:<port>/editor/` only; the page
 *   under edit (the canvas) and "preview as a visitor" are served from `http://localhost:<port>`, another
 *   origin, so no script of the site can reach the editor's window or read its pages.
 * - **The editor's API and sync** (`/api/editor/...`) answer only requests on the editor's address that
 *   carry the per-process session token, which the editor page receives inside its HTML (readable by
 *   the editor's own origin only); writes must also come from the editor's exact origin (`Origin`
 *   present, never `null`) with a JSON body. A page of another origin cannot read the token, and
 *   cannot send the custom header or a JSON body without a preflight, which is never granted.
 * The collector's public routes stay open to site pages (they send events from any loopback origin).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SESSION_HEADER, SESSION_REFUSED } from '../../editor-model/api-contract';
import { RequestError } from './body';

/** Node's lower-case name of the session header. */
const SESSION_HEADER_NAME = SESSION_HEADER.toLowerCase();

/** The services' trust settings, bound to the port once the server listens. */
export interface ServicesSecurity {
  /** The session token (64 hex characters), fresh for every services process. */
  readonly token: string;
  /** `http://127.0.0.1:<port>`: where the editor is served, the only origin its API answers. */
  readonly editorOrigin: string;
  /** `http://localhost:<port>`: the site as the canvas and previews load it. */
  readonly canvasOrigin: string;
  /** Sets the port once the server listens (no request is served before). */
  bind(port: number): void;
  /** Why a request's `Host` is refused (status and message), or undefined when it is one of ours. */
  hostRefusal(req: IncomingMessage): RequestError | undefined;
  /** Whether a request came to the editor's address (`127.0.0.1:<port>`). */
  isEditorHost(req: IncomingMessage): boolean;
  /** Whether `value` is this process's session token (compared in constant time). */
  tokenMatches(value: unknown): boolean;
  /**
   * Why an editor API request is refused, or undefined when it is the editor's: the editor's address,
   * the token (`offered`: the session header's value unless given), the editor's origin when an `Origin`
   * is sent (required on writes), no cross-site fetch.
   */
  editorRefusal(req: IncomingMessage, write: boolean, offered?: unknown): RequestError | undefined;
}

const EDITOR_HOST = '127.0.0.1';
const CANVAS_HOST = 'localhost';

/** Creates the trust settings of one services process; `token` is for tests that need a known one. */
export function createServicesSecurity(token: string = randomBytes(32).toString('hex')): ServicesSecurity {
  let port = 0;
  const tokenBytes = Buffer.from(token);
  const hostOf = (req: IncomingMessage) => (req.headers.host ?? '').toLowerCase();
  const security: ServicesSecurity = {
    token,
    get editorOrigin() {
      return `http://${EDITOR_HOST}:${port}`;
    },
    get canvasOrigin() {
      return `http://${CANVAS_HOST}:${port}`;
    },
    bind(bound) {
      port = bound;
    },
    hostRefusal(req) {
      const host = hostOf(req);
      if (host === `${EDITOR_HOST}:${port}` || host === `${CANVAS_HOST}:${port}`) return undefined;
      return new RequestError(
        `This server answers only as ${EDITOR_HOST}:${port} or ${CANVAS_HOST}:${port}, not as ${JSON.stringify(req.headers.host ?? '')}.`,
        421,
      );
    },
    isEditorHost: (req) => hostOf(req) === `${EDITOR_HOST}:${port}`,
    tokenMatches(value) {
      if (typeof value !== 'string' || value.length !== token.length) return false;
      return timingSafeEqual(Buffer.from(value), tokenBytes);
    },
    editorRefusal(req, write, offered = req.headers[SESSION_HEADER_NAME]) {
      if (!security.isEditorHost(req)) {
        return new RequestError(`The editor's API answers only on ${security.editorOrigin}.`, 403);
      }
      const origin = req.headers.origin;
      if (origin !== undefined && origin !== security.editorOrigin) {
        return new RequestError('Only the editor may call this API (the request came from another origin).', 403);
      }
      if (write && origin === undefined) {
        return new RequestError('A change to a project needs the Origin header of the editor.', 403);
      }
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') {
        return new RequestError('Only the editor may call this API (the browser says the request is not same-origin).', 403);
      }
      if (!security.tokenMatches(offered)) {
        return new RequestError('The editor session token is missing or wrong: reload the editor.', 403, SESSION_REFUSED);
      }
      return undefined;
    },
  };
  return security;
}
