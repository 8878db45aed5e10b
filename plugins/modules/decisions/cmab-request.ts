/**
 * The prediction request of the contextual bandit (runtime-spec §7, CMAB-2..9): POST
 * `{host}/predict/{experimentId}` with the body as text (a simple request: no CORS preflight), read
 * `predictions[0].variation_id` from a 200 answer. Resolves with the variation id, or undefined on any
 * failure (network error, non-200, unparsable JSON, no predictions, timeout); never rejects.
 * The body is written by the page-proof writer (plugins/_shared/json.ts), never the page's JSON.stringify.
 */
import type { PluginContext } from '../../../core';
import { toJson } from '../../_shared/json';

/** One attribute of a prediction request (CMAB-4). */
export interface PredictionAttribute {
  id: string;
  type: string;
  value: unknown;
  client_api_name: string;
}

type Fetch = (url: string, init: Record<string, unknown>) => Promise<{ status: number; text(): Promise<string> }>;

/** The window's fetch when it has one, else the runtime's; undefined when neither exists. */
const fetchOf = (ctx: PluginContext): Fetch | undefined => {
  const win = ctx.win as unknown as { fetch?: Fetch } | undefined;
  if (win && typeof win.fetch === 'function') return win.fetch.bind(win) as Fetch;
  const global = globalThis as unknown as { fetch?: Fetch };
  return typeof global.fetch === 'function' ? global.fetch.bind(globalThis) as Fetch : undefined;
};

/** Requests a prediction; see the file comment. */
export const requestPrediction = (ctx: PluginContext, url: string, body: unknown, timeout: number): Promise<string | undefined> =>
  new Promise((resolve) => {
    const fetch = fetchOf(ctx);
    if (!fetch) return resolve(undefined);
    let done = false;
    const Abort = (globalThis as { AbortController?: typeof AbortController }).AbortController;
    const controller = Abort ? new Abort() : undefined;
    const settle = (value: string | undefined) => {
      if (done) return;
      done = true;
      ctx.clock.clearTimeout(timer);
      resolve(value);
    };
    const timer = ctx.clock.setTimeout(() => {
      controller?.abort();
      settle(undefined);
    }, timeout);
    // Awaited, never the page's `then` (core/sequence.ts); any failure is no prediction.
    (async () => {
      try {
        const response = await fetch(url, { method: 'POST', body: toJson(body), signal: controller?.signal });
        if (response.status !== 200) return settle(undefined);
        const answer = JSON.parse(await response.text());
        const id = Array.isArray(answer?.predictions) ? answer.predictions[0]?.variation_id : undefined;
        settle(typeof id === 'string' || typeof id === 'number' ? String(id) : undefined);
      } catch {
        settle(undefined);
      }
    })();
  });
