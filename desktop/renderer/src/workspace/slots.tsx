/**
 * Mount points of the page canvas and the change inspector (editor part 2). The workspace renders
 * {@link CanvasSlot} in its centre and {@link ChangeInspectorSlot} under the entity form of the
 * inspector, with the open model and the tree's selection. To mount the real components, replace
 * the bodies below with `<Canvas {...props} />` and `<ChangeInspector {...props} />` from
 * `../canvas` and `../authoring`; nothing else in the workspace needs to change.
 */
import type { ProjectModel } from '../model/project-model';
import { ChangeInspector } from '../authoring/change-inspector';
import { Canvas } from '../canvas/canvas';
import type { Selection } from './selection';

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
  return <Canvas {...props} />;
}

/** The change forms for the selected element or change (below the entity form). */
export function ChangeInspectorSlot(props: SlotProps) {
  return <ChangeInspector {...props} />;
}
