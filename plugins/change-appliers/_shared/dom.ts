/**
 * DOM helpers shared by the change appliers: each edit records exactly what it replaces, so that its
 * undo puts the page back as it was (same nodes, same attribute text). Style edits go through the
 * CSSOM (`el.style`), which a strict Content-Security-Policy allows, unlike style attributes.
 */
import type { UndoHandle } from '../../../core';
import type { InsertionOperator } from '../../../core/project/types';

const putAttr = (el: Element, name: string, value: string | null) => void (value == null ? el.removeAttribute(name) : el.setAttribute(name, value));

/**
 * The runtime's own edits of one slot of an element (its content, or one attribute), newest on top. An
 * edit covered by a later one of the runtime's (two changes on one element: the later wins) is not
 * rewritten by the page: it neither fights the later edit nor takes its value for the page's. Undone on
 * top, an edit puts back what it replaced; undone while covered, it hands that value to the edit above,
 * so undoing both in any order leaves the page's own value.
 */
export interface Layer<T> {
  before: T;
  /** Sets the whole slot (content, an attribute's text), where a class edit sets only its classes. */
  whole: boolean;
}
/** Per element and slot, the runtime's edits, oldest first. */
const slotsOf = new WeakMap<Element, Record<string, Layer<any>[]>>();

/**
 * The handle of one edit of a slot of an element (ruling 23): `put` makes the edit and records in
 * `layer.before` what it replaces (the page's newest value, when it runs again after a rewrite); `own`
 * tells whether the element still shows the edit; `restore` puts back what it replaced, called only for
 * the edit on top. The edit holds while it shows, or while a later edit of the runtime's covers it.
 */
export const slotEdit = <T>(el: Element, slot: string, whole: boolean, put: (layer: Layer<T>) => void, own: () => boolean, restore: (before: T) => void): UndoHandle => {
  let slots = slotsOf.get(el);
  if (!slots) slotsOf.set(el, (slots = { __proto__: null } as never));
  const list: Layer<T>[] = (slots[slot] ??= []);
  const layer = { whole } as Layer<T>;
  list.push(layer);
  put(layer);
  return {
    undo() {
      const i = list.indexOf(layer);
      // Covered: what it replaced is what the edit above must put back.
      if (list[i + 1]) list[i + 1].before = layer.before;
      else restore(layer.before);
      list.splice(i, 1);
    },
    holds() {
      // Covered: by any later edit, for an edit of the whole slot (a class added over a class text set); by
      // one of the whole slot, for a class edit (two class edits keep each their own classes). Looked for
      // from the top down, so that an edit of the whole slot is answered at the first step.
      for (let i = list.length; list[--i] !== layer; ) if (whole || list[i].whole) return true;
      return own();
    },
    reapply: () => put(layer),
  };
};

/**
 * Sets (or, for null, removes) an attribute; returns the handle restoring its previous value. The handle
 * follows re-renders (ruling 23): it holds while the attribute has the change's value; running again, it
 * takes the page's newest value as the one to restore; undo leaves an attribute the page rewrote since alone.
 */
export const setAttr = (el: Element, name: string, value: string | null): UndoHandle => {
  const own = () => el.getAttribute(name) === value;
  return slotEdit<string | null>(
    el,
    name,
    true,
    (layer) => {
      layer.before = el.getAttribute(name);
      putAttr(el, name, value);
    },
    own,
    (before) => own() && putAttr(el, name, before),
  );
};

/** The inline style of an element, when it has one (SVG and HTML elements do). */
const styleOf = (el: Element): CSSStyleDeclaration | undefined => (el as HTMLElement).style;

// Two detached declarations, made on first need, that parse style texts to compare declarations.
let probes: [CSSStyleDeclaration, CSSStyleDeclaration] | undefined;
/**
 * Whether `style` still has every declaration that `after` has and `before` had not (what an edit set):
 * read only when the style text changed since the edit, which a page re-render or another script does.
 */
const keepsEdit = (doc: Document, style: CSSStyleDeclaration, before: string, after: string): boolean => {
  const [was, now] = (probes ??= [doc.createElement('i').style, doc.createElement('i').style]);
  was.cssText = before;
  now.cssText = after;
  for (let i = 0; i < now.length; i++) {
    const prop = now[i];
    const value = now.getPropertyValue(prop);
    const priority = now.getPropertyPriority(prop);
    if (was.getPropertyValue(prop) === value && was.getPropertyPriority(prop) === priority) continue;
    if (style.getPropertyValue(prop) !== value || style.getPropertyPriority(prop) !== priority) return false;
  }
  return true;
};

/**
 * Runs `edit(style, arg)` on the element's inline style and returns the handle restoring it: the
 * declarations through the CSSOM first (so the look is right even where CSP refuses style
 * attributes), then the attribute's exact original text, only when it differs (so undo leaves the
 * very same markup). `edit` gets its value as an argument so callers pass a function made once:
 * a closure made per call would run without optimised code. The edit `holds` while the declarations
 * it set are in place; after a page rewrite, `reapply` edits the page's newest style (ruling 23).
 */
export const editStyle = <A>(el: Element, edit: (style: CSSStyleDeclaration, arg: A) => void, arg: A): UndoHandle => {
  const style = styleOf(el);
  if (!style) return { undo() {} };
  let text = el.getAttribute('style');
  let css = style.cssText;
  edit(style, arg);
  let after = style.cssText;
  const holds = () => style.cssText === after || keepsEdit(el.ownerDocument, style, css, after);
  return {
    undo() {
      if (style.cssText !== after) {
        // The page restyled the element since: put back only what the edit changed, if it is still there.
        if (!holds()) return;
        const [was, now] = probes!;
        for (let i = 0; i < now.length; i++) {
          const prop = now[i];
          if (was.getPropertyValue(prop) !== now.getPropertyValue(prop) || was.getPropertyPriority(prop) !== now.getPropertyPriority(prop)) {
            style.setProperty(prop, was.getPropertyValue(prop), was.getPropertyPriority(prop));
          }
        }
        return;
      }
      // Chrome writes CSSOM edits to the attribute lazily: read it first, or removing it would come back as style="".
      if (text == null) return el.getAttribute('style'), el.removeAttribute('style');
      style.cssText = css;
      if (el.getAttribute('style') !== text) el.setAttribute('style', text);
    },
    holds,
    reapply() {
      text = el.getAttribute('style');
      css = style.cssText;
      edit(style, arg);
      after = style.cssText;
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
 * same original nodes back. It `holds` while the element's content is what it made: the same first and
 * last children and the same markup (a framework editing a descendant's text or attribute in place
 * rewrites it too), or while a later change of the runtime's covers it; `reapply` takes the page's
 * newest children as what undo restores (ruling 23), and undo leaves children the page rewrote since alone.
 */
export const replaceChildren = (el: Element, prop: 'innerHTML' | 'textContent', value: string): UndoHandle => {
  let first: Node | null;
  let last: Node | null;
  let made: string;
  const own = () => el.firstChild === first && el.lastChild === last && el[prop] === made;
  return slotEdit<Node[]>(
    el,
    '',
    true,
    (layer) => {
      // A sibling walk: cheaper than Array.from over a live NodeList for the usual one or two children.
      const before: Node[] = (layer.before = []);
      for (let node = el.firstChild; node; node = node.nextSibling) before.push(node);
      el[prop] = value;
      first = el.firstChild;
      last = el.lastChild;
      made = el[prop];
    },
    own,
    (before) => own() && el.replaceChildren(...before),
  );
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
