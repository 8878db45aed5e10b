/**
 * The element picker (EDT-15): while it is on, the element under the pointer is outlined and
 * labelled, a click selects it, and the page's own handlers never see the pointer, mouse, click or
 * form events (listeners on the window in the capture phase stop them first). Arrow keys move the
 * selection to the parent (up), first child (down) and siblings (left, right); Esc leaves the picker.
 * With the picker off the page works normally (menus can be opened) and the selection stays.
 */
import type { Direction, ElementRef, Selection } from './protocol';
import { createOverlay, OVERLAY_TAG, type Overlay } from './overlay';
import { countMatches, labelOf, robustSelector } from './selector';

/** What the picker tells its owner. */
export interface PickerEvents {
  onHover?(selector: string, label: string): void;
  onSelect(selection: Selection): void;
  onPickerChange(on: boolean): void;
}

/** The picker of one document. */
export interface Picker {
  setOn(on: boolean): void;
  isOn(): boolean;
  /** Selects the element a selector finds first; false when it finds none. */
  selectBySelector(selector: string): boolean;
  navigate(to: Direction): boolean;
  selected(): Element | undefined;
  /** Moves the hover outline to `el` as a pointer move over it would (also used by the bench). */
  hoverElement(el: Element | undefined): void;
  readonly overlay: Overlay;
  destroy(): void;
}

/** Events the page must not see while picking. */
const SWALLOWED = ['click', 'dblclick', 'auxclick', 'contextmenu', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'submit'];

const isPickable = (el: Element | null | undefined): el is Element =>
  !!el && el.localName !== OVERLAY_TAG && el.localName !== 'html' && el.localName !== 'head' && !el.closest('head');

/** Inline elements that style part of a text rather than stand for something of their own. */
const PHRASING = new Set(['span', 'em', 'strong', 'b', 'i', 'u', 's', 'small', 'mark', 'sub', 'sup', 'abbr', 'br', 'wbr', 'font', 'bdi', 'bdo', 'time', 'q', 'cite', 'dfn', 'var', 'kbd', 'samp', 'data', 'ins', 'del']);
/** Elements a person means when they click a word inside them. */
const TEXT_HOLDERS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'a', 'button', 'label', 'figcaption', 'blockquote', 'dt', 'dd', 'td', 'th', 'summary', 'legend', 'caption']);

/**
 * The element a click means (issue 36): a click on the span of a heading's first line, or on a bold word
 * of a paragraph, means the heading or the paragraph. Climbs from phrasing elements to the text holder
 * around them; the breadcrumb and the arrow down still reach the span itself.
 */
export const meaningfulTarget = (el: Element): Element => {
  let up: Element = el;
  while (PHRASING.has(up.localName) && up.parentElement) {
    up = up.parentElement;
    if (TEXT_HOLDERS.has(up.localName)) return up;
  }
  return el;
};

const refOf = (el: Element): ElementRef => ({ selector: robustSelector(el), label: labelOf(el) });

/** Describes an element for the editor: its selector and match count, breadcrumb, content and attributes. */
export const describe = (el: Element): Selection => {
  const selector = robustSelector(el);
  const path: ElementRef[] = [];
  for (let up = el.parentElement; up && up.localName !== 'html'; up = up.parentElement) path.unshift(refOf(up));
  const attributes: Record<string, string> = {};
  for (const attr of [...el.attributes]) attributes[attr.name] = attr.value;
  return {
    selector,
    matches: countMatches(el.ownerDocument, selector),
    tag: el.localName,
    label: labelOf(el),
    path,
    children: [...el.children].filter(isPickable).slice(0, 50).map(refOf),
    text: (el.textContent ?? '').trim().slice(0, 2000),
    html: el.innerHTML.slice(0, 20000),
    attributes,
  };
};

/** Creates the picker for `win`'s document; it starts off. */
export const createPicker = (win: Window, events: PickerEvents): Picker => {
  const doc = win.document;
  const overlay = createOverlay(doc);
  let on = false;
  let hovered: Element | undefined;
  let current: Element | undefined;
  const labels = new WeakMap<Element, string>();
  const selectorOf = (el: Element) => {
    let known = labels.get(el);
    if (known === undefined) labels.set(el, (known = robustSelector(el)));
    return known;
  };

  const hoverElement = (el: Element | undefined) => {
    if (el === hovered) return;
    hovered = el;
    if (!el) return overlay.hover(undefined);
    const selector = selectorOf(el);
    overlay.hover(el, { tag: el.localName, selector });
    events.onHover?.(selector, labelOf(el));
  };
  const select = (el: Element) => {
    current = el;
    // A fresh selector: the page may have changed since it was hovered.
    const selection = describe(el);
    labels.set(el, selection.selector);
    overlay.select(el, { tag: el.localName, selector: selection.selector });
    el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    // The click was swallowed before it could focus the page: focus it, so the arrow keys reach the picker.
    if (doc.hasFocus && !doc.hasFocus()) win.focus();
    events.onSelect(selection);
  };
  const setOn = (value: boolean) => {
    if (on === value) return;
    on = value;
    if (!on) hoverElement(undefined);
    doc.documentElement.style.cursor = on ? 'crosshair' : '';
    events.onPickerChange(on);
  };

  const onMove = (event: Event) => {
    if (!on) return;
    const target = event.composedPath()[0] as Element;
    if (isPickable(target)) hoverElement(meaningfulTarget(target));
  };
  const onSwallowed = (event: Event) => {
    if (!on) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type !== 'click') return;
    const target = event.composedPath()[0] as Element;
    if (isPickable(target)) select(meaningfulTarget(target));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && on) {
      setOn(false);
    } else if (current && on) {
      const to = ({ ArrowUp: 'parent', ArrowDown: 'child', ArrowLeft: 'prev', ArrowRight: 'next' } as const)[event.key as 'ArrowUp'];
      if (!to) return;
      navigate(to);
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onScroll = () => overlay.refresh();

  const navigate = (to: Direction): boolean => {
    if (!current) return false;
    const next =
      to === 'parent' ? current.parentElement :
      to === 'child' ? [...current.children].find(isPickable) :
      to === 'prev' ? current.previousElementSibling : current.nextElementSibling;
    if (!isPickable(next) || next === doc.body.parentElement) return false;
    select(next);
    return true;
  };

  const options = { capture: true, passive: false } as const;
  win.addEventListener('pointermove', onMove, options);
  win.addEventListener('pointerover', onMove, options);
  for (const type of SWALLOWED) win.addEventListener(type, onSwallowed, options);
  win.addEventListener('keydown', onKey, options);
  win.addEventListener('scroll', onScroll, { capture: true, passive: true });
  win.addEventListener('resize', onScroll, { passive: true });

  return {
    overlay,
    setOn,
    isOn: () => on,
    selected: () => current,
    hoverElement,
    navigate,
    selectBySelector(selector) {
      let el: Element | null = null;
      try {
        el = doc.querySelector(selector);
      } catch {
        return false;
      }
      if (!isPickable(el)) return false;
      select(el);
      return true;
    },
    destroy() {
      win.removeEventListener('pointermove', onMove, options);
      win.removeEventListener('pointerover', onMove, options);
      for (const type of SWALLOWED) win.removeEventListener(type, onSwallowed, options);
      win.removeEventListener('keydown', onKey, options);
      win.removeEventListener('scroll', onScroll, { capture: true });
      win.removeEventListener('resize', onScroll);
      overlay.destroy();
    },
  };
};
