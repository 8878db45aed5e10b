/**
 * Mount points of the page canvas and the change inspector (editor part 2), each a chunk of its
 * own loaded when first shown. The workspace renders
 * {@link CanvasSlot} in its centre and {@link ChangeInspectorSlot} under the entity form of the
 * inspector, with the open model and the tree's selection (their props are slot-props.ts, so the
 * panels do not import this module back).
 */
import { lazy, Suspense } from 'react';
import type { SlotProps } from './slot-props';

// Loaded on first use, after the tree: opening a project waits for neither (nor for their parsing).
const Canvas = lazy(() => import('../canvas/canvas').then((module) => ({ default: module.Canvas })));
const ChangeInspector = lazy(() => import('../inspector/changes/change-inspector').then((module) => ({ default: module.ChangeInspector })));

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
