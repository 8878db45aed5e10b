/**
 * DOM helpers shared by the change appliers: each edit records exactly what it replaces, so that its
 * undo puts the page back as it was (same nodes, same attribute text). Style edits go through the
 * CSSOM (`el.style`), which a strict Content-Security-Policy allows, unlike style attributes.
 */
import type { UndoHandle } from '../../../core';
import type { InsertionOperator } from '../../../core/project/types';

/** Sets (or, for null, removes) an attribute; returns the handle restoring its previous value. */
export const setAttr = (el: Element, name: string, value: string | null): UndoHandle => {
  const before = el.getAttribute(name);
  value == null ? el.removeAttribute(name) : el.setAttribute(name, value);
  return { undo: () => void (before == null ? el.removeAttribute(name) : el.setAttribute(name, before)) };
};

/** The inline style of an element, when it has one (SVG and HTML elements do). */
const styleOf = (el: Element): CSSStyleDeclaration | undefined => (el as HTMLElement).style;

/**
 * Runs `edit` on the element's inline style and returns the handle restoring it: the declarations
 * through the CSSOM first (so the look is right even where CSP refuses style attributes), then the
 * attribute's exact original text, only when it differs (so undo leaves the very same markup).
 */
export const editStyle = (el: Element, edit: (style: CSSStyleDeclaration) => void): UndoHandle => {
  const style = styleOf(el);
  if (!style) return { undo() {} };
  const text = el.getAttribute('style');
  const css = style.cssText;
  edit(style);
  return {
    undo() {
      // Chrome writes CSSOM edits to the attribute lazily: read it first, or removing it would come back as style="".
      if (text == null) return el.getAttribute('style'), el.removeAttribute('style');
      style.cssText = css;
      if (el.getAttribute('style') !== text) el.setAttribute('style', text);
    },
  };
};

/** Sets style properties (`css` of a change, `hide`, `remove`) with their priority. */
export const setStyles = (el: Element, props: Record<string, string>, important?: boolean): UndoHandle =>
  editStyle(el, (style) => {
    for (const name in props) {
      // Camel-case names (fontSize) are accepted as well as CSS names (font-size).
      const prop = name.includes('-') ? name : name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
      style.setProperty(prop, String(props[name]), important ? 'important' : '');
    }
  });

/** Replaces the element's children by running `edit`; undo puts the very same original nodes back. */
export const replaceChildren = (el: Element, edit: () => void): UndoHandle => {
  // A sibling walk: cheaper than Array.from over a live NodeList for the usual one or two children.
  const before: Node[] = [];
  for (let node = el.firstChild; node; node = node.nextSibling) before.push(node);
  edit();
  return { undo: () => el.replaceChildren(...before) };
};

/** Parses HTML into nodes without running scripts (a template's content is inert). */
export const parseHtml = (doc: Document, html: string): Node[] => {
  // One template per document, reused: placing the nodes moves them out, and the next parse replaces what is left.
  let template = templates.get(doc);
  if (!template) templates.set(doc, (template = doc.createElement('template')));
  template.innerHTML = html;
  const nodes: Node[] = [];
  for (let node = template.content.firstChild; node; node = node.nextSibling) nodes.push(node);
  return nodes;
};
const templates = new WeakMap<Document, HTMLTemplateElement>();

/** Whether a node is more than whitespace: what an append change must produce at least one of. */
export const isContent = (node: Node): boolean => node.nodeType !== 3 || !!node.textContent?.trim();

/** Places nodes relative to `target` by operator (CHG-6); default `append`. */
export const place = (target: Element, nodes: Node[], operator: InsertionOperator | undefined): void => {
  if (operator === 'after') target.after(...nodes);
  else if (operator === 'before') target.before(...nodes);
  else if (operator === 'prepend') target.prepend(...nodes);
  else target.append(...nodes);
};
