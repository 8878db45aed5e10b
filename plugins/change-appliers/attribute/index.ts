/**
 * The `attribute` change applier: per matched element, sets the attribute kinds of
 * `change.attributes` (CHG-4) and the style properties of `change.css`; undo restores each exactly.
 *
 * Kinds: `class` replaces the class attribute; `href` and `src` set those attributes; `html` and
 * `text` replace the content (undo puts the original nodes back, listeners and all); `style` adds
 * declarations to the inline style (same properties overridden, others kept); `hide` (true) sets
 * `visibility: hidden`, `remove` (true) sets `display: none`, both `!important` and keeping the
 * element in the page so that undo and other scripts holding it keep working. Any other kind throws
 * 'Unrecognized attribute' (CHG-5).
 */
import { definePlugin, type UndoHandle } from '../../../core';
import type { Change } from '../../../core/project/types';
import { editStyle, replaceChildren, setAttr, setStyles } from '../_shared/dom';
import { combine } from '../_shared/handles';

/** Catalogue text (ERR-22). */
export const MSG_UNRECOGNIZED_ATTRIBUTE = 'Unrecognized attribute';

type Edit = (el: Element, value: string | boolean) => UndoHandle | undefined;

// The style edits, made once (see editStyle).
const addCss = (style: CSSStyleDeclaration, value: string) => void (style.cssText += ';' + value);
const setImportant = (style: CSSStyleDeclaration, prop: string) => style.setProperty(prop, prop === 'display' ? 'none' : 'hidden', 'important');

const EDITS: Record<string, Edit> = {
  class: (el, value) => setAttr(el, 'class', String(value)),
  href: (el, value) => setAttr(el, 'href', String(value)),
  src: (el, value) => setAttr(el, 'src', String(value)),
  html: (el, value) => replaceChildren(el, 'innerHTML', String(value)),
  text: (el, value) => replaceChildren(el, 'textContent', String(value)),
  style: (el, value) => editStyle(el, addCss, String(value)),
  hide: (el, value) => (value === false ? undefined : editStyle(el, setImportant, 'visibility')),
  remove: (el, value) => (value === false ? undefined : editStyle(el, setImportant, 'display')),
};

/** Applies an attribute change to one element; throws 'Unrecognized attribute' before touching anything. */
export const applyAttributes = (change: Change, el: Element): UndoHandle => {
  const attributes = change.attributes ?? {};
  for (const kind in attributes) if (!EDITS[kind]) throw Error(MSG_UNRECOGNIZED_ATTRIBUTE);
  const handles: UndoHandle[] = [];
  for (const kind in attributes) {
    const handle = EDITS[kind](el, attributes[kind as keyof typeof attributes]!);
    if (handle) handles.push(handle);
  }
  if (change.css) handles.push(setStyles(el, change.css));
  // Most changes set one kind: its own handle, without a combining wrapper.
  return handles.length === 1 ? handles[0] : combine(handles);
};

export default definePlugin({
  type: 'changeApplier',
  name: 'attribute',
  perElement: true,
  apply: (change, el) => applyAttributes(change, el!),
});
