/**
 * A project's working copy in the renderer (EDT-4..7): the typed store with labelled undo
 * (project-store.ts) and its saving, sync and browser storage (project-sync.ts), opened together.
 *
 * Every local edit goes through {@link ProjectModel.edit}, which makes it one transaction and one
 * labelled checkpoint, marks it unsaved, and saves it to the backend shortly after.
 *
 * @example
 * const model = await openProjectModel('homepage');
 * model.edit('Rename experiment', (store) => store.setCell('experiments', 'exp-1', 'name', 'Hero copy'));
 * model.undo();
 */
import { takeProjectOpening, type ProjectOpening } from './opening';
import { createEditableStore, createProjectStore, type EditableStore, type ProjectContent } from './project-store';
import { startProjectSync, type ProjectSync } from './project-sync';

export type { ModelStatus } from './project-sync';
export { REMOTE_EDIT_LABEL, type UndoState } from './project-store';

/** An open project's working copy. */
export interface ProjectModel extends Omit<EditableStore, 'adopt' | 'onLocalChange' | 'onUndoChange' | 'destroy'>, Omit<ProjectSync, 'subscribe'> {
  readonly projectId: string;
  /** Calls `listener` whenever status or undo state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Opens a project's working copy from `opening` (the backend's content, see `prefetchProject`). It
 * resolves as soon as that content is in the store; then, in the background, the copy kept in
 * this browser (edits not yet saved, EDT-5) is merged in and live sync with the backend starts.
 */
export async function openProjectModel(projectId: string, opening: Promise<ProjectOpening> = takeProjectOpening(projectId)): Promise<ProjectModel> {
  const store = createProjectStore();
  const opened = await opening;
  mark('varia-open:content');
  // The store is empty: setting the content is the same as merging it, and about three times faster.
  // The backend checked its shape (api-contract.ts); TinyBase drops any cell the schema does not declare.
  if (Array.isArray(opened.content)) store.setMergeableContent(opened.content as ProjectContent);
  mark('varia-open:store');
  const editable = createEditableStore(store);
  const sync = startProjectSync(projectId, editable);
  return {
    projectId,
    store,
    checkpoints: editable.checkpoints,
    edit: editable.edit,
    undo: editable.undo,
    redo: editable.redo,
    undoState: editable.undoState,
    status: sync.status,
    subscribe(listener) {
      const stopUndo = editable.onUndoChange(listener);
      const stopStatus = sync.subscribe(listener);
      return () => {
        stopUndo();
        stopStatus();
      };
    },
    save: sync.save,
    async destroy() {
      await sync.destroy();
      editable.destroy();
    },
  };
}

/** Marks a step of opening (the bench reads these marks to say where the time goes). */
const mark = (name: string) => performance.mark(name);
