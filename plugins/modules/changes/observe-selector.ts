/** The module's `observeSelector` (CHG-26): a callback per matching element, now and as they appear. */
import type { ChangesModule, PluginContext } from '../../../core';
import { isPolled, isReady, isSelector, onReady, type Watchers } from './dom';

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
    const watchers = watchersOf(win);
    // The watch lasts `timeout`, counted as a change counts it (startElements): from now when the DOM is
    // ready, else from DOM ready as the shared watchers date it. A change started with it ends with it.
    const since = isReady(doc) ? clock.now() : undefined;
    let deadline = Infinity;
    const stop = () => watchers.unwatch(seen);
    const report = () => {
      for (const el of doc.querySelectorAll(selector)) {
        if (seen.has(el)) continue;
        seen.add(el);
        ctx.attempt('ActionError', () => callback(el), { selector });
      }
    };
    // The shared watchers wake every scan at its deadline. An element that appears once the deadline has
    // passed is not reported, whichever timer runs first: the exposure check's watch (ruling 24) must agree
    // with a change that timed out at that deadline.
    const scan = () => {
      if (clock.now() >= deadline) return stop();
      watchers.wakeAt(deadline);
      report();
    };
    watchers.watch(seen, scan, isPolled(selector));
    if (!options?.indefinitely) onReady(doc, () => watchers.wakeAt((deadline = (since ?? watchers.readyAt() ?? clock.now()) + timeout)));
    report();
    return stop;
  };
