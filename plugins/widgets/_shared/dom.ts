/**
 * DOM helpers of the widgets. `place` throws when the node to place or its reference is missing
 * (WID-5): a widget calls it only once its anchor has been found, so a throw means a bug, and the
 * widget applier reports it as an ActionError. Everywhere else a missing element is a warning or a
 * silent skip (WID-6), never visible to visitors (WID-7).
 */

/** Where a node goes relative to its reference: before or after it, or into it (last or first child). */
export type Where = 'before' | 'after' | 'into' | 'prepend';

/** Thrown by {@link place}. */
export const MSG_NO_NODE = 'Widget: no node to place';
export const MSG_NO_REF = 'Widget: the reference node is missing';

/** Puts `node` before, after, into (as last child) or at the start of `ref`; throws when either is missing (WID-5). */
export const place = <N extends Node>(node: N | null | undefined, ref: Node | null | undefined, where: Where): N => {
  if (!node) throw Error(MSG_NO_NODE);
  if (!ref || (where != 'into' && where != 'prepend' && !ref.parentNode)) throw Error(MSG_NO_REF);
  const r = ref as ChildNode & ParentNode;
  if (where == 'before') r.before(node);
  else if (where == 'after') r.after(node);
  else if (where == 'into') r.append(node);
  else r.prepend(node);
  return node;
};

/** Escapes text for HTML content and double-quoted attribute values. */
export const esc = (text: unknown): string =>
  String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Builds one element from trusted markup (values escaped with {@link esc}). Markup with inline
 * `style` attributes would be refused by a strict CSP: widgets style through their sheet.
 */
export const build = <E extends Element = HTMLElement>(doc: Document, markup: string): E => {
  const box = doc.createElement('template');
  box.innerHTML = markup.trim();
  return box.content.firstElementChild as E;
};

/** The elements matching `selector`, or none when the selector is not valid (a config typo is a skip, WID-6). */
export const all = (root: ParentNode, selector: string): Element[] => {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
};

/** The first element matching `selector`, or null (also for an invalid selector). */
export const one = (root: ParentNode, selector: string): Element | null => {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
};
