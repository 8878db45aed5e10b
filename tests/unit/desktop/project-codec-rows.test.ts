/**
 * EDT-4: how the codec lays project data out in working-copy rows, and reads rows an editor made.
 * The round trip of whole projects is in project-codec.test.ts; here are the rules it rests on: which
 * value goes to its own cell and which to `extra`, generated row ids, child lists kept present or
 * absent at every level, rows read in order, children found without a `lists` cell, and where a data
 * path points.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntity, decodeProject, encodeEntity, encodeProject, encodeValue, locate, sortedRows } from '../../../editor-model/project-codec';

describe('cells and extra', () => {
  it('EDT-4 undefined fields are left out, and a row has no extra or lists cell it does not need', () => {
    expect(encodeValue({ a: undefined, b: [undefined, 1], c: { d: undefined } })).toStrictEqual({ b: [undefined, 1], c: {} });
    expect(encodeEntity('layers', { id: 'L', name: 'x', holdback: undefined })).toStrictEqual({ id: 'L', name: 'x' });
    const tables = encodeProject({ projectId: 'p', layers: [{ id: 'L', name: 'x' }] });
    expect(tables.layers.L).toStrictEqual({ id: 'L', name: 'x', order: 0 });
    expect(tables.settings.project).toStrictEqual({ projectId: 'p', lists: ['layers'] });
    expect(encodeProject({ projectId: 'p' }).settings.project).toStrictEqual({ projectId: 'p' });
  });

  it('EDT-4 a value that does not fit its cell goes to extra: a number that is not finite, bookkeeping names used as fields', () => {
    expect(encodeEntity('layers', { holdback: Number.NaN })).toStrictEqual({ extra: { holdback: Number.NaN } });
    expect(encodeEntity('layers', { holdback: Number.POSITIVE_INFINITY })).toStrictEqual({ extra: { holdback: Number.POSITIVE_INFINITY } });
    expect(encodeEntity('layers', { concluded: 1 })).toStrictEqual({ extra: { concluded: 1 } });
    expect(encodeEntity('layers', { order: 3, lists: ['x'], extra: { y: 1 } })).toStrictEqual({ extra: { order: 3, lists: ['x'], extra: { y: 1 } } });
    expect(decodeEntity('layers', { order: 1, lists: [], extra: { order: 3 } })).toStrictEqual({ order: 3 });
  });

  it('EDT-4 only a change\'s value becomes its code cell, and only a function; the project script is a code cell of the settings', () => {
    expect(encodeEntity('changes', { config: () => 1 })).toStrictEqual({ extra: { config: { $fn: '() => 1' } } });
    expect(encodeEntity('events', { value: () => 1 })).toStrictEqual({ extra: { value: { $fn: '() => 1' } } });
    const settings = (projectJS: unknown) => encodeProject({ projectJS }).settings.project;
    expect(settings(() => 1)).toStrictEqual({ projectJS: '() => 1' });
    expect(settings('text')).toStrictEqual({ extra: { projectJS: 'text' } });
    expect(decodeProject({ settings: { project: { projectJS: 'x => x' } } }).data).toStrictEqual({ projectJS: { $fn: 'x => x' } });
    // A cell named code is read as a change's value only in the changes table.
    expect(decodeEntity('layers', { code: 'x' } as never)).toStrictEqual({ code: 'x' });
  });
});

describe('row ids', () => {
  it('EDT-4 an entity without an id (or an empty one) gets the table\'s singular and a number; a repeated id gets #2, #3', () => {
    const tables = encodeProject({
      layers: [{ id: 'L', experiments: [{ id: 'E', variations: [{ id: 'V', actions: [{ pageId: 'a' }, { id: '', pageId: 'b' }, { id: 'x' }, { id: 'x' }, { id: 'x' }] }] }] }],
    });
    expect(Object.keys(tables.actions)).toEqual(['action-1', 'action-2', 'x', 'x#2', 'x#3']);
    expect(Object.keys(encodeProject({ audiences: [{ name: 'a' }, { name: 'b' }] }).audiences)).toEqual(['audience-1', 'audience-2']);
  });
});

describe('child lists', () => {
  it('EDT-4 a list that was there comes back, empty or not, at every level; one that was not stays absent', () => {
    const present = {
      layers: [{
        id: 'L', changes: [],
        experiments: [{ id: 'E', changes: [], variations: [{ id: 'V', actions: [{ id: 'A', changes: [], changeSet: [] }] }, { id: 'W', actions: [] }] }, { id: 'F', variations: [] }],
      }, { id: 'M', experiments: [] }],
      audiences: [], pages: [], events: [], dimensions: [], visitorAttributes: [],
    };
    expect(decodeProject(encodeProject(present)).data).toStrictEqual(present);
    const absent = { layers: [{ id: 'L', experiments: [{ id: 'E', variations: [{ id: 'V', actions: [{ id: 'A' }] }, { id: 'W' }] }, { id: 'F' }] }, { id: 'M' }] };
    expect(decodeProject(encodeProject(absent)).data).toStrictEqual(absent);
    expect(decodeProject(encodeProject({ projectId: 'p' })).data).toStrictEqual({ projectId: 'p' });
  });

  it('EDT-4 changes stay in their own list: an experiment\'s changes, an action\'s changes and changeSet', () => {
    const data = {
      layers: [{
        id: 'S', changes: [{ id: 'l1', type: 'custom_code' }],
        experiments: [{ id: 'S', changes: [{ id: 'e1', type: 'custom_code' }], variations: [{ id: 'S', actions: [{ id: 'S', changes: [{ id: 'a1' }], changeSet: [{ id: 'a2' }] }] }] }],
      }],
    };
    const tables = encodeProject(data);
    expect(Object.values(tables.changes).map((row) => `${row.parentTable}/${row.parentId}/${row.listKey}`)).toEqual([
      'layers/S/changes', 'experiments/S/changes', 'actions/S/changes', 'actions/S/changeSet',
    ]);
    expect(decodeProject(tables).data).toStrictEqual(data);
  });

  it('EDT-4 a list whose entries are not all objects is a field, not rows', () => {
    const data = { layers: [{ id: 'L' }, 'not an entity'], audiences: [null] };
    const tables = encodeProject(data);
    expect(tables.layers).toStrictEqual({});
    expect(tables.settings.project).toStrictEqual({ extra: { layers: [{ id: 'L' }, 'not an entity'], audiences: [null] } });
    expect(decodeProject(tables).data).toStrictEqual(data);
  });

  it('EDT-4 rows an editor added without a lists cell are found under their parents and at the top', () => {
    const { data } = decodeProject({
      settings: { project: { projectId: 'p' } },
      layers: { L: { id: 'L', order: 0 } },
      experiments: { E: { id: 'E', layerId: 'L', order: 0 } },
      variations: { V: { id: 'V', experimentId: 'E', order: 0 } },
      actions: { A: { id: 'A', variationId: 'V', order: 0 } },
      changes: { c: { id: 'c', parentTable: 'actions', parentId: 'A', order: 0 }, d: { id: 'd', parentTable: 'layers', parentId: 'L', listKey: 'changes', order: 0 } },
      audiences: { a: { id: 'a', order: 0 } },
    });
    expect(data).toStrictEqual({
      projectId: 'p',
      layers: [{ id: 'L', experiments: [{ id: 'E', variations: [{ id: 'V', actions: [{ id: 'A', changes: [{ id: 'c' }] }] }] }], changes: [{ id: 'd' }] }],
      audiences: [{ id: 'a' }],
    });
    expect(decodeProject({}).data).toStrictEqual({});
  });
});

describe('order', () => {
  it('EDT-4 rows are read by their order, numerically, then by row id; a row without an order counts as 0', () => {
    const rows = { b: { order: 1 }, a: { order: 1 }, c: { order: 0.5 }, d: { order: 10 }, e: {}, f: { order: -1 } };
    expect(sortedRows(rows).map(([id]) => id)).toEqual(['f', 'e', 'c', 'a', 'b', 'd']);
    expect(sortedRows(rows, (row) => row.order !== 1).map(([id]) => id)).toEqual(['f', 'e', 'c', 'd']);
    expect(sortedRows(undefined)).toEqual([]);
    const { data } = decodeProject({ audiences: { z: { id: 'first', order: 0 }, y: { id: 'second', order: 1 } } });
    expect(data.audiences).toEqual([{ id: 'first' }, { id: 'second' }]);
  });
});

describe('locations', () => {
  it('EDT-12 a data path points to its entity\'s row and the field inside it', () => {
    const { locations } = decodeProject(encodeProject({
      projectId: 'p',
      layers: [{ id: 'L', changes: [{ id: 'c' }] }],
      pages: [{ id: 'home', staticConditions: [{}, {}, { value: 'x' }] }],
      audiences: [{ id: 'a0' }, { id: 'a1' }],
    }));
    expect(locate(locations, 'projectId')).toEqual({ table: 'settings', rowId: 'project', field: 'projectId' });
    expect(locate(locations, '')).toEqual({ table: 'settings', rowId: 'project' });
    expect(locate(locations, 'pages[0].staticConditions[2].value')).toEqual({ table: 'pages', rowId: 'home', field: 'staticConditions[2].value' });
    expect(locate(locations, 'audiences[1].conditions')).toEqual({ table: 'audiences', rowId: 'a1', field: 'conditions' });
    expect(locate(locations, 'layers[0].changes[0].selector')).toEqual({ table: 'changes', rowId: 'c', field: 'selector' });
    expect(locate(locations, 'layers[0].name')).toEqual({ table: 'layers', rowId: 'L', field: 'name' });
    // A longer index is not the shorter one's entity.
    expect(locate({ ...locations, 'audiences[10]': { table: 'audiences', rowId: 'a10' } }, 'audiences[1].name')).toEqual({ table: 'audiences', rowId: 'a1', field: 'name' });
    expect(locate({ ...locations, 'audiences[10]': { table: 'audiences', rowId: 'a10' } }, 'audiences[10].name')).toEqual({ table: 'audiences', rowId: 'a10', field: 'name' });
  });
});
