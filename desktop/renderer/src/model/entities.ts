/**
 * Entity operations on a working copy (EDT-8): read rows in order, create, rename, duplicate and
 * delete layers, experiments, variations, actions, audiences, pages, events. Each operation is
 * one labelled edit of the model (one undo step). Row ids are entity ids (see project-schema.ts).
 */
import type { CellValue, RowCells } from '../../../../editor-model/project-codec';
import { sortedRows } from '../../../../editor-model/project-codec';
import { CHANGE_OWNER, PARENT_LINKS, parentCellOf, type EntityTable, type LinkedTable, type ProjectTable } from '../../../../editor-model/project-schema';
import { clearCells, rowCells, tableRows, writeCells, type ProjectStore, type StoreEditor } from './project-store';
import { evenRanges } from './traffic';

/** An entity row with its row id. */
export interface EntityRow {
  rowId: string;
  row: RowCells;
}

/** Rows of a table in order, optionally only the children of one parent row. */
export function rowsOf(store: ProjectStore, table: EntityTable, parentRowId?: string): EntityRow[] {
  const cell = parentCellOf(table);
  const keep = (row: RowCells) => parentRowId === undefined || !cell || row[cell] === parentRowId;
  return sortedRows(tableRows(store, table), keep).map(([rowId, row]) => ({ rowId, row }));
}

/** The display name of a row: its name, else api name, else id. */
export function displayName(row: Readonly<Record<string, unknown>> | undefined, rowId = ''): string {
  if (!row) return rowId;
  return String(row.name || row.apiName || row.id || rowId);
}

/** A new id for a table, unused in it: `<prefix>-<n>`, the smallest free n. */
export function freshId(store: ProjectStore, table: EntityTable, prefix: string): string {
  const used = new Set(store.getRowIds(table).concat(Object.values(tableRows(store, table)).map((row) => String(row.id ?? ''))));
  for (let n = store.getRowCount(table) + 1; ; n += 1) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

const nextOrder = (store: ProjectStore, table: EntityTable, parentRowId?: string) =>
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
function insertRow(store: ProjectStore, table: EntityTable, name: string, parentRowId: string | undefined, cells: RowCells = {}): string {
  const id = freshId(store, table, ID_PREFIX[table]);
  const link = parentCellOf(table);
  writeCells(store, table, id, {
    id, name, order: nextOrder(store, table, parentRowId), ...defaults(table, id, name), ...(link && parentRowId ? { [link]: parentRowId } : {}), ...cells,
  });
  return id;
}

/** Gives an experiment's variations equal traffic (after adding or removing one). */
export function rebalance(store: ProjectStore, experimentRowId: string): void {
  const ids = rowsOf(store, 'variations', experimentRowId).map(({ rowId, row }) => String(row.id ?? rowId));
  store.setCell('experiments', experimentRowId, 'weightDistributions', evenRanges(ids));
}

/**
 * Creates an entity. An experiment comes with an "Original" variation holding all its traffic; a
 * variation added to an experiment shares the traffic evenly with its siblings.
 * @returns the new row id.
 */
export function createEntity(model: StoreEditor, table: EntityTable, name: string, parentRowId?: string, cells: RowCells = {}): string {
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
export function renameEntity(model: StoreEditor, table: EntityTable, rowId: string, name: string): void {
  const row = rowCells(model.store, table, rowId);
  const before = displayName(row, rowId);
  model.edit(`Rename ${KIND_NAMES[table]} "${before}" to "${name}"`, (store) => {
    writeCells(store, table, rowId, { name });
    // An event's api name that still follows its name follows the new one (set it apart to keep it).
    if (table === 'events' && row.apiName === apiNameOf(String(row.name ?? '')) && apiNameOf(name)) store.setCell('events', rowId, 'apiName', apiNameOf(name));
  });
}

/** Sets cells of one entity as one edit, labelled by what changed. */
export function setFields(model: StoreEditor, table: ProjectTable, rowId: string, cells: Record<string, CellValue | undefined>, label?: string): void {
  const name = displayName(rowCells(model.store, table, rowId), rowId);
  const kind = table === 'settings' ? 'project' : KIND_NAMES[table];
  model.edit(label ?? `Edit ${Object.keys(cells).join(', ')} of ${kind} "${name}"`, (store) => {
    const set: Record<string, CellValue> = {};
    const clear: string[] = [];
    for (const [cell, value] of Object.entries(cells)) {
      if (value === undefined || value === '') clear.push(cell);
      else set[cell] = value;
    }
    clearCells(store, table, rowId, clear);
    writeCells(store, table, rowId, set);
  });
}

/** The tables whose rows hang under a row of `table`, with the linking cell. */
const childTables = (table: EntityTable): Array<{ child: EntityTable; cell: string }> => [
  ...(Object.keys(PARENT_LINKS) as LinkedTable[]).filter((child) => PARENT_LINKS[child].table === table).map((child) => ({ child, cell: PARENT_LINKS[child].cell })),
  ...((CHANGE_OWNER.owners as readonly EntityTable[]).includes(table) ? [{ child: 'changes' as const, cell: CHANGE_OWNER.cell }] : []),
];

/** Every descendant of a row, depth first: [table, rowId] pairs. */
export function descendants(store: ProjectStore, table: EntityTable, rowId: string): Array<[EntityTable, string]> {
  const out: Array<[EntityTable, string]> = [];
  for (const { child, cell } of childTables(table)) {
    for (const [childId, row] of Object.entries(tableRows(store, child))) {
      if (row[cell] !== rowId || (child === 'changes' && row[CHANGE_OWNER.tableCell] !== table)) continue;
      out.push([child, childId], ...descendants(store, child, childId));
    }
  }
  return out;
}

/** Deletes an entity and everything under it (a variation also leaves its experiment's traffic). */
export function deleteEntity(model: StoreEditor, table: EntityTable, rowId: string): void {
  const row = rowCells(model.store, table, rowId);
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
export function duplicateEntity(model: StoreEditor, table: EntityTable, rowId: string): string {
  const source = rowCells(model.store, table, rowId);
  let created = '';
  model.edit(`Duplicate ${KIND_NAMES[table]} "${displayName(source, rowId)}"`, (store) => {
    const renamed = new Map<string, string>();
    const copy = (t: EntityTable, id: string, cells: RowCells, parentCell?: string, parentId?: string) => {
      const fresh = freshId(store, t, ID_PREFIX[t]);
      renamed.set(String(cells.id ?? id), fresh);
      writeCells(store, t, fresh, { ...cells, id: fresh, ...(parentCell && parentId ? { [parentCell]: parentId } : {}) });
      return fresh;
    };
    created = copy(table, rowId, { ...source, name: `${displayName(source, rowId)} copy`, order: Number(source.order ?? 0) + 0.5 });
    const walk = (t: EntityTable, from: string, to: string) => {
      for (const { child, cell } of childTables(t)) {
        for (const { rowId: childId, row } of rowsOf(store, child, from)) {
          if (child === 'changes' && row[CHANGE_OWNER.tableCell] !== t) continue;
          walk(child, childId, copy(child, childId, row, cell, to));
        }
      }
    };
    walk(table, rowId, created);
    if (table === 'experiments') {
      const ranges = (source.weightDistributions as Array<{ entityId: string; endOfRange: number }> | undefined) ?? [];
      store.setCell('experiments', created, 'weightDistributions', ranges.map((range) => ({ ...range, entityId: renamed.get(range.entityId) ?? range.entityId })));
    }
    if (table === 'variations' && typeof source.experimentId === 'string') rebalance(store, source.experimentId);
  });
  return created;
}
