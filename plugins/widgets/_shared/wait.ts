/**
 * Waiting for the page: an anchor element, the load event, the site's hydration. Every wait gives up
 * with a warning at the runtime's selector timeout (WID-6: never an exception, nothing visible).
 */
import { isClosed } from '../../_shared/parsed';
import { one } from './dom';
import type { Track } from './track';

/**
 * The runtime's selector timeout (runtime-spec §9, "selector polling maximum after DOM ready"),
 * counted like the changes module counts it: from DOM ready, or from the start of the wait when the
 * DOM is already ready.
 */
export const WAIT_MS = 2000;

/** Attribute on `<html>` and event on `window` by which the site marks hydration (homepage page contract). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATED_EVENT = 'site:hydrated';

/** Runs `fn` once the document is parsed (now when it is). */
export const onReady = (t: Track, fn: () => void): void => {
  if (t.doc.readyState != 'loading') fn();
  else t.on(t.doc, 'DOMContentLoaded', fn, { once: true });
};

/** Runs `fn` once the page has fully loaded (now when it has). */
export const onLoad = (t: Track, fn: () => void): void => {
  if (t.doc.readyState == 'complete') fn();
  else t.on(t.win, 'load', fn, { once: true });
};

/**
 * Calls `found` with the first element matching `selector` once the parser is done with it (now, as
 * soon as it is, or at DOM ready), so a widget sees the whole region the editor's preview saw; gives
 * up with a warning `timeout` ms after DOM ready. Returns the function that stops waiting.
 */
export const waitFor = (t: Track, selector: string, found: (el: Element) => void, timeout = WAIT_MS): (() => void) => {
  let stopObserving = () => {};
  let stopTimer = () => {};
  let stopped = false;
  const stop = () => {
    stopped = true;
    stopObserving();
    stopTimer();
  };
  const check = () => {
    const el = one(t.doc, selector);
    const done = !!el && (t.doc.readyState != 'loading' || isClosed(el));
    if (done) {
      stop();
      found(el);
    }
    return done;
  };
  if (t.ctx.attempt('ActionError', check, { widget: t.name })) return stop;
  stopObserving = t.observe(t.doc, check, { childList: true, subtree: true });
  onReady(t, () => {
    // Found (or stopped) while the page was still parsing: no give-up timer to start.
    if (stopped || t.ctx.attempt('ActionError', check, { widget: t.name })) return;
    stopTimer = t.timer(() => {
      stopObserving();
      t.log.warn(`Widget "${t.name}": "${selector}" did not appear within ${timeout} ms; not shown`);
    }, timeout);
  });
  return stop;
};

/**
 * Calls `fn` once the site has hydrated (WID-14): the attribute is on `<html>`, or the event comes.
 * Gives up with a warning `timeout` ms after the load event.
 */
export const whenHydrated = (t: Track, fn: () => void, timeout = WAIT_MS): void => {
  if (t.doc.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) return fn();
  let stopTimer = () => {};
  const off = t.on(t.win, HYDRATED_EVENT, () => {
    stopTimer();
    fn();
  }, { once: true });
  onLoad(t, () => {
    stopTimer = t.timer(() => {
      off();
      t.log.warn(`Widget "${t.name}": the site did not hydrate within ${timeout} ms of loading; not shown`);
    }, timeout);
  });
};
