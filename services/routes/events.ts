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
 * be reached, so senders keep their events and send them again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchError, normalizeBody } from '../collector/normalize';
import { openEventStore, type EventStore, StoreUnavailableError } from '../collector/store';
import type { ServicesContext } from '../context';
import { sendJson } from '../responses';
import type { Router } from '../router';

/** Largest body accepted: well above the 64 KB a beacon may carry. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest performance report accepted (a report is a few KB of timings). */
export const MAX_REPORT_BYTES = 64 * 1024;
/** Past this many bytes an oversized body is no longer read to its end: the connection is closed. */
const MAX_DRAIN_BYTES = 256 * 1024 * 1024;
/** The store's file name under the data directory. */
export const STORE_FILE = 'collector.sqlite';

/** `.data/` of this repository: where `npm start` and the end-to-end tests keep collected events. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/', import.meta.url));

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const stores = new WeakMap<ServicesContext, Promise<EventStore>>();
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

/**
 * Reads a request body up to `limit` bytes; undefined when it is larger. An oversized body is still read
 * to its end (and dropped) so the client gets the 413 rather than a reset connection; only past
 * {@link MAX_DRAIN_BYTES} is the connection closed.
 */
function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) req.destroy();
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => resolve(undefined));
  });
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

/**
 * Answers 200 with what `run` reads or writes in the store, or 503 (with `Retry-After`) while the store's
 * database cannot be reached; any other failure is the router's 500.
 */
function storeAnswer<T>(opening: Promise<EventStore>, res: ServerResponse, run: (store: EventStore) => Promise<T>): Promise<void> {
  return opening.then(run).then(
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

/**
 * Adds the collector routes and opens its store: the context's `database` (a `postgres://` address or a
 * SQLite file) if given, else `<dataDir>/collector.sqlite` (default `.data/`), memory when dataDir is null.
 * The opening is {@link eventStoreOf}'s promise: `startServices` waits for it before it listens.
 */
export function eventRoutes(router: Router, context: ServicesContext): void {
  const dataDir = context.dataDir === undefined ? DEFAULT_DATA_DIR : context.dataDir;
  const opening = openEventStore(context.database ?? (dataDir ? join(dataDir, STORE_FILE) : undefined));
  // Whoever awaits the opening sees its failure; nobody awaiting it is not a crash.
  opening.catch(() => undefined);
  stores.set(context, opening);
  context.events = {
    variationOutcomes: async (experimentId) => (await opening).variationOutcomes(experimentId),
    summary: async (projectId) => (await opening).summary(projectId),
  };

  router.add('OPTIONS', '/v1/events', preflight);
  router.add('OPTIONS', '/v1/rum', preflight);
  router.post('/v1/events', async ({ req, res }) => {
    if (!allowOrigin(req, res)) return sendJson(res, 403, { error: 'origin not allowed' });
    const body = await readBody(req);
    if (body === undefined) return sendJson(res, 413, { error: `body larger than ${MAX_BODY_BYTES} bytes` });
    let batches;
    try {
      batches = normalizeBody(body);
    } catch (error) {
      if (error instanceof BatchError) return sendJson(res, 400, { error: error.message });
      throw error;
    }
    await storeAnswer(opening, res, (store) => store.add(batches, Date.now()));
  });
  router.post('/v1/rum', async ({ req, res }) => {
    if (!allowOrigin(req, res)) return sendJson(res, 403, { error: 'origin not allowed' });
    const body = await readBody(req, MAX_REPORT_BYTES);
    if (body === undefined) return sendJson(res, 413, { error: `report larger than ${MAX_REPORT_BYTES} bytes` });
    let report: { id?: unknown; project?: unknown } | undefined;
    try {
      report = body === undefined ? undefined : JSON.parse(body);
    } catch {
      // Answered below.
    }
    if (!report || typeof report.id != 'string' || !report.id || report.id.length > 200) return sendJson(res, 400, { error: 'a report needs an id' });
    const { id, project } = report;
    await storeAnswer(opening, res, async (store) => {
      await store.addReport(id, typeof project == 'string' ? project : undefined, body, Date.now());
      return { accepted: 1 };
    });
  });
  router.get('/v1/summary', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    await storeAnswer(opening, res, (store) => store.summary(projectId));
  });
  router.get('/v1/events', async ({ req, res, url }) => {
    allowOrigin(req, res);
    const projectId = url.searchParams.get('projectId');
    if (!projectId) return sendJson(res, 400, { error: 'projectId is required' });
    await storeAnswer(opening, res, async (store) => ({ events: await store.list(projectId, url.searchParams.get('visitorId') ?? undefined) }));
  });
}
