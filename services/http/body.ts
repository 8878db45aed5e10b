/**
 * The one request-body reader of the local services. Every route that takes a body reads it here, so
 * size limits, content types and malformed JSON get the same answers everywhere:
 * - a body over its limit is answered 413 (it is read to its end and dropped, so the client reads the
 *   answer instead of a reset connection; only past {@link MAX_DRAIN_BYTES} is the connection closed);
 * - a route that requires JSON refuses any other `Content-Type` with 415 (the editor's API: a page of
 *   another origin can send a "simple" `text/plain` body without a preflight, never a JSON one);
 * - text that is not JSON, or JSON of the wrong kind, is a 400 with the reason.
 */
import type { IncomingMessage } from 'node:http';

/**
 * A request refused because of what the client sent: `status` is a 4xx, `message` is for people,
 * `code` (when set) tells a program which refusal it is (`session`: the session token is wrong).
 */
export class RequestError extends Error {
  constructor(message: string, readonly status = 400, readonly code?: string) {
    super(message);
  }
}

/** Past this many bytes an oversized body is no longer read to its end: the connection is closed. */
export const MAX_DRAIN_BYTES = 256 * 1024 * 1024;

/**
 * Reads a body up to `limit` bytes. Resolves with its text, or undefined when it is larger (or the
 * client went away before its end).
 */
export function readBodyText(req: IncomingMessage, limit: number): Promise<string | undefined> {
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

/** Options of {@link readJsonBody}. */
export interface JsonBodyOptions {
  /** Largest body accepted, in bytes. */
  limit: number;
  /** Refuse (415) a body whose `Content-Type` is not `application/json`. */
  requireJsonType?: boolean;
  /** What an empty body stands for (default: refused as not JSON). */
  empty?: unknown;
}

/** Whether a request says its body is JSON (`application/json`, any parameters). */
export const isJsonContentType = (req: IncomingMessage): boolean =>
  /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');

const kibibytes = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

/**
 * Reads and parses a JSON body.
 *
 * @throws {RequestError} 415 for another content type (when required), 413 over the limit, 400 when
 *   the text is not JSON.
 */
export async function readJsonBody(req: IncomingMessage, options: JsonBodyOptions): Promise<unknown> {
  if (options.requireJsonType && !isJsonContentType(req)) {
    // Read and dropped, so a keep-alive connection stays usable.
    await readBodyText(req, 0);
    throw new RequestError('The request body must be sent as application/json.', 415);
  }
  const text = await readBodyText(req, options.limit);
  if (text === undefined) throw new RequestError(`The request body is larger than ${kibibytes(options.limit)}.`, 413);
  if (text.trim() === '' && options.empty !== undefined) return options.empty;
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError('The request body is not valid JSON.');
  }
}
