/**
 * Mount points of the page canvas and the change inspector (editor part 2), each a chunk of its
 * own loaded when first shown. The workspace renders
 * {@link CanvasSlot} in its centre and {@link ChangeInspectorSlot} under the entity form of the
 * inspector, with the open model and the tree's selection. To mount the real components, replace
 * the bodies below with `<Canvas {...props} />` and `<ChangeInspector {...props} />` from
 * `../canvas` and `../authoring`; nothing else in the workspace needs to change.
 */
import { lazy, Suspense } from 'react';
import type { ProjectModel } from '../model/project-model';
import type { Selection } from './selection';

// Loaded on first use, after the tree: opening a project waits for neither (nor for their parsing).
const Canvas = lazy(() => import('../canvas/canvas').then((module) => ({ default: module.Canvas })));
const ChangeInspector = lazy(() => import('../authoring/change-inspector').then((module) => ({ default: module.ChangeInspector })));

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

/** The page canvas (centre of the Design tab). */
export function CanvasSlot(props: SlotProps) {
  return (
    <Suspense fallback={<div className="loading-screen loading-screen--panel" aria-busy="true"><span className="spinner" /> Loading the page canvas…</div>}>
      <Canvas {...props} />
    </Suspense>
  );
}

/** The change forms for the selected element or change (below the entity form). */
export function ChangeInspectorSlot(props: SlotProps) {
  return (
    <Suspense fallback={null}>
      <ChangeInspector {...props} />
    </Suspense>
  );
}
