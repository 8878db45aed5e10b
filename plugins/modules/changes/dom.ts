/**
 * The page-side machinery of the changes module: one MutationObserver plus a polling timer shared by
 * every selector being watched, DOM-ready timing, and the small style edits it needs. One observer
 * for all changes keeps the cost per DOM mutation to one callback, however many changes wait.
 *
 * Polling (every 20 ms, CHG-22) finds what no added node shows: an element that starts to match
 * because its attributes or text changed. The observer sees those too, so a poll scans only when
 * one happened since the last scan (or a deadline is due, or a selector depends on state no
 * mutation shows, such as `:checked`); a quiet page costs no scans and no timers. Scanning every
 * change's selector at every poll cost several milliseconds per page over the 2 s of observation.
 */
import type { Clock } from '../../../core';
import { isClosed } from '../../_shared/parsed';

/** Something that looks at the page again whenever it may have changed; gets the key it was watched with. */
export type Scan<K = any> = (key: K) => void;

/**
 * The shared observer. Scans are kept by key (a change's record): a module-level scan function
 * with its record, rather than a closure made per change.
 */
export interface Watchers {
  /**
   * Adds `scan`, called with `key` whenever the page may have changed. `everyPoll`: the selector can
   * start to match with no DOM mutation (see {@link isPolled}), so it is scanned at every poll.
   */
  watch<K extends object>(key: K, scan: Scan<K>, everyPoll?: boolean): void;
  /** Removes the scan of `key`. */
  unwatch(key: object): void;
  /** Asks for a scan at clock time `at` or soon after even if the page stays quiet (a deadline to check). */
  wakeAt(at: number): void;
  /**
   * Runs `fn(arg)` (which applies changes itself) with the observer off, so the runtime's own edits
   * cost no mutation records and no rescan; then observes again and, if the page had mutated in
   * the meantime, scans once. The next poll scans once more, for what the edits made match.
   */
  batch<A>(fn: (arg: A) => void, arg: A): void;
  /** Clock time at which the DOM became ready (read at DOMContentLoaded), or undefined before. */
  readyAt(): number | undefined;
  /**
   * An element a change edited: an attribute or text edit on it (or its text) scans at once, before the
   * next paint, rather than at the next poll, so a re-render's rewrite is followed without a flash.
   */
  mark(el: Element): void;
}

/** What the observer watches: added and removed nodes scan at once; attribute and text edits mark the page for the next poll. */
const OBSERVED: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };

/**
 * Creates the shared observer for a document. Scans run on every batch of added or removed nodes
 * (before the next paint, since MutationObserver callbacks are microtasks), at the next poll after
 * an attribute or text edit, when a deadline asked for is due, and once at DOM ready. Idle (no
 * scan) it observes nothing.
 */
export const createWatchers = (win: Window & typeof globalThis, clock: Clock, interval: number): Watchers => {
  const doc = win.document;
  const scans = new Map<object, Scan>();
  const polled = new Set<object>();
  // A page without MutationObserver (an old engine, or a page that deleted it) is polled instead: every
  // poll scans, as for a selector no mutation shows.
  const observer = win.MutationObserver && new win.MutationObserver((records) => mutated(records));
  let observing = false;
  let batching = false;
  let readyAt: number | undefined;
  /** An attribute or text edit since the last scan. */
  let dirty = false;
  /** The earliest time a scan asked to be woken at. */
  let due = Infinity;
  let timer: unknown;
  let timerAt = Infinity;
  let planning = false;

  // A copy: a scan may stop itself or others.
  const run = () => {
    dirty = false;
    due = Infinity;
    [...scans].forEach(([key, scan]) => scan(key));
    plan();
  };
  const marked = new WeakSet<Node>();
  const mutated = (records: MutationRecord[]) => {
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      if (record.type === 'childList' || marked.has(record.target) || (record.type === 'characterData' && marked.has(record.target.parentNode!))) return run();
    }
    dirty = true;
    plan();
  };
  const poll = () => {
    timer = undefined;
    timerAt = Infinity;
    if (dirty || polled.size || !observer || clock.now() >= due) run();
    else plan();
  };
  // Sets the timer for the next poll: `interval` from now when something waits for it, else the
  // earliest deadline. Planned in a microtask, after the synchronous application likely under way:
  // one timer for the whole pass (a timer costs more than a simple change).
  const arm = () => {
    planning = false;
    if (!scans.size) return;
    const at = dirty || polled.size || !observer ? clock.now() + interval : due;
    if (at >= timerAt) return;
    clock.clearTimeout(timer);
    timerAt = at;
    timer = clock.setTimeout(poll, Math.max(0, at - clock.now()));
  };
  const plan = () => {
    if (planning) return;
    planning = true;
    queueMicrotask(arm);
  };
  const observe = (on: boolean) => {
    if (on && !observing) observer?.observe(doc.documentElement, OBSERVED);
    if (!on && observing) observer?.disconnect();
    observing = on;
  };
  // One DOMContentLoaded listener for every change: it dates DOM ready, then scans.
  onReady(doc, () => {
    readyAt = clock.now();
    run();
  });
  return {
    readyAt: () => readyAt,
    mark: (el) => void marked.add(el),
    watch(key, scan, everyPoll) {
      scans.set(key, scan);
      if (everyPoll) polled.add(key);
      if (!batching) observe(true);
      plan();
    },
    unwatch(key) {
      scans.delete(key);
      polled.delete(key);
      if (scans.size) return;
      observe(false);
      clock.clearTimeout(timer);
      timer = undefined;
      timerAt = due = Infinity;
      dirty = false;
    },
    wakeAt(at) {
      if (at >= due) return;
      due = at;
      plan();
    },
    batch(fn, arg) {
      if (batching) return fn(arg);
      const missed = observing && observer ? observer.takeRecords() : [];
      observe(false);
      batching = true;
      try {
        fn(arg);
      } finally {
        batching = false;
        observe(scans.size > 0);
        dirty = true;
        if (missed.length) mutated(missed);
        else plan();
      }
    },
  };
};

/** Pseudo-classes whose matches change only with the DOM's nodes, attributes and text, which the observer sees. */
const DOM_ONLY = /^(?:not|is|where|has|nth-(?:last-)?(?:child|of-type)|(?:first|last|only)-(?:child|of-type)|empty|root|scope|lang|dir)$/i;

/**
 * Whether a selector can start to match with no mutation the observer sees, so it must be scanned at
 * every poll: it names a state pseudo-class (`:checked`, `:hover`, `:defined`...). Errs towards
 * polling: any other colon (an escaped one in a class name, one in an attribute value) counts.
 */
export const isPolled = (selector: string): boolean => {
  if (!selector.includes(':')) return false;
  for (const match of selector.matchAll(/(?<!:):(?!:)([\w-]*)/g)) if (!DOM_ONLY.test(match[1])) return true;
  return false;
};

// Documents known to be past parsing: once ready, always ready, and readyState is a slow getter.
const readyDocs = new WeakSet<Document>();
/** Whether the document has finished parsing (DOMContentLoaded has fired or is firing). */
export const isReady = (doc: Document): boolean =>
  readyDocs.has(doc) || (doc.readyState !== 'loading' && !!readyDocs.add(doc));

// The callbacks waiting for a document's DOMContentLoaded: one listener per document, since each listener
// added costs Chromium a search of the ones already there (10,000 layers' watchers made that quadratic).
const waitingFor = new WeakMap<Document, (() => void)[]>();
/** Runs `fn` now when the DOM is ready, otherwise at DOMContentLoaded. */
export const onReady = (doc: Document, fn: () => void): void => {
  if (isReady(doc)) return fn();
  let waiting = waitingFor.get(doc);
  if (!waiting) {
    waitingFor.set(doc, (waiting = []));
    doc.addEventListener('DOMContentLoaded', () => waiting!.splice(0).forEach((run) => run()), { once: true });
  }
  waiting.push(fn);
};

/**
 * Whether the parser is done with an element, so changing its content now is final: the DOM is
 * ready, or the element or one of its ancestors already has a next sibling. Changing an element
 * the parser is still filling would leave its late children after the new content.
 */
export const isParsed = (el: Element): boolean => isReady(el.ownerDocument) || isClosed(el);

/** Hides one element through its inline style (CSP-safe CSSOM); returns what shows it again exactly. */
export const hideElement = (el: Element): (() => void) => {
  const style = (el as HTMLElement).style;
  if (!style) return () => {};
  const text = el.getAttribute('style');
  const css = style.cssText;
  style.setProperty('visibility', 'hidden', 'important');
  return () => {
    // Read first: Chrome syncs CSSOM edits to the attribute lazily, and would bring back style="".
    if (text == null) return el.getAttribute('style'), el.removeAttribute('style');
    style.cssText = css;
    if (el.getAttribute('style') !== text) el.setAttribute('style', text);
  };
};

const fragments = new WeakMap<Document, DocumentFragment>();
/** Whether a selector is valid CSS for this document. */
export const isSelector = (doc: Document | undefined, selector: unknown): selector is string => {
  if (typeof selector !== 'string' || !selector.trim()) return false;
  try {
    if (doc) {
      // One empty fragment per document: querying it only parses the selector.
      let fragment = fragments.get(doc);
      if (!fragment) fragments.set(doc, (fragment = doc.createDocumentFragment()));
      fragment.querySelector(selector);
    }
    return true;
  } catch {
    return false;
  }
};
