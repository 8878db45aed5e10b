/**
 * A tiny router for the local services: exact path segments and `:name` parameters, matched
 * in registration order. Route modules in services/routes/ add themselves to it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNotFound, sendText } from './responses';

/** The request as a route handler sees it. */
export interface RouteRequest {
  /** The raw Node request (for headers and the body stream). */
  readonly req: IncomingMessage;
  /** The Node response the handler writes to. */
  readonly res: ServerResponse;
  /** The parsed request URL (path and query). */
  readonly url: URL;
  /** The `:name` segments of the matched pattern, URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

/** Handles one matched request; may be async. Thrown errors become a 500 response. */
export type RouteHandler = (request: RouteRequest) => void | Promise<void>;

/** The HTTP methods the services answer. HEAD is served by the GET route. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

/** A router: routes are added once at start-up, then `handle` serves every request. */
export interface Router {
  /** Adds a route; `pattern` is a path like `/demo/:projectId/queue.js`. */
  add(method: RouteMethod, pattern: string, handler: RouteHandler): void;
  /** Shorthand for `add('GET', ...)`. */
  get(pattern: string, handler: RouteHandler): void;
  /** Shorthand for `add('POST', ...)`. */
  post(pattern: string, handler: RouteHandler): void;
  /**
   * Serves a request: runs the first matching route, answers 405 when the path exists for
   * other methods only, otherwise the 404 page. Never rejects.
   */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

interface Route {
  readonly method: RouteMethod;
  readonly segments: readonly string[];
  readonly handler: RouteHandler;
}

const PARAM_PREFIX = ':';

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Matches path segments against a pattern; undefined when they do not match. */
function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index];
    const actual = segments[index];
    if (expected.startsWith(PARAM_PREFIX)) {
      try {
        params[expected.slice(PARAM_PREFIX.length)] = decodeURIComponent(actual);
      } catch {
        // A malformed %-escape cannot name anything we serve.
        return undefined;
      }
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}

/** Creates an empty router. */
export function createRouter(): Router {
  const routes: Route[] = [];

  const add = (method: RouteMethod, pattern: string, handler: RouteHandler): void => {
    routes.push({ method, segments: splitPath(pattern), handler });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const segments = splitPath(url.pathname);
    // Node drops the body of HEAD responses itself, so HEAD can share the GET handler.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const allowed = new Set<string>();
    try {
      for (const route of routes) {
        const params = matchSegments(route.segments, segments);
        if (!params) continue;
        if (route.method !== method) {
          allowed.add(route.method);
          continue;
        }
        await route.handler({ req, res, url, params });
        return;
      }
      if (allowed.size > 0) {
        if (allowed.has('GET')) allowed.add('HEAD');
        res.setHeader('Allow', [...allowed].join(', '));
        sendText(res, 405, 'Method not allowed');
        return;
      }
      sendNotFound(res, url.pathname);
    } catch (error) {
      console.error(`[services] ${req.method} ${url.pathname} failed:`, error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error');
      else res.end();
    }
  };

  return {
    add,
    get: (pattern, handler) => add('GET', pattern, handler),
    post: (pattern, handler) => add('POST', pattern, handler),
    handle,
  };
}
