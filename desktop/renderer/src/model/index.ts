/**
 * The renderer's project model: how every part of the editor (tree, forms, canvas, inspector)
 * reads and writes a project's working copy. See project-model.ts for the model itself,
 * entities.ts for entity operations, changes.ts for authored changes, hooks.tsx for React.
 */
export { openProjectModel, REMOTE_EDIT_LABEL, type ModelStatus, type ProjectModel, type UndoState } from './project-model';
export {
  createEntity, deleteEntity, descendants, displayName, duplicateEntity, freshId, KIND_NAMES, rebalance,
  renameEntity, rowsOf, setFields, type EntityRow,
} from './entities';
export { actionFor, addChange, changesOf, readChange, removeChange, updateChange, type AuthoredChange } from './changes';
export { evenRanges, percentsFromRanges, rangesFromPercents, type Range } from './traffic';
export { BackendError, callApi, canvasOrigin } from './backend';
export { ModelProvider, useEntity, useModel, useModelStatus, useOptionalModel, useRows, useUndoState } from './hooks';
