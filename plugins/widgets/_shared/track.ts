/**
 * The injection record of one widget show (WID-2): everything the show does to the page goes through
 * it, so `undo()` removes exactly the style sheet and elements it injected, puts back what it
 * removed, restores the attributes, texts and inline styles it changed, and stops every observer,
 * listener and timer it started, newest first. Undo is idempotent.
 *
 * Styles: the site runs under a strict Content-Security-Policy (no inline `<style>`, no `style`
 * attributes in markup), so a widget's "style tag" is a constructed style sheet adopted by the
 * document: allowed under any CSP, and removed from `adoptedStyleSheets` on undo. A browser without
 * constructed sheets gets a `<style>` element instead, removed on undo.
 *
 * Callbacks (observers, listeners) run through `guard`, which reports what they throw as an
 * ActionError instead of letting it reach the page (WID-7); clock timers are guarded by the kernel.
 */
import type { ChangeEnv, Clock, Logger, PluginContext, UndoHandle } from '../../../core';
import { place, type Where } from './dom';

/** What a widget show does to the page, undone exactly by `undo()`. */
export interface Track extends UndoHandle {
  /** The widget id, for log lines. */
  readonly name: string;
  readonly win: Window & typeof globalThis;
  readonly doc: Document;
  readonly clock: Clock;
  readonly log: Logger;
  readonly ctx: PluginContext;
  /** Whether `undo` ran (callbacks still queued check it). */
  readonly undone: boolean;
  /** Adds a style sheet with `text` (see the file comment); removed on undo. Returns the function that removes it now. */
  css(text: string): () => void;
  /** Places `node` by `where` relative to `ref` (throws when either is missing, WID-5); removed on undo. */
  add<N extends Node>(node: N, ref: Node | null | undefined, where: Where): N;
  /** Takes `el` out of the page; put back in its place on undo. */
  remove(el: Element | null | undefined): void;
  /** Sets (or with null removes) an attribute; the original is restored on undo. */
  attr(el: Element, name: string, value: string | null): void;
  /** Replaces an element's content with `nodes` (or a text); the very same original child nodes come back on undo. */
  content(el: Element, ...nodes: (Node | string)[]): void;
  /** Sets an inline style property (CSSOM, allowed under CSP); the original style text is restored on undo. */
  style(el: HTMLElement, property: string, value: string | null, important?: boolean): void;
  /** Adds a listener (guarded); removed on undo. */
  on(target: EventTarget, type: string, fn: (event: Event) => void, options?: AddEventListenerOptions): () => void;
  /** A clock timeout; cleared on undo. Returns the function that clears it now. */
  timer(fn: () => void, ms: number): () => void;
  /** Observes `target` (guarded callback); disconnected on undo. Returns the function that disconnects it now. */
  observe(target: Node, fn: (records: MutationRecord[]) => void, options: MutationObserverInit): () => void;
  /** Any other undo step, run in order with the others. */
  later(step: () => void): void;
  /** Wraps a callback so what it throws is reported, never thrown into the page, and nothing runs after undo. */
  guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
}

/** Starts the record of one show of widget `name`. */
export const track = (name: string, env: ChangeEnv): Track => {
  const { win, ctx } = env;
  const doc = win.document;
  const steps: (() => void)[] = [];
  let undone = false;
  const later = (step: () => void) => void steps.push(step);
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) =>
      void (undone || ctx.attempt('ActionError', () => fn(...args), { widget: name }));
  const t: Track = {
    name,
    win,
    doc,
    clock: ctx.clock,
    log: ctx.log,
    ctx,
    get undone() {
      return undone;
    },
    css(text) {
      let drop: () => void;
      try {
        const sheet = new win.CSSStyleSheet();
        sheet.replaceSync(text);
        doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
        drop = () => void (doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet));
      } catch {
        // A browser without constructed sheets: a <style> element (which a strict CSP would refuse).
        const style = doc.createElement('style');
        style.textContent = text;
        (doc.head ?? doc.documentElement).append(style);
        drop = () => style.remove();
      }
      later(drop);
      return drop;
    },
    add(node, ref, where) {
      place(node, ref, where);
      later(() => (node as unknown as ChildNode).remove());
      return node;
    },
    remove(el) {
      const parent = el?.parentNode;
      if (!el || !parent) return;
      const next = el.nextSibling;
      el.remove();
      later(() => parent.insertBefore(el, next && next.parentNode === parent ? next : null));
    },
    attr(el, attr, value) {
      const old = el.getAttribute(attr);
      if (value == null) el.removeAttribute(attr);
      else el.setAttribute(attr, value);
      later(() => (old == null ? el.removeAttribute(attr) : el.setAttribute(attr, old)));
    },
    content(el, ...nodes) {
      const old = [...el.childNodes];
      el.replaceChildren(...nodes);
      later(() => el.replaceChildren(...old));
    },
    style(el, property, value, important) {
      const had = el.hasAttribute('style');
      const old = el.style.cssText;
      if (value == null) el.style.removeProperty(property);
      else el.style.setProperty(property, value, important ? 'important' : '');
      later(() => {
        el.style.cssText = old;
        // Reading the attribute first makes Chromium write the CSSOM text, so removing it sticks.
        if (!had && el.getAttribute('style') != null) el.removeAttribute('style');
      });
    },
    on(target, type, fn, options) {
      const listener = guard(fn);
      target.addEventListener(type, listener, options);
      const off = () => target.removeEventListener(type, listener, options);
      later(off);
      return off;
    },
    timer(fn, ms) {
      const id = ctx.clock.setTimeout(() => undone || fn(), ms);
      const clear = () => ctx.clock.clearTimeout(id);
      later(clear);
      return clear;
    },
    observe(target, fn, options) {
      const observer = new win.MutationObserver(guard(fn));
      observer.observe(target, options);
      const stop = () => observer.disconnect();
      later(stop);
      return stop;
    },
    later,
    guard,
    undo() {
      if (undone) return;
      undone = true;
      // Newest first, so a node put back finds the siblings it had.
      for (const step of steps.splice(0).reverse()) ctx.attempt('ActionError', step, { widget: name });
    },
  };
  return t;
};
