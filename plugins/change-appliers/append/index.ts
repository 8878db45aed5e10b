/**
 * The `append` change applier: per matched element, inserts the HTML of `change.value` (a string,
 * or a function returning one or a Node) relative to it by `change.operator` (after, append, before,
 * prepend; default append; CHG-6). Scripts in the HTML do not run. When the value yields no node
 * that is more than whitespace it throws 'No DOM elements to be created for this change' (CHG-7).
 * Undo removes exactly the inserted nodes. HTML text the page's own re-render dropped is inserted again
 * while the change is observed (ruling 23).
 */
import { definePlugin, type UndoHandle } from '../../../core';
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
    let nodes = typeof value === 'string' ? parseHtml(doc, value) : value instanceof doc.defaultView!.Node ? [value as Node] : [];
    if (!nodes.some(isContent)) throw Error(MSG_NO_DOM_ELEMENTS);
    place(target, nodes, change.operator);
    const handle: UndoHandle = { undo: () => nodes.forEach((node) => node.parentNode?.removeChild(node)) };
    // Ruling 23: HTML text is inserted again when the page's re-render dropped it from a target still in the
    // page (a function's value is not asked twice: it may have effects).
    if (typeof value === 'string') {
      handle.holds = () => !target.isConnected || nodes.every((node) => node.isConnected);
      handle.reapply = () => {
        nodes.forEach((node) => node.parentNode?.removeChild(node));
        place(target, (nodes = parseHtml(doc, value)), change.operator);
      };
    }
    return handle;
  },
});
