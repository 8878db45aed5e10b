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
 * events are committed to disk (services/collector/store.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBodyText } from '../http/body';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchError, normalizeBody } from '../collector/normalize';
import { openEventStore, type EventStore } from '../collector/store';
import type { ServicesContext } from '../context';
import { sendJson } from '../responses';
import type { Router } from '../router';

/** Largest body accepted: well above the 64 KB a beacon may carry. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest performance report accepted (a report is a few KB of timings). */
export const MAX_REPORT_BYTES = 64 * 1024;
/** The store's file name under the data directory. */
export const STORE_FILE = 'collector.sqlite';

/** `.data/` of this repository: where `npm start` and the end-to-end tests keep collected events. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/', import.meta.url));

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const stores = new WeakMap<ServicesContext, Promise<EventStore>>();

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

/** The store of a services instance, opened by {@link eventRoutes}. */
export const eventStoreOf = (context: ServicesContext): Promise<EventStore> | undefined => stores.get(context);

/** Closes the store of a services instance, if it was opened. */
export async function closeEventStore(context: ServicesContext): Promise<void> {
  await (await stores.get(context))?.close();
}

/** Adds the collector routes and opens its store: `<dataDir>/collector.sqlite` (default `.data/`), memory when dataDir is null. */
export function eventRoutes(router: Router, context: ServicesContext): void {
  const dataDir = context.dataDir === undefined ? DEFAULT_DATA_DIR : context.dataDir;
  const opening = openEventStore(dataDir ? join(dataDir, STORE_FILE) : undefined);
  stores.set(context, opening);
  context.events = {
    variationOutcomes: async (experimentId) => (await opening).variationOutcomes(experimentId),
    summary: async (projectId) => (await opening).summary(projectId),
  };

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
    sendJson(res, 200, (await opening).add(batches, Date.now()));
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
    (await opening).addReport(report.id, typeof report.project == 'string' ? report.project : undefined, body!, Date.now());
    sendJson(res, 200, { accepted: 1 });
  });
  router.get('/v1/summary', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    sendJson(res, 200, (await opening).summary(projectId));
  });
  router.get('/v1/events', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    sendJson(res, 200, { events: (await opening).list(projectId, url.searchParams.get('visitorId') ?? undefined) });
  });
}
