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
 * Runs `edit(style, arg)` on the element's inline style and returns the handle restoring it: the
 * declarations through the CSSOM first (so the look is right even where CSP refuses style
 * attributes), then the attribute's exact original text, only when it differs (so undo leaves the
 * very same markup). `edit` gets its value as an argument so callers pass a function made once:
 * a closure made per call would run without optimised code.
 */
export const editStyle = <A>(el: Element, edit: (style: CSSStyleDeclaration, arg: A) => void, arg: A): UndoHandle => {
  const style = styleOf(el);
  if (!style) return { undo() {} };
  const text = el.getAttribute('style');
  const css = style.cssText;
  edit(style, arg);
  return {
    undo() {
      // Chrome writes CSSOM edits to the attribute lazily: read it first, or removing it would come back as style="".
      if (text == null) return el.getAttribute('style'), el.removeAttribute('style');
      style.cssText = css;
      if (el.getAttribute('style') !== text) el.setAttribute('style', text);
    },
  };
};

const setProps = (style: CSSStyleDeclaration, props: Record<string, string>) => {
  for (const name in props) {
    // Camel-case names (fontSize) are accepted as well as CSS names (font-size).
    const prop = name.includes('-') ? name : name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    style.setProperty(prop, String(props[name]), '');
  }
};

/** Sets style properties (`css` of a change). */
export const setStyles = (el: Element, props: Record<string, string>): UndoHandle => editStyle(el, setProps, props);

/**
 * Replaces the element's children by setting its `innerHTML` or `textContent`; undo puts the very
 * same original nodes back.
 */
export const replaceChildren = (el: Element, prop: 'innerHTML' | 'textContent', value: string): UndoHandle => {
  // A sibling walk: cheaper than Array.from over a live NodeList for the usual one or two children.
  const before: Node[] = [];
  for (let node = el.firstChild; node; node = node.nextSibling) before.push(node);
  el[prop] = value;
  return { undo: () => el.replaceChildren(...before) };
};

/**
 * Parses HTML into nodes without running scripts: the fragment parser marks its scripts as already
 * started, so they never run, even once placed.
 *
 * Parsed as the children of a detached `<div>` of the document (one per document, reused), which
 * Chromium's fast fragment parser handles (about half the cost of a template), and the nodes need
 * no adoption into the page. A template (inert, owned by another document) is kept for markup whose
 * parse depends on its context: table parts (`<tr>`, `<td>`, ...), which a template accepts at top
 * level and a `<div>` drops, and `<noscript>`, whose content an inert document parses as markup.
 */
export const parseHtml = (doc: Document, html: string): Node[] => {
  let holder = holders.get(doc);
  if (!holder) holders.set(doc, (holder = [doc.createElement('div'), doc.createElement('template')]));
  const parent: ParentNode = CONTEXTUAL.test(html) ? ((holder[1].innerHTML = html), holder[1].content) : ((holder[0].innerHTML = html), holder[0]);
  // Placing the nodes moves them out; the next parse replaces anything left.
  const nodes: Node[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) nodes.push(node);
  return nodes;
};
const holders = new WeakMap<Document, [HTMLDivElement, HTMLTemplateElement]>();
/** Tags parsed differently at the top level of a template than in a `<div>` (tr, td, th, thead, tbody, tfoot, caption, col, colgroup, noscript); a few false matches (track) only take the template path. */
const CONTEXTUAL = /<(?:t[rdhbf]|caption|col|noscript)/i;

/** Whether a node is more than whitespace: what an append change must produce at least one of. */
export const isContent = (node: Node): boolean => node.nodeType !== 3 || !!node.textContent?.trim();

/** Places nodes relative to `target` by operator (CHG-6); default `append`. */
export const place = (target: Element, nodes: Node[], operator: InsertionOperator | undefined): void => {
  if (operator === 'after') target.after(...nodes);
  else if (operator === 'before') target.before(...nodes);
  else if (operator === 'prepend') target.prepend(...nodes);
  else target.append(...nodes);
};
