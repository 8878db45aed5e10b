/**
 * What the lazily loaded panels of the workspace (the page canvas, the change inspector) receive; the
 * working copy itself they read from the model's context (`useModel`), as every component does.
 * Apart from slots.tsx, which loads them: a panel importing its props from the module that imports
 * the panel would tie the two into an import cycle.
 */
import type { Selection } from '../session/selection';

/** What the canvas and the change inspector receive. */
export interface SlotProps {
  /** The tree's selection. */
  selection: Selection;
  /** The variation the selection belongs to, when it does: the one to preview and author in. */
  variationRowId?: string;
  /** Selects an entity in the tree (e.g. a change picked on the canvas). */
  onSelect(selection: Selection): void;
}
