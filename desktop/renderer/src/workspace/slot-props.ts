/**
 * What the lazily loaded panels of the workspace (the page canvas, the change inspector) receive.
 * Apart from slots.tsx, which loads them: a panel importing its props from the module that imports
 * the panel would tie the two into an import cycle.
 */
import type { ProjectModel } from '../model/project-model';
import type { Selection } from '../session/selection';

/** What the canvas and the change inspector receive. */
export interface SlotProps {
  /** The open project's working copy (read rows, save authored changes through model/changes.ts). */
  model: ProjectModel;
  /** The tree's selection. */
  selection: Selection;
  /** The variation the selection belongs to, when it does: the one to preview and author in. */
  variationRowId?: string;
  /** Selects an entity in the tree (e.g. a change picked on the canvas). */
  onSelect(selection: Selection): void;
}
