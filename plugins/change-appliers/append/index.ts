/**
 * The `append` change applier: per matched element, inserts the HTML of `change.value` (a string,
 * or a function returning one or a Node) relative to it by `change.operator` (after, append, before,
 * prepend; default append; CHG-6). Scripts in the HTML do not run. When the value yields no node
 * that is more than whitespace it throws 'No DOM elements to be created for this change' (CHG-7).
 * Undo removes exactly the inserted nodes.
 */
import { definePlugin } from '../../../core';
import { isContent, parseHtml, place } from '../_shared/dom';

/** Catalogue text (ERR-26). */
export const MSG_NO_DOM_ELEMENTS = 'No DOM elements to be created for this change';

export default definePlugin({
  type: 'changeApplier',
  name: 'append',
  perElement: true,
  apply(change, el, env) {
    const target = el!;
    const value = typeof change.value === 'function' ? (change.value as (api: unknown) => unknown)(env.ctx) : change.value;
    const doc = target.ownerDocument;
    const nodes = typeof value === 'string' ? parseHtml(doc, value) : value instanceof doc.defaultView!.Node ? [value as Node] : [];
    if (!nodes.some(isContent)) throw Error(MSG_NO_DOM_ELEMENTS);
    place(target, nodes, change.operator);
    return { undo: () => nodes.forEach((node) => node.parentNode?.removeChild(node)) };
  },
});
