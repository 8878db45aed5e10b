/** Combining undo handles. */
import type { UndoHandle } from '../../../core';

/** One handle undoing several, newest first, so each undo sees the page as its edit left it. */
export const combine = (handles: UndoHandle[]): UndoHandle => ({
  undo: () => handles.splice(0).reverse().forEach((handle) => handle.undo()),
  // Ruling 23: holds while every part holds; only the parts the page rewrote are applied again.
  holds: () => handles.every((handle) => !handle.holds || handle.holds()),
  reapply: () => handles.forEach((handle) => handle.holds && !handle.holds() && handle.reapply?.()),
});

/** A handle that has nothing to undo. */
export const NOTHING: UndoHandle = { undo() {} };
