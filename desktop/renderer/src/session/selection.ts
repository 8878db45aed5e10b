/**
 * What is selected in the project tree: one entity row, or the project's settings. The canvas and
 * the inspector follow it.
 */
import type { EntityTable, ProjectTable } from '../../../../editor-model/project-schema';
import { rowCells, type ProjectStore } from '../model/project-store';

/** The tree's selection. */
export type Selection = { table: EntityTable; rowId: string } | { table: 'settings'; rowId: 'project' };

/** The project settings, selected by default. */
export const SETTINGS_SELECTION: Selection = { table: 'settings', rowId: 'project' };

/**
 * The variation a selection belongs to (a variation, or an action or change under one), so the
 * canvas can preview it; undefined for anything else.
 */
export function variationOf(store: ProjectStore, selection: Selection): string | undefined {
  let table: ProjectTable = selection.table;
  let rowId = selection.rowId;
  for (let depth = 0; depth < 4; depth += 1) {
    if (table === 'variations') return store.hasRow('variations', rowId) ? rowId : undefined;
    const row = rowCells(store, table, rowId);
    if (table === 'changes' && row.parentTable === 'actions') [table, rowId] = ['actions', String(row.parentId)];
    else if (table === 'actions') [table, rowId] = ['variations', String(row.variationId)];
    else return undefined;
  }
  return undefined;
}
