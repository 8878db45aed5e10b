/**
 * EDT-4, EDT-7: the working copy's schema. It is a stored format (every editor's working copy on disk
 * and in sync is in it), so its tables, cells and types are written out here: a change to them is a
 * change of stored data, to be made on purpose with a way to read older copies. Each declared field
 * has a cell of its own (two editors changing different fields both keep their edit); what does not
 * fit goes to `extra`; parent links and code cells are what the codec and the tree rely on.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntity, encodeEntity } from '../../../editor-model/project-codec';
import {
  CODE_CELLS,
  ENTITY_FIELDS,
  ENTITY_TABLES,
  fieldsOf,
  isEncodedFunction,
  linkCellsOf,
  parentCellOf,
  SETTINGS_FIELDS,
  TABLES_SCHEMA,
  type CellType,
} from '../../../editor-model/project-schema';

/** The working copy's cells, table by table, as stored: `name:type`. */
const STORED_FORMAT: Record<string, string> = {
  settings: 'projectId:string accountId:string snippetId:string namespace:string revision:number clientName:string clientVersion:string anonymizeIP:boolean activationId:string holdback:number listTargetingKeys:array dcpServiceId:string dcpKeyfieldLocators:array recommenderServices:array plugins:array projectJS:string experimental:object ga4UserId:string visitorIdLocator:object enableForceParameters:boolean lists:array extra:object',
  layers: 'id:string order:number lists:array extra:object name:string policy:string holdback:number concluded:boolean pageIds:array viewIds:array activation:object integrationSettings:object integrationStringVersion:number groupId:string decisionMetadata:object allocationPolicy:string commitId:string',
  experiments: 'id:string order:number lists:array extra:object layerId:string name:string audienceIds:array weightDistributions:array bucketingStrategy:string deployed:boolean concluded:boolean integrationSettings:object campaignName:string audienceName:string allocationPolicy:string experimentMetadata:object',
  variations: 'id:string order:number lists:array extra:object experimentId:string name:string',
  actions: 'id:string order:number lists:array extra:object variationId:string layerId:string pageId:string viewId:string',
  changes: 'id:string order:number lists:array extra:object parentTable:string parentId:string listKey:string type:string selector:string src:string dependencies:array attributes:object css:object operator:string insertSelector:string widget_id:string config:object value:string code:string',
  audiences: 'id:string order:number lists:array extra:object name:string conditions:array',
  pages: 'id:string order:number lists:array extra:object apiName:string name:string category:string tags:array staticConditions:array activationType:string activationCode:string deactivationEnabled:boolean undoOnDeactivation:boolean',
  events: 'id:string order:number lists:array extra:object apiName:string name:string eventType:string category:string pageId:string config:object eventFilter:object',
  dimensions: 'id:string order:number lists:array extra:object apiName:string segmentId:string',
  visitorAttributes: 'id:string order:number lists:array extra:object name:string dcpDatasourceId:string ruleJson:string',
};

const SAMPLE: Record<CellType, unknown> = { string: 'text', number: 7, boolean: true, object: { k: 1 }, array: [1] };
const WRONG: Record<CellType, unknown> = { string: 7, number: 'seven', boolean: 'yes', object: [1], array: { k: 1 } };
/** Cells that never hold a plain field: the common bookkeeping, each table's parent link and its code cells. */
const bookkeeping = (table: (typeof ENTITY_TABLES)[number]) => ['order', 'lists', 'extra', ...linkCellsOf(table), ...(CODE_CELLS[table] ?? [])];

describe('the working copy schema', () => {
  it('EDT-4 its tables, cells and types are the stored format', () => {
    const stored = Object.fromEntries(Object.entries(TABLES_SCHEMA).map(([table, cells]) => [
      table, Object.entries(cells as Record<string, { type: string }>).map(([cell, { type }]) => `${cell}:${type}`).join(' '),
    ]));
    expect(stored).toEqual(STORED_FORMAT);
    expect(ENTITY_TABLES).toEqual(['layers', 'experiments', 'variations', 'actions', 'changes', 'audiences', 'pages', 'events', 'dimensions', 'visitorAttributes']);
    expect(fieldsOf('settings')).toBe(SETTINGS_FIELDS);
    expect(Object.keys(fieldsOf('pages'))).toEqual(['id', 'order', 'lists', 'extra', ...Object.keys(ENTITY_FIELDS.pages)]);
  });

  it('EDT-7 each declared field of an entity has a cell of its own; a value of another type goes to extra', () => {
    for (const table of ENTITY_TABLES) {
      for (const [field, type] of Object.entries(fieldsOf(table))) {
        if (bookkeeping(table).includes(field)) continue;
        const row = encodeEntity(table, { [field]: SAMPLE[type] });
        expect(row, `${table}.${field}`).toEqual({ [field]: SAMPLE[type] });
        expect(encodeEntity(table, { [field]: WRONG[type] }), `${table}.${field} of another type`).toEqual({ extra: { [field]: WRONG[type] } });
        expect(decodeEntity(table, row)).toEqual({ [field]: SAMPLE[type] });
      }
    }
  });

  it('EDT-4 parent links: the cell naming each child\'s parent, never an entity\'s own field', () => {
    expect(Object.fromEntries(ENTITY_TABLES.map((table) => [table, parentCellOf(table)]))).toEqual({
      layers: undefined, experiments: 'layerId', variations: 'experimentId', actions: 'variationId', changes: 'parentId',
      audiences: undefined, pages: undefined, events: undefined, dimensions: undefined, visitorAttributes: undefined,
    });
    expect(linkCellsOf('changes')).toEqual(['parentTable', 'parentId', 'listKey']);
    expect(linkCellsOf('actions')).toEqual(['variationId']);
    expect(linkCellsOf('settings')).toEqual([]);
    expect(linkCellsOf('pages')).toEqual([]);
    // A field of that name in the data is kept in extra, so it never moves the entity to another parent.
    expect(encodeEntity('experiments', { layerId: 'elsewhere', name: 'x' })).toEqual({ name: 'x', extra: { layerId: 'elsewhere' } });
    expect(encodeEntity('changes', { parentId: 'p', listKey: 'k', parentTable: 't' })).toEqual({ extra: { parentId: 'p', listKey: 'k', parentTable: 't' } });
  });

  it('EDT-4 code cells hold a function\'s source; a string in them is a string', () => {
    function activationCode(activate: () => void) { activate(); }
    expect(encodeEntity('pages', { activationCode }).activationCode).toMatch(/^function activationCode\(activate\)/);
    expect(encodeEntity('changes', { type: 'custom_code', value: (api: unknown) => api })).toEqual({ type: 'custom_code', code: '(api) => api' });
    expect(decodeEntity('changes', { code: 'x => x' })).toEqual({ value: { $fn: 'x => x' } });
    expect(decodeEntity('pages', { activationCode: 'x => x' })).toEqual({ activationCode: { $fn: 'x => x' } });
    expect(encodeEntity('changes', { value: '<p>hi</p>' })).toEqual({ value: '<p>hi</p>' });
    // Text where a page's activation code goes is not taken for code: it stays text, in extra.
    expect(encodeEntity('pages', { activationCode: 'immediate' })).toEqual({ extra: { activationCode: 'immediate' } });
    expect(Object.keys(CODE_CELLS).sort()).toEqual(['changes', 'pages', 'settings']);
    expect(encodeEntity('changes', { code: 'x' })).toEqual({ extra: { code: 'x' } });
    // A function in a field that is no code cell is kept in extra, as source.
    expect(encodeEntity('events', { config: () => 1 })).toEqual({ extra: { config: { $fn: '() => 1' } } });
  });

  it('EDT-4 an encoded function is an object with a string $fn and nothing else', () => {
    expect(isEncodedFunction({ $fn: 'x => x' })).toBe(true);
    expect(isEncodedFunction({ $fn: '' })).toBe(true);
    // A function that happens to carry a $fn property is a function, not its encoding.
    for (const value of [{ $fn: 'x', other: 1 }, { $fn: 1 }, { fn: 'x' }, [{ $fn: 'x' }], null, undefined, 'x => x', {}, Object.assign(() => 1, { $fn: 'x' })]) {
      expect(isEncodedFunction(value), JSON.stringify(value)).toBe(false);
    }
  });
});
