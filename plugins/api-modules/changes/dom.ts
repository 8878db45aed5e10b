/**
 * The page-side machinery of the changes module: one MutationObserver plus a polling timer shared by
 * every selector being watched, DOM-ready timing, and the small style edits it needs. One observer
 * for all changes keeps the cost per DOM mutation to one callback, however many changes wait.
 */
import type { Clock } from '../../../core';

/** Something that looks at the page again whenever it may have changed; gets the key it was watched with. */
export type Scan<K = any> = (key: K) => void;

/**
 * The shared observer. Scans are kept by key (a change's record): a module-level scan function
 * with its record, rather than a closure made per change.
 */
export interface Watchers {
  /** Adds `scan`, called with `key` whenever the page may have changed. */
  watch<K extends object>(key: K, scan: Scan<K>): void;
  /** Removes the scan of `key`. */
  unwatch(key: object): void;
  /**
   * Runs `fn(arg)` (which applies changes itself) with the observer off, so the runtime's own edits
   * cost no mutation records and no rescan; then observes again and, if the page had mutated in
   * the meantime, scans once.
   */
  batch<A>(fn: (arg: A) => void, arg: A): void;
  /** Clock time at which the DOM became ready (read at DOMContentLoaded), or undefined before. */
  readyAt(): number | undefined;
}

/**
 * Creates the shared observer for a document. Scans run on every batch of DOM mutations (childList,
 * subtree: before the next paint, since MutationObserver callbacks are microtasks), every
 * `interval` ms as a safety net for what mutations do not show (a class set by a page script
 * making an element match), and once at DOM ready. Idle (no scan) it observes nothing.
 */
export const createWatchers = (win: Window & typeof globalThis, clock: Clock, interval: number): Watchers => {
  const doc = win.document;
  const scans = new Map<object, Scan>();
  const observer = new win.MutationObserver(() => run());
  let observing = false;
  let batching = false;
  let timer: unknown;
  let starting = false;
  let readyAt: number | undefined;
  // A copy: a scan may stop itself or others.
  const run = () => [...scans].forEach(([key, scan]) => scan(key));
  const poll = () => {
    run();
    timer = scans.size ? clock.setTimeout(poll, interval) : undefined;
  };
  const observe = (on: boolean) => {
    if (on && !observing) observer.observe(doc.documentElement, { childList: true, subtree: true });
    if (!on && observing) observer.disconnect();
    observing = on;
  };
  // One DOMContentLoaded listener for every change: it dates DOM ready, then scans.
  onReady(doc, () => {
    readyAt = clock.now();
    run();
  });
  return {
    readyAt: () => readyAt,
    watch(key, scan) {
      scans.set(key, scan);
      if (!batching) observe(true);
      // The poll timer starts in a microtask, after the synchronous application that is likely under
      // way: a timer costs more than a simple change, and the first poll is 20 ms away anyway.
      if (timer === undefined && !starting) {
        starting = true;
        void Promise.resolve().then(() => {
          starting = false;
          if (scans.size && timer === undefined) timer = clock.setTimeout(poll, interval);
        });
      }
    },
    unwatch(key) {
      scans.delete(key);
      if (scans.size) return;
      observe(false);
      clock.clearTimeout(timer);
      timer = undefined;
    },
    batch(fn, arg) {
      if (batching) return fn(arg);
      const missed = observing && observer.takeRecords().length > 0;
      observe(false);
      batching = true;
      try {
        fn(arg);
      } finally {
        batching = false;
        observe(scans.size > 0);
        if (missed) run();
      }
    },
  };
};

// Documents known to be past parsing: once ready, always ready, and readyState is a slow getter.
const readyDocs = new WeakSet<Document>();
/** Whether the document has finished parsing (DOMContentLoaded has fired or is firing). */
export const isReady = (doc: Document): boolean =>
  readyDocs.has(doc) || (doc.readyState !== 'loading' && !!readyDocs.add(doc));

/** Runs `fn` now when the DOM is ready, otherwise at DOMContentLoaded. */
export const onReady = (doc: Document, fn: () => void): void => {
  if (isReady(doc)) fn();
  else doc.addEventListener('DOMContentLoaded', () => fn(), { once: true });
};

/**
 * Whether the parser is done with an element, so changing its content now is final: the DOM is
 * ready, or the element or one of its ancestors already has a next sibling. Changing an element
 * the parser is still filling would leave its late children after the new content.
 */
export const isParsed = (el: Element): boolean => {
  if (isReady(el.ownerDocument)) return true;
  for (let node: Node | null = el; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
};

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
