/** Combining undo handles. */
import type { UndoHandle } from '../../../core';

/** One handle undoing several, newest first, so each undo sees the page as its edit left it. */
export const combine = (handles: UndoHandle[]): UndoHandle => ({
  undo: () => handles.splice(0).reverse().forEach((handle) => handle.undo()),
});

/** A handle that has nothing to undo. */
export const NOTHING: UndoHandle = { undo() {} };
