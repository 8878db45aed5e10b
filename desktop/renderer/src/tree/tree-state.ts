/**
 * What the project tree needs to render fast and re-render little:
 *
 * - {@link treeIndexes}: TinyBase indexes of every tree table by parent row, sorted like
 *   the project data (`order`, then row id), so each row reads only its own children's ids and
 *   re-renders only when they change (not on every cell of the table);
 * - {@link createTreeUi}: the tree's own view state (selection, row being renamed, rows toggled,
 *   change flags) as a small external store, so a row re-renders only when its own flags change.
 */
import { createIndexes, type Indexes } from 'tinybase/with-schemas';
import { parentCellOf, type EntityTable } from '../../../../editor-model/project-schema';
import type { ProjectSchemas, ProjectStore } from '../model/project-store';
import type { Selection } from '../workspace/selection';

/** The tables the tree shows. */
export const TREE_TABLES = ['layers', 'experiments', 'variations', 'actions', 'changes', 'audiences', 'pages', 'events'] as const;

/** Index id of a table's rows by parent (slice `''` for the top-level tables). */
export const byParent = (table: EntityTable) => `${table}ByParent`;

/** A sort key ordering rows by `order` then row id, as `sortedRows` does. */
const sortKey = (order: unknown, rowId: string) => `${(Number(order ?? 0) + 1e9).toFixed(6).padStart(20, '0')}\u0000${rowId}`;

/** The tree's indexes of a working copy. */
export type TreeIndexes = Indexes<ProjectSchemas>;

const indexesOf = new WeakMap<ProjectStore, TreeIndexes>();

/**
 * Indexes of the tree's tables by parent row, one set per working copy (made on first use and
 * kept as long as the store: their listeners go with it).
 */
export function treeIndexes(store: ProjectStore): TreeIndexes {
  const kept = indexesOf.get(store);
  if (kept) return kept;
  const indexes = createIndexes(store);
  indexesOf.set(store, indexes);
  for (const table of TREE_TABLES) {
    const parentCell = parentCellOf(table);
    indexes.setIndexDefinition(
      byParent(table),
      table,
      // getCell of a table named at run time takes the cells every table has; the parent cell is one of this table's.
      (getCell) => (parentCell ? String((getCell as (cell: string) => unknown)(parentCell) ?? '') : ''),
      (getCell, rowId) => sortKey(getCell('order'), rowId),
    );
  }
  return indexes;
}

/** The tree's view state. */
export interface TreeUiState {
  selection: Selection;
  /** Key (`table:rowId`) of the row being renamed. */
  editing: string | null;
  /** Keys toggled from their default (campaigns and experiments start open, the rest closed). */
  toggled: ReadonlySet<string>;
  /** Flags per change row id (EDT-22). */
  flags: Record<string, string>;
}

/** A small external store of {@link TreeUiState} (for `useSyncExternalStore`). */
export interface TreeUi {
  get(): TreeUiState;
  set(patch: Partial<TreeUiState>): void;
  subscribe(listener: () => void): () => void;
  /** Whether a row is open now. */
  isOpen(key: string): boolean;
  toggle(key: string): void;
}

/** Whether a row of this key starts open. */
const openByDefault = (key: string) => /^(layers|experiments):/.test(key);

/** Creates the tree's view state. */
export function createTreeUi(selection: Selection): TreeUi {
  let state: TreeUiState = { selection, editing: null, toggled: new Set(), flags: {} };
  const listeners = new Set<() => void>();
  const ui: TreeUi = {
    get: () => state,
    set(patch) {
      if (Object.entries(patch).every(([key, value]) => state[key as keyof TreeUiState] === value)) return;
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOpen: (key) => openByDefault(key) !== state.toggled.has(key),
    toggle(key) {
      const toggled = new Set(state.toggled);
      if (toggled.has(key)) toggled.delete(key);
      else toggled.add(key);
      ui.set({ toggled });
    },
  };
  return ui;
}

/** One row's flags, as a string (cheap to compare): selected, renaming, open, and its change flag. */
export function rowFlags(state: TreeUiState, table: EntityTable, rowId: string): string {
  const key = `${table}:${rowId}`;
  const selected = state.selection.table === table && state.selection.rowId === rowId;
  const open = openByDefault(key) !== state.toggled.has(key);
  return `${selected ? 1 : 0}${state.editing === key ? 1 : 0}${open ? 1 : 0}${table === 'changes' ? state.flags[rowId] ?? '' : ''}`;
}
