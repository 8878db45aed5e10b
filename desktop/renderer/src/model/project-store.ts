/**
 * A project's working copy as a store (EDT-4, EDT-6): a TinyBase MergeableStore typed by the
 * declared schema (TinyBase's schema-typed API infers every table, cell and cell type from it), with
 * labelled undo and redo through TinyBase checkpoints. Saving, sync and browser storage are
 * project-sync.ts; openProjectModel (project-model.ts) puts the two together.
 *
 * @example
 * const editable = createEditableStore(createProjectStore());
 * editable.edit('Rename experiment', (store) => store.setCell('experiments', 'exp-1', 'name', 'Hero copy'));
 * editable.undo();
 */
import {
  createCheckpoints,
  createMergeableStore,
  type Checkpoints,
  type MergeableContent,
  type MergeableStore,
  type NoValuesSchema,
  type PartialRow,
} from 'tinybase/with-schemas';
import type { ProjectTables, RowCells } from '../../../../editor-model/project-codec';
import { TABLES_SCHEMA, type ProjectTable, type ProjectTablesSchema } from '../../../../editor-model/project-schema';

/** The schemas of a working copy: the declared tables, no keyed values. */
export type ProjectSchemas = [ProjectTablesSchema, NoValuesSchema];
/** A working copy's store, typed by its schema. */
export type ProjectStore = MergeableStore<ProjectSchemas>;
/** A working copy's checkpoints (undo and redo). */
export type ProjectCheckpoints = Checkpoints<ProjectSchemas>;
/** A working copy's whole mergeable content (what the backend sends and saves). */
export type ProjectContent = MergeableContent<ProjectSchemas>;

/** An empty working copy with the declared schema (TinyBase refuses cells the schema does not declare). */
export const createProjectStore = (): ProjectStore => createMergeableStore().setTablesSchema(TABLES_SCHEMA);

/**
 * The rows of a table as the codec reads them (cell name to value), for code that names tables and
 * cells at run time (entity operations over any table, the codec's encode and decode).
 */
export const tableRows = (store: ProjectStore, table: ProjectTable): Record<string, RowCells> => store.getTable(table) as Record<string, RowCells>;

/** Every table of the working copy as the codec reads them (what `decodeProject` takes). */
export const projectTables = (store: ProjectStore): ProjectTables => store.getTables() as ProjectTables;

/** One row's cells as the codec reads them (empty when there is no such row). */
export const rowCells = (store: ProjectStore, table: ProjectTable, rowId: string): RowCells => store.getRow(table, rowId) as RowCells;

/** A row's cells as code that names tables and cells at run time builds them; TinyBase checks each as it writes. */
type LooseCells = Readonly<Record<string, unknown>>;
/** The cells of a row of some table of the working copy, as TinyBase's schema-typed API names them. */
type SomeRow = PartialRow<ProjectTablesSchema, ProjectTable>;

/**
 * Writes cells named at run time (a decoded entity, a copied row) into a row, keeping its other
 * cells. TinyBase checks each cell against the schema as it writes: one it does not declare, or of
 * another type, is not written (which is why the codec puts such fields in `extra`).
 */
export function writeCells(store: ProjectStore, table: ProjectTable, rowId: string, cells: LooseCells): void {
  store.setPartialRow(table, rowId, cells as SomeRow);
}

/** Replaces a row by cells named at run time (checked by TinyBase as in {@link writeCells}). */
export function replaceRow(store: ProjectStore, table: ProjectTable, rowId: string, cells: LooseCells): void {
  store.setRow(table, rowId, cells as SomeRow);
}

/** Removes cells named at run time from a row (a field cleared in a form). */
export function clearCells(store: ProjectStore, table: ProjectTable, rowId: string, cells: readonly string[]): void {
  // The cell ids are checked by TinyBase at run time (an undeclared one is simply absent).
  for (const cell of cells) store.delCell(table, rowId, cell as keyof ProjectTablesSchema[ProjectTable]);
}

/** Labels of the edits undo and redo would revert or replay next. */
export interface UndoState {
  undo?: string;
  redo?: string;
}

/** Label of changes that arrived from another editor. */
export const REMOTE_EDIT_LABEL = 'Edit from another window';

/** A working copy with labelled undo: every local change goes through {@link edit}. */
export interface EditableStore {
  /** The working copy. Read it freely; change it only through {@link edit}. */
  readonly store: ProjectStore;
  /** TinyBase checkpoints of the store (undo/redo). */
  readonly checkpoints: ProjectCheckpoints;
  /** Applies one labelled edit: `apply` runs in a transaction; the edit becomes one undo step named `label`. */
  edit(label: string, apply: (store: ProjectStore) => void): void;
  /** Reverts the last edit. */
  undo(): void;
  /** Replays the last undone edit. */
  redo(): void;
  /** What undo and redo would do now. */
  undoState(): UndoState;
  /**
   * Merges a copy kept elsewhere (this browser's) as the starting point: no undo step of its own
   * unless edits were made before it arrived (then it is one step named `label`).
   */
  adopt(content: ProjectContent, label: string): void;
  /** Calls `listener` after each local edit, undo and redo (what the copy's saving follows); returns the unsubscribe function. */
  onLocalChange(listener: () => void): () => void;
  /** Calls `listener` when the undo state changes; returns the unsubscribe function. */
  onUndoChange(listener: () => void): () => void;
  /** Stops the checkpoints. */
  destroy(): void;
}

/** What entity and change operations need of a model: its store to read, and labelled edits to change it. */
export type StoreEditor = Pick<EditableStore, 'store' | 'edit'>;

/** Most undo steps kept. */
const UNDO_STEPS = 300;

/** Gives a working copy labelled undo and redo. Changes merged in from elsewhere become their own undo step. */
export function createEditableStore(store: ProjectStore): EditableStore {
  const checkpoints = createCheckpoints(store);
  checkpoints.setSize(UNDO_STEPS);
  const changeListeners = new Set<() => void>();
  const changed = () => changeListeners.forEach((listener) => listener());

  let local = false;
  const locally = (run: () => void) => {
    local = true;
    try {
      run();
    } finally {
      local = false;
    }
  };
  // Changes merged in from the backend become their own undo step, so a local undo never folds them in.
  // (Registered after the checkpoints' own listener, so the changes are recorded by then.)
  store.addDidFinishTransactionListener(() => {
    if (!local && hasChanges(store)) checkpoints.addCheckpoint(REMOTE_EDIT_LABEL);
  });

  return {
    store,
    checkpoints,
    edit(label, apply) {
      locally(() => store.transaction(() => apply(store)));
      checkpoints.addCheckpoint(label);
      changed();
    },
    undo() {
      if (!checkpoints.getCheckpointIds()[0].length) return;
      locally(() => checkpoints.goBackward());
      changed();
    },
    redo() {
      if (!checkpoints.getCheckpointIds()[2].length) return;
      locally(() => checkpoints.goForward());
      changed();
    },
    undoState() {
      const [backward, current, forward] = checkpoints.getCheckpointIds();
      return {
        undo: backward.length && current !== undefined ? checkpoints.getCheckpoint(current) : undefined,
        redo: forward.length ? checkpoints.getCheckpoint(forward[0]) : undefined,
      };
    },
    adopt(content, label) {
      locally(() => store.applyMergeableChanges(content));
      if (checkpoints.getCheckpointIds()[0].length) checkpoints.addCheckpoint(label);
      else checkpoints.clear();
    },
    onLocalChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onUndoChange(listener) {
      const id = checkpoints.addCheckpointIdsListener(listener);
      return () => checkpoints.delListener(id);
    },
    destroy() {
      changeListeners.clear();
      checkpoints.destroy();
    },
  };
}

/** Whether the transaction that just finished changed any cell or value. */
function hasChanges(store: ProjectStore): boolean {
  const [tables, values] = store.getTransactionChanges();
  return Object.keys(tables).length > 0 || Object.keys(values).length > 0;
}
