/**
 * The `attribute` change applier: per matched element, sets the attribute kinds of
 * `change.attributes` (CHG-4) and the style properties of `change.css`; undo restores each exactly.
 *
 * Kinds: `class` replaces the class attribute, `addClass`/`removeClass` add or remove single classes
 * (space-separated) and keep the rest of the list; `href` and `src` set those attributes; `html` and
 * `text` replace the content (undo puts the original nodes back, listeners and all); `style` adds
 * declarations to the inline style (same properties overridden, others kept); `hide` (true) sets
 * `visibility: hidden`, `remove` (true) sets `display: none`, both `!important` and keeping the
 * element in the page so that undo and other scripts holding it keep working. Any other key is an
 * attribute name (title, data-*, aria-*...): text sets it, true sets it empty, false or null removes it.
 * A key that is no attribute name throws 'Unrecognized attribute' (CHG-5); on* attributes and
 * javascript: URLs throw their catalogue texts (core/project/attributes.ts), before anything is touched.
 */
import { definePlugin, type UndoHandle } from '../../../core';
import { attributeProblem, MSG_UNRECOGNIZED_ATTRIBUTE } from '../../../core/project/attributes';
import type { Change } from '../../../core/project/types';
import { editStyle, replaceChildren, setAttr, setStyles, slotEdit } from '../_shared/dom';
import { combine } from '../_shared/handles';

export { MSG_UNRECOGNIZED_ATTRIBUTE };

type Edit = (el: Element, value: string | boolean) => UndoHandle | undefined;

// The style edits, made once (see editStyle).
const addCss = (style: CSSStyleDeclaration, value: string) => void (style.cssText += ';' + value);
const setImportant = (style: CSSStyleDeclaration, prop: string) => style.setProperty(prop, prop === 'display' ? 'none' : 'hidden', 'important');

/**
 * Adds (or removes) single classes, keeping the others; undo takes back only what it changed, and
 * leaves no empty class attribute where there was none. Follows re-renders like the other edits, and
 * stacks with the runtime's other edits of the class attribute (a later change of it wins).
 */
const editClasses = (el: Element, names: string, add: boolean): UndoHandle => {
  const list = names.split(/\s+/).filter(Boolean);
  let after: string | null;
  let changed: string[] = [];
  return slotEdit<string | null>(
    el,
    'class',
    false,
    (layer) => {
      layer.before = el.getAttribute('class');
      changed = list.filter((name) => el.classList.contains(name) !== add);
      for (const name of changed) el.classList.toggle(name, add);
      after = el.getAttribute('class');
    },
    () => list.every((name) => el.classList.contains(name) === add),
    (before) => {
      // Untouched since: the exact text (order included). Otherwise only what this edit changed.
      if (el.getAttribute('class') === after) before == null ? el.removeAttribute('class') : el.setAttribute('class', before);
      else for (const name of changed) if (el.classList.contains(name) === add) el.classList.toggle(name, !add);
    },
  );
};

// Both tables have no prototype: a change may set an attribute named `constructor` or `toString`, which
// must reach setAny rather than what every object inherits.
const EDITS: Record<string, Edit> = {
  __proto__: null as never,
  class: (el, value) => setAttr(el, 'class', String(value)),
  html: (el, value) => replaceChildren(el, 'innerHTML', String(value)),
  text: (el, value) => replaceChildren(el, 'textContent', String(value)),
  style: (el, value) => editStyle(el, addCss, String(value)),
  hide: (el, value) => (value === false ? undefined : editStyle(el, setImportant, 'visibility')),
  remove: (el, value) => (value === false ? undefined : editStyle(el, setImportant, 'display')),
  addClass: (el, value) => editClasses(el, String(value), true),
  removeClass: (el, value) => editClasses(el, String(value), false),
};
// Kinds whose value is content or style, not an attribute value: not checked as attributes.
const CONTENT: Record<string, 1> = { __proto__: null as never, html: 1, text: 1, style: 1, hide: 1, remove: 1, addClass: 1, removeClass: 1 };

/** Any attribute by name: text sets it, true sets it empty, false or null removes it. */
const setAny = (el: Element, name: string, value: unknown) => setAttr(el, name, value == null || value === false ? null : value === true ? '' : String(value));

/** Applies an attribute change to one element; throws its catalogue text before touching anything. */
export const applyAttributes = (change: Change, el: Element): UndoHandle => {
  const attributes = change.attributes ?? {};
  for (const kind in attributes) {
    const problem = CONTENT[kind] ? undefined : attributeProblem(kind, attributes[kind]);
    if (problem) throw Error(problem);
  }
  // Most changes set one kind: its own handle, with no list and no combining wrapper (a list is made
  // only at the second handle).
  let one: UndoHandle | undefined;
  let many: UndoHandle[] | undefined;
  for (const kind in attributes) {
    const value = attributes[kind];
    const handle = EDITS[kind] ? EDITS[kind](el, value as string | boolean) : setAny(el, kind, value);
    if (!handle) continue;
    if (!one) one = handle;
    else (many ??= [one]).push(handle);
  }
  if (change.css) {
    const handle = setStyles(el, change.css);
    if (!one) one = handle;
    else (many ??= [one]).push(handle);
  }
  return many ? combine(many) : (one ?? combine([]));
};

export default definePlugin({
  type: 'changeApplier',
  name: 'attribute',
  perElement: true,
  apply: (change, el) => applyAttributes(change, el!),
});
