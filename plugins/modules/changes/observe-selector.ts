/** The module's `observeSelector` (CHG-26): a callback per matching element, now and as they appear. */
import type { ChangesModule, PluginContext } from '../../../core';
import { isPolled, isSelector, onReady, type Watchers } from './dom';

/** Creates `observeSelector` over the module's shared observer; `timeout` as for changes. */
export const createObserveSelector =
  (ctx: PluginContext, watchersOf: (win: Window & typeof globalThis) => Watchers, timeout: number): ChangesModule['observeSelector'] =>
  (selector, callback, options) => {
    const { win, clock } = ctx;
    const doc = win?.document;
    if (!isSelector(doc, selector)) throw Error('observeSelector needs a valid CSS selector');
    if (typeof callback !== 'function') throw Error('observeSelector needs a callback function');
    if (options != null && (typeof options !== 'object' || Array.isArray(options))) {
      throw Error('observeSelector options must be an object');
    }
    if (!win || !doc) return () => {};
    const seen = new WeakSet<Element>();
    let timer: unknown;
    const scan = () => {
      for (const el of doc.querySelectorAll(selector)) {
        if (seen.has(el)) continue;
        seen.add(el);
        ctx.attempt('ActionError', () => callback(el), { selector });
      }
    };
    const watchers = watchersOf(win);
    watchers.watch(seen, scan, isPolled(selector));
    const stop = () => {
      watchers.unwatch(seen);
      clock.clearTimeout(timer);
    };
    if (!options?.indefinitely) onReady(doc, () => (timer = clock.setTimeout(stop, timeout)));
    scan();
    return stop;
  };
