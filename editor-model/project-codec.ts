/**
 * Project data to working-copy tables and back (EDT-4). Lossless: every field of every entity is
 * either a declared cell or kept in the row's `extra` cell, child lists remember whether they were
 * present, and functions are kept as their source text. `decodeProject(encodeProject(data))`
 * equals `data` with each function replaced by what `revive` makes of its source.
 *
 * Pure: no Node, no DOM. Used by the backend (import, validate, build, diff) and the renderer.
 */
import {
  CODE_CELLS,
  ENTITY_TABLES,
  SETTINGS_ROW,
  TOP_LEVEL_TABLES,
  fieldsOf,
  isEncodedFunction,
  linkCellsOf,
  type CellType,
  type EncodedFunction,
  type EntityTable,
} from './project-schema';
import { functionSource } from './function-source';

export { functionSource };

/** A TinyBase cell value (primitives, plain objects and arrays). */
export type CellValue = string | number | boolean | null | Record<string, unknown> | unknown[];
/** One row: cell name to value. */
export type RowCells = Record<string, CellValue>;
/** Every table of a working copy: table name to row id to row. */
export type ProjectTables = Record<string, Record<string, RowCells>>;
/** What a function's source becomes on decode. */
export type Revive = (source: string) => unknown;
/** Where an entity sits in decoded data: its data path (`layers[0].experiments[1]`) to its row. */
export type EntityLocations = Record<string, { table: EntityTable | 'settings'; rowId: string }>;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** Cells of each table that never hold an entity's own field: its parent link, custom code as `code`. */
const RESERVED: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(ENTITY_TABLES.map((table) => [table, linkCellsOf(table)])),
  changes: [...linkCellsOf('changes'), 'code'],
  pages: ['activationCode'],
  settings: ['projectJS'],
};
const META = ['order', 'lists', 'extra'];

/** A deep copy safe for JSON: functions become `{ $fn: source }`, undefined object fields are left out. */
export function encodeValue(value: unknown): unknown {
  if (typeof value === 'function') return { $fn: functionSource(value as () => unknown) } satisfies EncodedFunction;
  if (Array.isArray(value)) return value.map(encodeValue);
  if (isObj(value)) {
    const out: Obj = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = encodeValue(item);
    return out;
  }
  return value;
}

/** Reverses {@link encodeValue}: `{ $fn }` objects become `revive(source)`. */
export function decodeValue(value: unknown, revive: Revive): unknown {
  if (isEncodedFunction(value)) return revive(value.$fn);
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, revive));
  if (isObj(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeValue(item, revive)]));
  return value;
}

/** Keeps functions as `{ $fn: source }` (what the diff and the module generator read). */
export const keepSource: Revive = (source) => ({ $fn: source });

const fits = (value: unknown, type: CellType): boolean => {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isObj(value);
    case 'array': return Array.isArray(value);
  }
};

/** One entity's own fields as cells; `skip` names the child lists handled as rows. */
function encodeFields(entity: Obj, table: EntityTable | 'settings', skip: readonly string[]): RowCells {
  const declared = fieldsOf(table);
  const reserved = RESERVED[table] ?? [];
  const codeCells = CODE_CELLS[table] ?? [];
  const row: RowCells = {};
  const extra: Obj = {};
  for (const [key, value] of Object.entries(entity)) {
    if (value === undefined || skip.includes(key)) continue;
    if (table === 'changes' && key === 'value' && typeof value === 'function') row.code = functionSource(value as () => unknown);
    else if (codeCells.includes(key) && typeof value === 'function') row[key] = functionSource(value as () => unknown);
    else if (declared[key] && !META.includes(key) && !reserved.includes(key) && fits(value, declared[key])) {
      row[key] = encodeValue(value) as CellValue;
    } else extra[key] = encodeValue(value);
  }
  if (Object.keys(extra).length) row.extra = extra;
  return row;
}

/** Reverses {@link encodeFields}. */
function decodeFields(row: RowCells, table: EntityTable | 'settings', revive: Revive): Obj {
  const reserved = RESERVED[table] ?? [];
  const codeCells = CODE_CELLS[table] ?? [];
  const out: Obj = {};
  for (const [key, cell] of Object.entries(row)) {
    if (META.includes(key)) continue;
    if (table === 'changes' && key === 'code') out.value = revive(String(cell));
    else if (codeCells.includes(key)) out[key] = revive(String(cell));
    else if (!reserved.includes(key)) out[key] = decodeValue(cell, revive);
  }
  if (isObj(row.extra)) for (const [key, value] of Object.entries(row.extra)) out[key] = decodeValue(value, revive);
  return out;
}

/** A list of entities that can become rows: an array of plain objects. */
const isEntityList = (value: unknown): value is Obj[] => Array.isArray(value) && value.every(isObj);

/** Encodes project data (as authored, functions included) into working-copy tables. */
export function encodeProject(data: Obj): ProjectTables {
  const tables: ProjectTables = Object.fromEntries(['settings', ...ENTITY_TABLES].map((table) => [table, {}]));
  const taken = new Map<string, Set<string>>();
  const rowIdFor = (table: EntityTable, entity: Obj): string => {
    const used = taken.get(table) ?? new Set<string>();
    taken.set(table, used);
    const base = typeof entity.id === 'string' && entity.id !== '' ? entity.id : `${table.slice(0, -1)}-${used.size + 1}`;
    let rowId = base;
    for (let n = 2; used.has(rowId); n += 1) rowId = `${base}#${n}`;
    used.add(rowId);
    return rowId;
  };
  const add = (table: EntityTable, entity: Obj, order: number, childLists: readonly string[], link: RowCells): string => {
    const lists = childLists.filter((key) => isEntityList(entity[key]));
    const rowId = rowIdFor(table, entity);
    const row: RowCells = { ...encodeFields(entity, table, lists), ...link, order };
    if (lists.length) row.lists = lists;
    tables[table][rowId] = row;
    return rowId;
  };
  const addChanges = (owner: Obj, parentTable: EntityTable, parentId: string, keys: readonly string[]) => {
    for (const key of keys) {
      if (!isEntityList(owner[key])) continue;
      (owner[key] as Obj[]).forEach((change, index) =>
        add('changes', change, index, [], { parentTable, parentId, listKey: key }),
      );
    }
  };

  const topLists = Object.keys(TOP_LEVEL_TABLES).filter((key) => isEntityList(data[key]));
  const settings = encodeFields(data, 'settings', topLists);
  if (topLists.length) settings.lists = topLists;
  tables.settings[SETTINGS_ROW] = settings;

  (isEntityList(data.layers) ? data.layers : []).forEach((layer, layerIndex) => {
    const layerRow = add('layers', layer, layerIndex, ['experiments', 'changes'], {});
    addChanges(layer, 'layers', layerRow, ['changes']);
    (isEntityList(layer.experiments) ? layer.experiments : []).forEach((experiment, experimentIndex) => {
      const experimentRow = add('experiments', experiment, experimentIndex, ['variations', 'changes'], { layerId: layerRow });
      addChanges(experiment, 'experiments', experimentRow, ['changes']);
      (isEntityList(experiment.variations) ? experiment.variations : []).forEach((variation, variationIndex) => {
        const variationRow = add('variations', variation, variationIndex, ['actions'], { experimentId: experimentRow });
        (isEntityList(variation.actions) ? variation.actions : []).forEach((action, actionIndex) => {
          const actionRow = add('actions', action, actionIndex, ['changes', 'changeSet'], { variationId: variationRow });
          addChanges(action, 'actions', actionRow, ['changes', 'changeSet']);
        });
      });
    });
  });
  for (const key of ['audiences', 'pages', 'events', 'dimensions', 'visitorAttributes'] as const) {
    if (isEntityList(data[key])) (data[key] as Obj[]).forEach((entity, index) => add(key, entity, index, [], {}));
  }
  return tables;
}

/** Rows of a table sorted by `order`, then row id. */
export function sortedRows(rows: Record<string, RowCells> | undefined, keep: (row: RowCells) => boolean = () => true): Array<[string, RowCells]> {
  return Object.entries(rows ?? {})
    .filter(([, row]) => keep(row))
    .sort(([a, rowA], [b, rowB]) => Number(rowA.order ?? 0) - Number(rowB.order ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether a parent row keeps a child list: it had one, or it has children now. */
const listPresent = (row: RowCells, key: string, children: number): boolean =>
  children > 0 || (Array.isArray(row.lists) && row.lists.includes(key));

/**
 * Decodes working-copy tables into project data. Functions become `revive(source)`; the returned
 * `locations` map each entity's data path to its row, so a validation problem at
 * `layers[0].experiments[1].weightDistributions` can be linked to the experiment's row.
 */
export function decodeProject(tables: ProjectTables, revive: Revive = keepSource): { data: Obj; locations: EntityLocations } {
  const locations: EntityLocations = { '': { table: 'settings', rowId: SETTINGS_ROW } };
  const settingsRow = tables.settings?.[SETTINGS_ROW] ?? {};
  const data = decodeFields(settingsRow, 'settings', revive);
  const childrenOf = (table: EntityTable, keep: (row: RowCells) => boolean) => sortedRows(tables[table], keep);
  const changesOf = (owner: Obj, ownerRow: RowCells, parentTable: EntityTable, parentId: string, path: string, keys: string[]) => {
    for (const key of keys) {
      const rows = childrenOf('changes', (row) => row.parentTable === parentTable && row.parentId === parentId && (row.listKey ?? 'changes') === key);
      if (!listPresent(ownerRow, key, rows.length)) continue;
      owner[key] = rows.map(([rowId, row], index) => {
        locations[`${path}.${key}[${index}]`] = { table: 'changes', rowId };
        return decodeFields(row, 'changes', revive);
      });
    }
  };

  const layers = childrenOf('layers', () => true).map(([layerId, layerRow], layerIndex) => {
    const layerPath = `layers[${layerIndex}]`;
    locations[layerPath] = { table: 'layers', rowId: layerId };
    const layer = decodeFields(layerRow, 'layers', revive);
    const experiments = childrenOf('experiments', (row) => row.layerId === layerId);
    if (listPresent(layerRow, 'experiments', experiments.length)) {
      layer.experiments = experiments.map(([experimentId, experimentRow], experimentIndex) => {
        const experimentPath = `${layerPath}.experiments[${experimentIndex}]`;
        locations[experimentPath] = { table: 'experiments', rowId: experimentId };
        const experiment = decodeFields(experimentRow, 'experiments', revive);
        const variations = childrenOf('variations', (row) => row.experimentId === experimentId);
        if (listPresent(experimentRow, 'variations', variations.length)) {
          experiment.variations = variations.map(([variationId, variationRow], variationIndex) => {
            const variationPath = `${experimentPath}.variations[${variationIndex}]`;
            locations[variationPath] = { table: 'variations', rowId: variationId };
            const variation = decodeFields(variationRow, 'variations', revive);
            const actions = childrenOf('actions', (row) => row.variationId === variationId);
            if (listPresent(variationRow, 'actions', actions.length)) {
              variation.actions = actions.map(([actionId, actionRow], actionIndex) => {
                const actionPath = `${variationPath}.actions[${actionIndex}]`;
                locations[actionPath] = { table: 'actions', rowId: actionId };
                const action = decodeFields(actionRow, 'actions', revive);
                changesOf(action, actionRow, 'actions', actionId, actionPath, ['changes', 'changeSet']);
                return action;
              });
            }
            return variation;
          });
        }
        changesOf(experiment, experimentRow, 'experiments', experimentId, experimentPath, ['changes']);
        return experiment;
      });
    }
    changesOf(layer, layerRow, 'layers', layerId, layerPath, ['changes']);
    return layer;
  });
  const present = (key: string, count: number) => count > 0 || (Array.isArray(settingsRow.lists) && settingsRow.lists.includes(key));
  if (present('layers', layers.length)) data.layers = layers;
  for (const key of ['audiences', 'pages', 'events', 'dimensions', 'visitorAttributes'] as const) {
    const rows = childrenOf(key, () => true);
    if (!present(key, rows.length)) continue;
    data[key] = rows.map(([rowId, row], index) => {
      locations[`${key}[${index}]`] = { table: key, rowId };
      return decodeFields(row, key, revive);
    });
  }
  return { data, locations };
}

/** The entity a data path belongs to: the longest located prefix of `path`. */
export function locate(locations: EntityLocations, path: string): { table: EntityTable | 'settings'; rowId: string; field?: string } {
  let best = '';
  for (const key of Object.keys(locations)) {
    if (key.length > best.length && (path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`))) best = key;
  }
  // The rest of the path names the field inside the entity (`staticConditions[2].value`), so the
  // inspector can focus the very field a problem is about.
  const field = path.slice(best.length).replace(/^\./, '');
  return field ? { ...locations[best], field } : locations[best];
}

/** One entity's own fields as row cells (functions as source text; child lists are not included). */
export function encodeEntity(table: EntityTable, entity: Obj, childLists: readonly string[] = []): RowCells {
  return encodeFields(entity, table, childLists);
}

/** One row back to the entity's own fields (functions as `revive(source)`; no child lists). */
export function decodeEntity(table: EntityTable, row: RowCells, revive: Revive = keepSource): Obj {
  return decodeFields(row, table, revive);
}
