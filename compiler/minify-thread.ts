/**
 * terser in a long-lived worker thread, for a process that builds snippets again and again (the editor's
 * services publish and review). The main thread stays free for requests and sync while a snippet is
 * minified, terser stays compiled and optimised between builds, and a minify of input already minified
 * with the same options is answered from a small cache (a review followed by a publish of the same
 * data). The options and the terser are those of {@link minifyHere}: the output is the same code.
 *
 * The worker does not keep a process alive when it has nothing to do (it is referenced only while a
 * job is pending). Should it fail to start or die, the job runs in this thread instead.
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { MinifyOptions } from 'terser';
import { minifyHere, minifyOptions, type Minifier } from './snippet';

/** A minifier running in a worker thread, with {@link warm} and {@link close}. */
export interface MinifyThread {
  minify: Minifier;
  /**
   * Starts the worker and minifies `code` (by default a small program), so the first real job finds
   * terser compiled; the result is not kept.
   */
  warm(code?: string): Promise<void>;
  /** Stops the worker (a later job starts a new one). */
  close(): Promise<void>;
}

/** How many recent results are kept (input hash -> output). */
const CACHE_SIZE = 4;

/** A small but varied program: enough for the engine to compile terser's hot paths before a real job. */
const WARM_UP = `(() => { const table = { a: 1, b: [1, 2, 3], c: 'text' };
  function sum(list) { let total = 0; for (const item of list) total += item; return total; }
  class Box { constructor(value) { this.value = value; } map(fn) { return new Box(fn(this.value)); } }
  const out = []; for (let i = 0; i < 10; i++) out.push(i % 2 ? sum(table.b) : new Box(i).map((x) => x * 2).value);
  window.result = out.length > 5 && table.c ? out : null; })();`;

export function createMinifyThread(): MinifyThread {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(code: string): void; reject(error: Error): void }>();
  const cache = new Map<string, string>();

  const stop = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(new URL('./minify-worker.mjs', import.meta.url));
    started.unref();
    started.on('message', (message: { id: number; code?: string; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (!pending.size) started.unref();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.code ?? '');
    });
    started.on('error', (error) => stop(error));
    started.on('exit', (code) => {
      if (worker === started) stop(new Error(`the minify worker stopped (${code})`));
    });
    worker = started;
    return started;
  };
  const inWorker = (code: string, options: MinifyOptions): Promise<string> => {
    const target = start();
    const id = (nextId += 1);
    target.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      target.postMessage({ id, code, options });
    });
  };

  const minify: Minifier = async (code, options) => {
    const key = createHash('sha256').update(JSON.stringify(options)).update('\0').update(code).digest('hex');
    const known = cache.get(key);
    if (known !== undefined) return known;
    let out: string;
    try {
      out = await inWorker(code, options);
    } catch (error) {
      // A syntax error is the code's, not the worker's: report it as terser in this thread would.
      if (worker) throw error;
      out = await minifyHere(code, options);
    }
    cache.delete(key);
    cache.set(key, out);
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return out;
  };

  return {
    minify,
    async warm(code = WARM_UP) {
      try {
        await inWorker(code, minifyOptions('iife'));
      } catch {
        // Warming is best effort: a real job starts the worker again or runs here.
      }
    },
    async close() {
      const running = worker;
      stop(new Error('the minify worker was closed'));
      if (running) await running.terminate();
    },
  };
}
