/**
 * What the project tree needs to render fast and re-render little: TinyBase indexes of every tree
 * table by parent row, sorted like the project data (`order`, then row id), so each row reads only
 * its own children's ids and re-renders only when they change (not on every cell of the table).
 * The tree's view state (selection, row being renamed, rows toggled, change flags) is the window's
 * session (session/editor-session.ts), read row by row through `rowFlags`.
 */
import { createIndexes, type Indexes } from 'tinybase/with-schemas';
import { parentCellOf, type EntityTable } from '../../../../editor-model/project-schema';
import type { ProjectSchemas, ProjectStore } from '../model/project-store';

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
