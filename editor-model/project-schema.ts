/**
 * The declared schema of a project's working copy (EDT-4): one TinyBase table per entity kind,
 * the entity's id as the row id, and one cell per field so that two editors changing different
 * fields of one entity both keep their edit (a MergeableStore merges cell by cell, EDT-7).
 *
 * Shared by the backend (services/editor/) and the renderer (desktop/renderer/src/model/), so it
 * stays free of Node and Electron imports.
 *
 * Conventions every table follows:
 * - `id`: the entity's own id (the row id is the same unless two entities of a kind share an id,
 *   then the row id gets a `#n` suffix; entities without an id, like some actions, get a generated
 *   row id and no `id` cell).
 * - `order`: position among its siblings (fractional values are fine: sorted numerically).
 * - parent links name the parent's row id (`layerId` of an experiment row, `experimentId` of a
 *   variation row, `variationId` of an action row, `parentTable` + `parentId` of a change row).
 * - `lists`: which child lists the entity had (so an absent list stays absent on export).
 * - `extra`: every field the schema does not declare, or whose value does not fit the declared
 *   type, JSON-encoded with functions as `{ "$fn": source }`. Nothing is ever dropped.
 * - cells named in {@link CODE_CELLS} hold a function's source text: custom code, project script,
 *   page activation code. They are compiled by the snippet build, never evaluated by the editor.
 */

/** A cell type TinyBase accepts in a schema. */
export type CellType = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Declared fields of one table: field name to cell type. */
export type FieldTypes = Readonly<Record<string, CellType>>;

/** Cells every entity table has besides its own fields. */
const COMMON = { id: 'string', order: 'number', lists: 'array', extra: 'object' } as const satisfies FieldTypes;

/** Fields of the single `settings` row (the project's global data, CFG-1). */
export const SETTINGS_FIELDS = {
  projectId: 'string',
  accountId: 'string',
  snippetId: 'string',
  namespace: 'string',
  revision: 'number',
  clientName: 'string',
  clientVersion: 'string',
  anonymizeIP: 'boolean',
  activationId: 'string',
  holdback: 'number',
  listTargetingKeys: 'array',
  dcpServiceId: 'string',
  dcpKeyfieldLocators: 'array',
  recommenderServices: 'array',
  plugins: 'array',
  projectJS: 'string',
  experimental: 'object',
  ga4UserId: 'string',
  visitorIdLocator: 'object',
  enableForceParameters: 'boolean',
  lists: 'array',
  extra: 'object',
} as const satisfies FieldTypes;

/** Declared fields of every entity table, without the common cells. */
export const ENTITY_FIELDS = {
  layers: {
    name: 'string', policy: 'string', holdback: 'number', concluded: 'boolean', pageIds: 'array', viewIds: 'array',
    activation: 'object', integrationSettings: 'object', integrationStringVersion: 'number', groupId: 'string',
    decisionMetadata: 'object', allocationPolicy: 'string', commitId: 'string',
  },
  experiments: {
    layerId: 'string', name: 'string', audienceIds: 'array', weightDistributions: 'array', bucketingStrategy: 'string',
    deployed: 'boolean', concluded: 'boolean', integrationSettings: 'object', campaignName: 'string',
    audienceName: 'string', allocationPolicy: 'string', experimentMetadata: 'object',
  },
  variations: { experimentId: 'string', name: 'string' },
  actions: { variationId: 'string', layerId: 'string', pageId: 'string', viewId: 'string' },
  changes: {
    parentTable: 'string', parentId: 'string', listKey: 'string', type: 'string', selector: 'string', src: 'string',
    dependencies: 'array', attributes: 'object', css: 'object', operator: 'string', insertSelector: 'string',
    widget_id: 'string', config: 'object', value: 'string', code: 'string',
  },
  audiences: { name: 'string', conditions: 'array' },
  pages: {
    apiName: 'string', name: 'string', category: 'string', tags: 'array', staticConditions: 'array',
    activationType: 'string', activationCode: 'string', deactivationEnabled: 'boolean', undoOnDeactivation: 'boolean',
  },
  events: {
    apiName: 'string', name: 'string', eventType: 'string', category: 'string', pageId: 'string', config: 'object',
    eventFilter: 'object',
  },
  dimensions: { apiName: 'string', segmentId: 'string' },
  visitorAttributes: { name: 'string', dcpDatasourceId: 'string', ruleJson: 'string' },
} as const satisfies Record<string, FieldTypes>;

/** An entity table's name. */
export type EntityTable = keyof typeof ENTITY_FIELDS;

/** Every entity table, in the order the tree lists them. */
export const ENTITY_TABLES = Object.keys(ENTITY_FIELDS) as EntityTable[];

/** The single row of the settings table. */
export const SETTINGS_ROW = 'project';

/** Cells holding a function's source text, per table (`settings` included). */
export const CODE_CELLS: Readonly<Record<string, readonly string[]>> = {
  settings: ['projectJS'],
  changes: ['code'],
  pages: ['activationCode'],
};

/**
 * The parent link of each child table: the cell naming the parent row, the parent's table, and the
 * parent's child list. Declared here once; the codec, the entity operations and the tree read it.
 */
export const PARENT_LINKS = {
  experiments: { cell: 'layerId', table: 'layers', list: 'experiments' },
  variations: { cell: 'experimentId', table: 'experiments', list: 'variations' },
  actions: { cell: 'variationId', table: 'variations', list: 'actions' },
} as const satisfies Partial<Record<EntityTable, { cell: string; table: EntityTable; list: string }>>;

/** A table whose rows hang under one parent row through a single cell. */
export type LinkedTable = keyof typeof PARENT_LINKS;

/**
 * How a change row names its owner: changes hang under layers, experiments or actions, so a row
 * names the owner's table (`parentTable`), its row (`parentId`) and the owner's list (`listKey`).
 */
export const CHANGE_OWNER = {
  tableCell: 'parentTable',
  cell: 'parentId',
  listCell: 'listKey',
  owners: ['layers', 'experiments', 'actions'],
} as const satisfies { tableCell: string; cell: string; listCell: string; owners: readonly EntityTable[] };

/** The cell of a table's rows naming their parent row (`undefined` for top-level tables). */
export function parentCellOf(table: EntityTable): string | undefined {
  if (table === 'changes') return CHANGE_OWNER.cell;
  return table in PARENT_LINKS ? PARENT_LINKS[table as LinkedTable].cell : undefined;
}

/** The cells of a table that link its rows to their parent (never an entity's own field). */
export function linkCellsOf(table: EntityTable | 'settings'): readonly string[] {
  if (table === 'changes') return [CHANGE_OWNER.tableCell, CHANGE_OWNER.cell, CHANGE_OWNER.listCell];
  return table in PARENT_LINKS ? [PARENT_LINKS[table as LinkedTable].cell] : [];
}

/** Top-level collections of the project data and the table holding each. */
export const TOP_LEVEL_TABLES: Readonly<Record<string, EntityTable>> = {
  layers: 'layers',
  audiences: 'audiences',
  pages: 'pages',
  events: 'events',
  dimensions: 'dimensions',
  visitorAttributes: 'visitorAttributes',
};

/** The TinyBase cell schemas of declared fields: `{ name: 'string' }` becomes `{ name: { type: 'string' } }`. */
type CellSchemas<Fields> = { -readonly [Name in keyof Fields]: { type: Fields[Name] } };

/** The fields of an entity table, common cells included. */
type EntityFields<Table extends EntityTable> = typeof COMMON & (typeof ENTITY_FIELDS)[Table];

/**
 * The working copy's tables schema as a type: TinyBase's schema-typed API (`tinybase/with-schemas`)
 * infers every table id, cell id and cell type from it.
 */
export type ProjectTablesSchema = { settings: CellSchemas<typeof SETTINGS_FIELDS> } & {
  [Table in EntityTable]: CellSchemas<EntityFields<Table>>;
};

/** A table of the working copy: an entity table or `settings`. */
export type ProjectTable = keyof ProjectTablesSchema;

function toCellSchemas<Fields extends FieldTypes>(fields: Fields): CellSchemas<Fields> {
  // Object.fromEntries loses the keys' types; the mapping is one-to-one, so the declared type holds.
  return Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, { type }])) as CellSchemas<Fields>;
}

/**
 * The tables schema to pass to `store.setTablesSchema` (backend and renderer alike). Cells the
 * schema does not declare are refused by TinyBase, which is why unknown fields go to `extra`.
 */
export const TABLES_SCHEMA: ProjectTablesSchema = {
  settings: toCellSchemas(SETTINGS_FIELDS),
  ...(Object.fromEntries(
    ENTITY_TABLES.map((table) => [table, toCellSchemas({ ...COMMON, ...ENTITY_FIELDS[table] })]),
  ) as { [Table in EntityTable]: CellSchemas<EntityFields<Table>> }),
};

/** Declared fields of a table (settings or entity), common cells included. */
export const fieldsOf = (table: EntityTable | 'settings'): FieldTypes =>
  table === 'settings' ? SETTINGS_FIELDS : { ...COMMON, ...(ENTITY_FIELDS[table] as FieldTypes) };

/** A function kept as source text inside JSON-shaped values (`extra`, lists of project plugins). */
export interface EncodedFunction {
  /** The function's source, as written (compiled by the snippet build). */
  $fn: string;
}

/** Whether a value is an {@link EncodedFunction}. */
export const isEncodedFunction = (value: unknown): value is EncodedFunction =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as EncodedFunction).$fn === 'string' &&
  Object.keys(value).length === 1;
