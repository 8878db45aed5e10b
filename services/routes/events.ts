/**
 * The collector's routes (TRK-41, ruling 12):
 * - `POST /v1/events`: one tracker batch or a list of them, short or long keys, as JSON in a
 *   text/plain or application/json body (beacons send text/plain); 400 with the reason when malformed;
 * - `GET /v1/summary?projectId=`: visitors, decisions and conversions per experiment and variation,
 *   events by key;
 * - `GET /v1/events?projectId=&visitorId=`: the stored events, for tests and the editor;
 * - `POST /v1/rum`: performance reports (TRK-43).
 * Pages of any loopback origin may call them (CORS); other origins, and the opaque origin `null` (a
 * sandboxed frame or a `data:` page of any site), are refused. A request is answered 2xx only once its
 * events are committed (services/collector/store.ts, either engine), and 503 while the database cannot
 * be reached, so senders keep their events and send them again. The store is the one `startServices`
 * opened (the services' context).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BatchError, normalizeBody } from '../collector/normalize';
import { type EventStore, StoreUnavailableError } from '../collector/store';
import type { ServicesContext } from '../context';
import { readBodyText } from '../http/body';
import { sendJson } from '../responses';
import type { Router } from '../router';

/** Largest body accepted: well above the 64 KB a beacon may carry. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest performance report accepted (a report is a few KB of timings). */
export const MAX_REPORT_BYTES = 64 * 1024;

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
/** Seconds a sender is asked to wait before sending again while the database cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Sets the CORS headers for a loopback origin; false when the origin is foreign (the request is refused).
 * `Origin: null` is foreign: any site's sandboxed frame sends it, so it never gets credentialed CORS.
 */
function allowOrigin(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (!LOOPBACK_ORIGIN.test(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Vary', 'Origin');
  return true;
}

const preflight = ({ req, res }: { req: IncomingMessage; res: ServerResponse }) => {
  if (!allowOrigin(req, res)) return sendJson(res, 403, { error: 'origin not allowed' });
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
  });
  res.end();
};

/**
 * Answers 200 with what `run` reads or writes in the store, or 503 (with `Retry-After`) while the store's
 * database cannot be reached; any other failure is the router's 500.
 */
function storeAnswer<T>(store: EventStore, res: ServerResponse, run: (store: EventStore) => Promise<T>): Promise<void> {
  return Promise.resolve(store).then(run).then(
    (result) => sendJson(res, 200, result),
    (error: unknown) => {
      if (!(error instanceof StoreUnavailableError)) throw error;
      warnUnavailable(error);
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      sendJson(res, 503, { error: 'The event database cannot be reached for now and nothing was stored: send the request again in a few seconds.' });
    },
  );
}

let warnedAt = 0;
/** Logs an outage at most every 10 s, not once per refused request. */
const warnUnavailable = (error: Error) => {
  if (Date.now() - warnedAt < 10_000) return;
  warnedAt = Date.now();
  console.warn(`[collector] answering 503: ${error.message}`);
};

/** Adds the collector routes, on the store of the services' context. */
export function eventRoutes(router: Router, context: ServicesContext): void {
  const { events: store } = context;

  router.add('OPTIONS', '/v1/events', preflight);
  router.add('OPTIONS', '/v1/rum', preflight);
  router.post('/v1/events', async ({ req, res }) => {
    if (!allowOrigin(req, res)) return sendJson(res, 403, { error: 'origin not allowed' });
    const body = await readBodyText(req, MAX_BODY_BYTES);
    if (body === undefined) return sendJson(res, 413, { error: `body larger than ${MAX_BODY_BYTES} bytes` });
    let batches;
    try {
      batches = normalizeBody(body);
    } catch (error) {
      if (error instanceof BatchError) return sendJson(res, 400, { error: error.message });
      throw error;
    }
    await storeAnswer(store, res, (store) => store.add(batches, Date.now()));
  });
  router.post('/v1/rum', async ({ req, res }) => {
    if (!allowOrigin(req, res)) return sendJson(res, 403, { error: 'origin not allowed' });
    const body = await readBodyText(req, MAX_REPORT_BYTES);
    if (body === undefined) return sendJson(res, 413, { error: `report larger than ${MAX_REPORT_BYTES} bytes` });
    let report: { id?: unknown; project?: unknown } | undefined;
    try {
      report = body === undefined ? undefined : JSON.parse(body);
    } catch {
      // Answered below.
    }
    if (!report || typeof report.id != 'string' || !report.id || report.id.length > 200) return sendJson(res, 400, { error: 'a report needs an id' });
    const { id, project } = report;
    await storeAnswer(store, res, async (store) => {
      await store.addReport(id, typeof project == 'string' ? project : undefined, body, Date.now());
      return { accepted: 1 };
    });
  });
  router.get('/v1/summary', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    await storeAnswer(store, res, (store) => store.summary(projectId));
  });
  router.get('/v1/events', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    await storeAnswer(store, res, async (store) => ({ events: await store.list(projectId, url.searchParams.get('visitorId') ?? undefined) }));
  });
}
