/**
 * React access to the open project's model: a context providing it (and its store to TinyBase's
 * own hooks), and hooks that re-render when the rows, the status or the undo state they read change.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import * as UiReact from 'tinybase/ui-react/with-schemas';
import type { RowCells } from '../../../../editor-model/project-codec';
import type { EntityTable, ProjectTable } from '../../../../editor-model/project-schema';
import { rowsOf, type EntityRow } from './entities';
import type { ModelStatus, ProjectModel, UndoState } from './project-model';
import type { ProjectSchemas } from './project-store';

/**
 * TinyBase's React provider and hooks, typed by the working copy's schema (TinyBase's schema-typed
 * API: the same functions, their table and cell ids checked against the schema). Without a store
 * argument, a hook reads the store of the nearest {@link ModelProvider}.
 */
export const { Provider: StoreProvider, useRow, useSliceRowIds, useTable } = UiReact as UiReact.WithSchemas<ProjectSchemas>;

const ModelContext = createContext<ProjectModel | null>(null);

/** Provides the open project's model to the tree below (the canvas and inspector included). */
export function ModelProvider({ model, children }: { model: ProjectModel; children: ReactNode }) {
  return (
    <ModelContext.Provider value={model}>
      <StoreProvider store={model.store}>{children}</StoreProvider>
    </ModelContext.Provider>
  );
}

/** The open project's model; throws outside a {@link ModelProvider} (a wiring mistake). */
export function useModel(): ProjectModel {
  const model = useContext(ModelContext);
  if (!model) throw new Error('useModel needs a ModelProvider above it');
  return model;
}

/** The open project's model, or null when no project is open. */
export function useOptionalModel(): ProjectModel | null {
  return useContext(ModelContext);
}

/** Rows of a table in order (children of `parentRowId` when given); re-renders on change. */
export function useRows(table: EntityTable, parentRowId?: string): EntityRow[] {
  const model = useModel();
  const cells = useTable(table, model.store);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => rowsOf(model.store, table, parentRowId), [cells, model, table, parentRowId]);
}

/** One row's cells (empty when it does not exist); re-renders on change. */
export function useEntity(table: ProjectTable, rowId: string): RowCells {
  const model = useModel();
  return useRow(table, rowId, model.store) as RowCells;
}

/** Connection and save state; re-renders on change. */
export function useModelStatus(model: ProjectModel): ModelStatus {
  return useSyncExternalStore(model.subscribe, model.status);
}

/** What undo and redo would do; re-renders on change. */
export function useUndoState(model: ProjectModel): UndoState {
  const key = useSyncExternalStore(model.subscribe, () => JSON.stringify(model.undoState()));
  return useMemo(() => JSON.parse(key) as UndoState, [key]);
}
