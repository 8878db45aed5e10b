/**
 * The `rearrange` change applier: moves each matched element next to the first element matching
 * `change.insertSelector`, placed by `change.operator` (after, append, before, prepend; default
 * after). Throws 'Unable to find selector.' when there is no such element. Undo moves the element
 * back to its original parent and position.
 */
import { definePlugin } from '../../../core';
import { place } from '../_shared/dom';

/** Catalogue text (ERR-23). */
export const MSG_NO_SELECTOR = 'Unable to find selector.';

export default definePlugin({
  type: 'changeApplier',
  name: 'rearrange',
  perElement: true,
  apply(change, el) {
    const moved = el!;
    const anchor = change.insertSelector ? moved.ownerDocument.querySelector(change.insertSelector) : null;
    if (!anchor || anchor === moved || moved.contains(anchor)) throw Error(MSG_NO_SELECTOR);
    const parent = moved.parentNode;
    const next = moved.nextSibling;
    place(anchor, [moved], change.operator ?? 'after');
    return {
      undo() {
        // The old next sibling may itself have moved since; then fall back to the old parent's end.
        if (parent) parent.insertBefore(moved, next && next.parentNode === parent ? next : null);
      },
    };
  },
});
