/**
 * Element-level pre-hiding: while a change is pending, the elements its selector matches are hidden
 * by one style rule per selector (`<selector>{visibility:hidden!important}`), never the whole page.
 * The rules live in a constructed style sheet adopted by the document, which a strict CSP allows
 * and which leaves the page's markup untouched; browsers without constructable sheets get a
 * `<style>` element instead. Each pre-hide has a safety timeout, so nothing stays hidden.
 */
import type { Clock } from '../../../core';
import { isSelector } from './dom';

/** Hides selectors until released; see ChangesModule.prehide. */
export type Prehide = (selectors: readonly string[], timeoutMs?: number) => () => void;

/** The rule text for a set of selectors. An invalid selector only loses its own rule. */
const rulesFor = (selectors: Iterable<string>): string =>
  [...selectors].map((selector) => `${selector}{visibility:hidden!important}`).join('\n');

/** Creates the pre-hider of a window; `defaultTimeout` is the safety timeout in ms. */
export const createPrehide = (win: Window | undefined, clock: Clock, defaultTimeout: number): Prehide => {
  const counts = new Map<string, number>();
  const doc = win?.document;
  let sheet: CSSStyleSheet | undefined;
  let style: HTMLStyleElement | undefined;
  const render = () => {
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
  return (selectors, timeoutMs = defaultTimeout) => {
    const held = selectors.filter((selector) => isSelector(doc, selector));
    if (!held.length) return () => {};
    held.forEach((selector) => counts.set(selector, (counts.get(selector) ?? 0) + 1));
    render();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clock.clearTimeout(timer);
      held.forEach((selector) => {
        const count = (counts.get(selector) ?? 1) - 1;
        count > 0 ? counts.set(selector, count) : counts.delete(selector);
      });
      render();
    };
    const timer = clock.setTimeout(release, timeoutMs);
    return release;
  };
};
