/**
 * The generic request and the poll helper behind the public `utils` module (NET-1..6, runtime-spec §7
 * and §9), shared by the tracker plugins.
 */
import type { Clock, Logger, RequestOptions, RequestResponse, UtilsModule } from '../../../core';
import { settle } from '../../../core/sequence';
import { toJson } from '../../_shared/json';

/** NET-6 and NET-5 catalogue texts. */
export const MSG_REQUIRED_OPTIONS = 'Must provide required options';
export const MSG_NO_ID = 'No id specified for request.';
export const MSG_NO_CORS = 'CORS is not supported';
export const MSG_NO_CORS_ABORT = 'CORS is not supported on this browser, aborting.';
/** KRN-42, ERR-42. */
export const msgTimedOut = (ms: number) => `Timed out after ${ms} ms`;
export const MSG_POLL_TIMEOUT = 'Poll timed out';

type Win = (Window & typeof globalThis) | undefined;

/**
 * Sends a request with `fetch` (which always speaks CORS; without it there is no cross-origin request
 * at all, hence 'CORS is not supported'). Default GET; the body is the JSON of `data`, sent as
 * text/plain so a cross-origin POST needs no preflight (NET-2, NET-4); credentials only when asked
 * (NET-3); with `timeout`, aborted after it ('Timed out after N ms'). Resolves with the status and text whatever the status; rejects on network failure.
 */
export const request = async (win: Win, options: RequestOptions): Promise<RequestResponse> => {
  const fetch = win?.fetch;
  // The options first, then whether this browser can request at all.
  const problem =
    !options || typeof options != 'object' || typeof options.url != 'string' || !options.url ? MSG_REQUIRED_OPTIONS : typeof fetch != 'function' && MSG_NO_CORS;
  if (problem) throw Error(problem);
  const method = (options.method || 'GET').toUpperCase();
  // A window with fetch from here on.
  const controller = options.timeout && win!.AbortController ? new win!.AbortController() : undefined;
  const data = options.data;
  const init: RequestInit = {
    method,
    headers: { 'Content-Type': 'text/plain', ...options.headers },
    credentials: options.withCredentials ? 'include' : 'omit',
    signal: controller?.signal,
    // Not the page's JSON.stringify: see plugins/_shared/json.ts. An undefined body is no body.
    body: data === undefined || method == 'GET' || method == 'HEAD' ? undefined : typeof data == 'string' ? data : toJson(data),
  };
  const timer = controller && win!.setTimeout(() => controller.abort(), options.timeout);
  // Awaited, never `then`: a page's broken Promise.prototype.then does not stop tracking (core/sequence.ts).
  try {
    const response = await fetch!.call(win, options.url, init);
    return { status: response.status, text: await response.text() };
  } catch (thrown) {
    throw controller?.signal.aborted ? Error(msgTimedOut(options.timeout!)) : thrown;
  } finally {
    if (timer) win!.clearTimeout(timer);
  }
};

/**
 * Calls `check` now and then every `interval` ms (default 50) until it returns a truthy value, at most
 * `attempts` times (default 100); rejects 'Poll timed out' after the last attempt, or with what `check`
 * threw.
 */
export const poll = <T>(
  clock: Clock,
  check: () => T | undefined | null | false,
  options: { interval?: number; attempts?: number } = {},
): Promise<T> =>
  new Promise((resolve, reject) => {
    const { interval = 50, attempts = 100 } = options;
    let tries = 0;
    const step = () => {
      try {
        const value = check();
        if (value) resolve(value);
        else if (++tries >= attempts) reject(Error(MSG_POLL_TIMEOUT));
        else clock.setTimeout(step, interval);
      } catch (thrown) {
        reject(thrown);
      }
    };
    step();
  });

/** NET-10, ERR-46. */
export const MSG_DOCUMENT_LOADED = 'Aborting attempt to write to already-loaded document';
/** NET-9: the message is not in the catalogue. */
export const msgQuoteInUrl = (src: string) => `Refused script URL with a double quote: ${src}`;

/**
 * Loads a script by GET. A URL with a double quote is refused: it could close the attribute it is
 * written into (NET-9). `sync` writes the tag while the document parses (the only way to block
 * parsing on it), and refuses once the document has loaded, when writing would wipe the page (NET-10).
 */
export const loadScript = (win: Win, src: string, options: { sync?: boolean } = {}): Promise<void> =>
  new Promise((resolve, reject) => {
    const document = win?.document;
    if (!document || typeof src != 'string' || !src) return reject(Error(MSG_REQUIRED_OPTIONS));
    if (src.includes('"')) return reject(Error(msgQuoteInUrl(src)));
    if (options.sync) {
      if (document.readyState != 'loading') return reject(Error(MSG_DOCUMENT_LOADED));
      document.write(`<script src="${src}"></script>`);
      return resolve();
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(Error(`Failed to load script ${src}`));
    (document.head || document.documentElement).appendChild(script);
  });

/** The public `utils` module over a window and a clock; logs ERR-38 when the browser cannot request. */
export const createUtils = (win: Win, clock: Clock, log: Logger): UtilsModule => ({
  request: (options) =>
    settle(
      request(win, options),
      (response) => response,
      (thrown) => {
        if ((thrown as Error).message == MSG_NO_CORS) log.error(MSG_NO_CORS_ABORT);
        throw thrown;
      },
    ),
  poll: (check, options) => poll(clock, check, options),
  loadScript: (src, options) => loadScript(win, src, options),
});
