/**
 * Entity operations on a working copy (EDT-8): read rows in order, create, rename, duplicate and
 * delete layers, experiments, variations, actions, audiences, pages, events. Each operation is
 * one labelled edit of the model (one undo step). Row ids are entity ids (see project-schema.ts).
 */
import type { MergeableStore } from 'tinybase';
import type { CellValue, RowCells } from '../../../../editor-model/project-codec';
import { sortedRows } from '../../../../editor-model/project-codec';
import { PARENT_LINKS, type EntityTable } from '../../../../editor-model/project-schema';
import type { ProjectModel } from './project-model';
import { evenRanges } from './traffic';

/** An entity row with its row id. */
export interface EntityRow {
  rowId: string;
  row: RowCells;
}

/** The cell naming the parent row, per child table (changes use parentTable + parentId). */
export const PARENT_CELL: Partial<Record<EntityTable, string>> = { experiments: 'layerId', variations: 'experimentId', actions: 'variationId' };

/** Rows of a table in order, optionally only the children of one parent row. */
export function rowsOf(store: MergeableStore, table: EntityTable, parentRowId?: string): EntityRow[] {
  const cell = PARENT_CELL[table];
  const keep = (row: RowCells) =>
    parentRowId === undefined ? true : table === 'changes' ? row.parentId === parentRowId : cell ? row[cell] === parentRowId : true;
  return sortedRows(store.getTable(table) as Record<string, RowCells>, keep).map(([rowId, row]) => ({ rowId, row }));
}

/** The display name of a row: its name, else api name, else id. */
export function displayName(row: RowCells | undefined, rowId = ''): string {
  if (!row) return rowId;
  return String(row.name || row.apiName || row.id || rowId);
}

/** A new id for a table, unused in it: `<prefix>-<n>`, the smallest free n. */
export function freshId(store: MergeableStore, table: EntityTable, prefix: string): string {
  const used = new Set(store.getRowIds(table).concat(Object.values(store.getTable(table)).map((row) => String(row.id ?? ''))));
  for (let n = store.getRowCount(table) + 1; ; n += 1) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

const nextOrder = (store: MergeableStore, table: EntityTable, parentRowId?: string) =>
  rowsOf(store, table, parentRowId).reduce((max, { row }) => Math.max(max, Number(row.order ?? 0)), -1) + 1;

/** Singular, readable kind names for labels. */
export const KIND_NAMES: Record<EntityTable, string> = {
  layers: 'campaign', experiments: 'experiment', variations: 'variation', actions: 'action', changes: 'change',
  audiences: 'audience', pages: 'view', events: 'event', dimensions: 'dimension', visitorAttributes: 'visitor attribute',
};

const ID_PREFIX: Record<EntityTable, string> = {
  layers: 'layer', experiments: 'exp', variations: 'var', actions: 'action', changes: 'change',
  audiences: 'aud', pages: 'view', events: 'event', dimensions: 'dim', visitorAttributes: 'attr',
};

/** Cells a new entity of each kind starts with (beyond id, name, order, parent). */
function defaults(table: EntityTable, id: string, name: string): RowCells {
  switch (table) {
    case 'layers': return { policy: 'single_experiment', holdback: 0, lists: ['experiments'] };
    case 'experiments': return { lists: ['variations'], weightDistributions: [] };
    case 'variations': return { lists: ['actions'] };
    case 'actions': return { lists: ['changes'] };
    case 'pages': return { apiName: id.replace(/-/g, '_'), activationType: 'immediate', staticConditions: [] };
    case 'events': return { apiName: apiNameOf(name) || id, eventType: 'custom' };
    case 'audiences': return { conditions: ['and'] };
    default: return {};
  }
}

/** The api name an event gets from its name: `Add to cart` -> `add_to_cart`. */
export const apiNameOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/** Adds a row inside the current edit; returns its row id. */
function insertRow(store: MergeableStore, table: EntityTable, name: string, parentRowId: string | undefined, cells: RowCells = {}): string {
  const id = freshId(store, table, ID_PREFIX[table]);
  const link = PARENT_CELL[table];
  store.setRow(table, id, {
    id, name, order: nextOrder(store, table, parentRowId), ...defaults(table, id, name), ...(link && parentRowId ? { [link]: parentRowId } : {}), ...cells,
  } as never);
  return id;
}

/** Gives an experiment's variations equal traffic (after adding or removing one). */
export function rebalance(store: MergeableStore, experimentRowId: string): void {
  const ids = rowsOf(store, 'variations', experimentRowId).map(({ rowId, row }) => String(row.id ?? rowId));
  store.setCell('experiments', experimentRowId, 'weightDistributions', evenRanges(ids) as CellValue as never);
}

/**
 * Creates an entity. An experiment comes with an "Original" variation holding all its traffic; a
 * variation added to an experiment shares the traffic evenly with its siblings.
 * @returns the new row id.
 */
export function createEntity(model: ProjectModel, table: EntityTable, name: string, parentRowId?: string, cells: RowCells = {}): string {
  let created = '';
  model.edit(`Add ${KIND_NAMES[table]} "${name}"`, (store) => {
    created = insertRow(store, table, name, parentRowId, cells);
    if (table === 'experiments') {
      insertRow(store, 'variations', 'Original', created);
      rebalance(store, created);
    }
    if (table === 'variations' && parentRowId) rebalance(store, parentRowId);
  });
  return created;
}

/** Renames an entity (its `name`). */
export function renameEntity(model: ProjectModel, table: EntityTable, rowId: string, name: string): void {
  const row = model.store.getRow(table, rowId) as RowCells;
  const before = displayName(row, rowId);
  model.edit(`Rename ${KIND_NAMES[table]} "${before}" to "${name}"`, (store) => {
    store.setCell(table, rowId, 'name', name);
    // An event's api name that still follows its name follows the new one (set it apart to keep it).
    if (table === 'events' && row.apiName === apiNameOf(String(row.name ?? '')) && apiNameOf(name)) store.setCell(table, rowId, 'apiName', apiNameOf(name));
  });
}

/** Sets cells of one entity as one edit, labelled by what changed. */
export function setFields(model: ProjectModel, table: EntityTable, rowId: string, cells: Record<string, CellValue | undefined>, label?: string): void {
  const name = displayName(model.store.getRow(table, rowId) as RowCells, rowId);
  model.edit(label ?? `Edit ${Object.keys(cells).join(', ')} of ${KIND_NAMES[table]} "${name}"`, (store) => {
    for (const [cell, value] of Object.entries(cells)) {
      if (value === undefined || value === '') store.delCell(table, rowId, cell);
      else store.setCell(table, rowId, cell, value as never);
    }
  });
}

/** The tables whose rows hang under a row of `table`, with the linking cell. */
const childTables = (table: EntityTable): Array<{ child: EntityTable; cell: string }> => [
  ...Object.entries(PARENT_LINKS).filter(([, link]) => link!.table === table).map(([child, link]) => ({ child: child as EntityTable, cell: link!.cell })),
  ...(['layers', 'experiments', 'actions'].includes(table) ? [{ child: 'changes' as EntityTable, cell: 'parentId' }] : []),
];

/** Every descendant of a row, depth first: [table, rowId] pairs. */
export function descendants(store: MergeableStore, table: EntityTable, rowId: string): Array<[EntityTable, string]> {
  const out: Array<[EntityTable, string]> = [];
  for (const { child, cell } of childTables(table)) {
    for (const childId of store.getRowIds(child)) {
      const row = store.getRow(child, childId) as RowCells;
      if (row[cell] !== rowId || (child === 'changes' && row.parentTable !== table)) continue;
      out.push([child, childId], ...descendants(store, child, childId));
    }
  }
  return out;
}

/** Deletes an entity and everything under it (a variation also leaves its experiment's traffic). */
export function deleteEntity(model: ProjectModel, table: EntityTable, rowId: string): void {
  const row = model.store.getRow(table, rowId) as RowCells;
  model.edit(`Delete ${KIND_NAMES[table]} "${displayName(row, rowId)}"`, (store) => {
    for (const [child, childId] of descendants(store, table, rowId)) store.delRow(child, childId);
    store.delRow(table, rowId);
    if (table === 'variations' && typeof row.experimentId === 'string') rebalance(store, row.experimentId);
  });
}

/**
 * Duplicates an entity with everything under it, with fresh ids, placed after the original.
 * Traffic ranges of a duplicated experiment follow its new variation ids.
 * @returns the new row id.
 */
export function duplicateEntity(model: ProjectModel, table: EntityTable, rowId: string): string {
  const source = model.store.getRow(table, rowId) as RowCells;
  let created = '';
  model.edit(`Duplicate ${KIND_NAMES[table]} "${displayName(source, rowId)}"`, (store) => {
    const renamed = new Map<string, string>();
    const copy = (t: EntityTable, id: string, cells: RowCells, parentCell?: string, parentId?: string) => {
      const fresh = freshId(store, t, ID_PREFIX[t]);
      renamed.set(String(cells.id ?? id), fresh);
      store.setRow(t, fresh, { ...cells, id: fresh, ...(parentCell && parentId ? { [parentCell]: parentId } : {}) } as never);
      return fresh;
    };
    created = copy(table, rowId, { ...source, name: `${displayName(source, rowId)} copy`, order: Number(source.order ?? 0) + 0.5 });
    const walk = (t: EntityTable, from: string, to: string) => {
      for (const { child, cell } of childTables(t)) {
        for (const { rowId: childId, row } of rowsOf(store, child, from)) {
          if (child === 'changes' && row.parentTable !== t) continue;
          walk(child, childId, copy(child, childId, row, cell, to));
        }
      }
    };
    walk(table, rowId, created);
    if (table === 'experiments') {
      const ranges = (source.weightDistributions as Array<{ entityId: string; endOfRange: number }> | undefined) ?? [];
      store.setCell('experiments', created, 'weightDistributions', ranges.map((range) => ({ ...range, entityId: renamed.get(range.entityId) ?? range.entityId })) as never);
    }
    if (table === 'variations' && typeof source.experimentId === 'string') rebalance(store, source.experimentId);
  });
  return created;
}
