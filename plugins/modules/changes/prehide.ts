/**
 * Element-level pre-hiding: while a change is pending, the elements its selector matches are hidden
 * by one style rule per selector (`<selector>{visibility:hidden!important}`), never the whole page.
 * The rules live in a constructed style sheet adopted by the document, which a strict CSP allows
 * and which leaves the page's markup untouched; browsers without constructable sheets get a
 * `<style>` element instead. Each pre-hide has a safety timeout, so nothing stays hidden.
 *
 * Every rewrite of the sheet restyles the whole document, so rewrites are kept few: an action's
 * changes that wait (a snippet in `<head>` runs before their elements exist) take their holds in
 * one batch, written once at its end under one safety timer; releases, which come one change at a
 * time as the parser adds elements, are written together in a microtask, still before any paint.
 */
import type { Clock } from '../../../core';
import { isSelector } from './dom';

/** Hides selectors until released; see ChangesModule.prehide. */
export type Prehide = (selectors: readonly string[], timeoutMs?: number) => () => void;

/** A window's pre-hider: `hide` holds selectors; `batch` runs a function whose holds are written once, when it ends. */
export interface Prehider {
  hide: Prehide;
  batch<A>(fn: (arg: A) => void, arg: A): void;
}

/** The rule text for a set of selectors. An invalid selector only loses its own rule. */
const rulesFor = (selectors: Iterable<string>): string =>
  [...selectors].map((selector) => `${selector}{visibility:hidden!important}`).join('\n');

/** Creates the pre-hider of a window; `defaultTimeout` is the safety timeout in ms. */
export const createPrehide = (win: Window | undefined, clock: Clock, defaultTimeout: number): Prehider => {
  const counts = new Map<string, number>();
  const doc = win?.document;
  let sheet: CSSStyleSheet | undefined;
  let style: HTMLStyleElement | undefined;
  /** The sheet no longer shows `counts`. */
  let stale = false;
  let queued = false;
  /** Inside a batch: holds wait for its end, and holds with the same timeout share `timers`' entry. */
  let batching = false;
  let timers: Map<number, Array<() => void>> | undefined;

  const render = () => {
    stale = false;
    if (!doc) return;
    const text = rulesFor(counts.keys());
    const adopted = () => (doc as Document & { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets;
    if (adopted() && 'replaceSync' in (win as any).CSSStyleSheet.prototype) {
      sheet ??= new (win as any).CSSStyleSheet();
      sheet!.replaceSync(text);
      const list = adopted()!;
      if (text && !list.includes(sheet!)) doc.adoptedStyleSheets = [...list, sheet!];
      if (!text) doc.adoptedStyleSheets = list.filter((item) => item !== sheet);
      return;
    }
    if (!style) (style = doc.createElement('style')).id = 'varia_prehide';
    style.textContent = text;
    if (text && !style.isConnected) (doc.head ?? doc.documentElement).appendChild(style);
    if (!text) style.remove();
  };
  /** Holds show at once (after the batch, inside one); releases in a microtask, coalesced. */
  const update = (now: boolean) => {
    stale = true;
    if (batching) return;
    if (now) return render();
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (stale) render();
    });
  };
  /** Calls `release` after `ms`: one timer per hold, or one per timeout for a batch's holds. */
  const expire = (ms: number, release: () => void): unknown => {
    if (!timers) return clock.setTimeout(release, ms);
    const due = timers.get(ms);
    if (due) return void due.push(release);
    const list = [release];
    timers.set(ms, list);
    clock.setTimeout(() => list.forEach((fn) => fn()), ms);
  };

  const hide: Prehide = (selectors, timeoutMs = defaultTimeout) => {
    const held = selectors.filter((selector) => isSelector(doc, selector));
    if (!held.length) return () => {};
    let added = false;
    held.forEach((selector) => {
      const count = counts.get(selector) ?? 0;
      counts.set(selector, count + 1);
      added ||= !count;
    });
    if (added) update(true);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clock.clearTimeout(timer);
      let removed = false;
      held.forEach((selector) => {
        const count = (counts.get(selector) ?? 1) - 1;
        count > 0 ? counts.set(selector, count) : ((removed = true), counts.delete(selector));
      });
      if (removed) update(false);
    };
    const timer = expire(timeoutMs, release);
    return release;
  };

  return {
    hide,
    batch(fn, arg) {
      if (batching) return fn(arg);
      batching = true;
      timers = new Map();
      try {
        fn(arg);
      } finally {
        batching = false;
        timers = undefined;
        if (stale) render();
      }
    },
  };
};
