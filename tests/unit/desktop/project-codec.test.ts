/**
 * EDT-4: every project under config/ (and the end-to-end fixtures, which exercise every change
 * type) goes into a real TinyBase MergeableStore with the declared schema and comes back equal.
 */
import { pathToFileURL } from 'node:url';
import { createMergeableStore } from 'tinybase';
import { describe, expect, it } from 'vitest';
import { decodeProject, encodeProject, encodeValue, functionSource, locate } from '../../../editor-model/project-codec';
import { TABLES_SCHEMA } from '../../../editor-model/project-schema';
import { projectFiles } from '../../../compiler/snippet';

const files = projectFiles(['config', 'tests/fixtures/projects']).filter((file) => file.endsWith('.ts'));

const throughStore = (tables: ReturnType<typeof encodeProject>) => {
  const store = createMergeableStore('test');
  store.setTablesSchema(TABLES_SCHEMA);
  store.setTables(tables as never);
  return store.getTables() as ReturnType<typeof encodeProject>;
};

describe('project codec', () => {
  it.each(files)('EDT-4 round trip through the store: %s', async (file) => {
    const project = (await import(pathToFileURL(file).href)).default;
    const { data } = decodeProject(throughStore(encodeProject(project.data)));
    expect(data).toEqual(encodeValue(project.data));
  });

  it('EDT-4 keeps unknown fields, nulls, absent lists, duplicate ids and functions (as source)', () => {
    const custom = (api: unknown) => api;
    const original = {
      projectId: 'p', accountId: 'a', revision: '7', dcpServiceId: null, futureFlag: { x: 1 },
      layers: [{
        id: 'L', policy: 'single_experiment', holdback: 120, order: 'mine',
        experiments: [{
          id: 'E', weightDistributions: null, variations: [
            { id: 'V', actions: [{ pageId: 'P', changes: [{ id: 'c', type: 'custom_code', value: custom }] }, { changeSet: [{ id: 'c', type: 'attribute', selector: 'h1', attributes: { text: 'Hi' } }] }] },
            { id: 'V2', actions: [] },
          ],
        }],
      }],
      pages: [{ id: 'P', apiName: 'home', staticConditions: [{ type: 'url', match: 'simple', value: 'https://x.test/' }], activationCode(activate: () => void) { activate(); } }],
      audiences: [],
    };
    const tables = throughStore(encodeProject(original));
    expect(Object.keys(tables.changes)).toEqual(['c', 'c#2']);
    expect(tables.layers.L.extra).toEqual({ order: 'mine' });
    const { data, locations } = decodeProject(tables);
    expect(data).toEqual(encodeValue(original));
    expect((data.pages as Array<{ activationCode: { $fn: string } }>)[0].activationCode.$fn).toMatch(/^function activationCode/);
    expect(data).not.toHaveProperty('events');
    expect(locate(locations, 'layers[0].experiments[0].variations[1].actions')).toEqual({ table: 'variations', rowId: 'V2', field: 'actions' });
    expect(locate(locations, 'layers[0].experiments[0].variations[1]')).toEqual({ table: 'variations', rowId: 'V2' });
  });

  it('EDT-4 function sources are expressions, method shorthand included', () => {
    const holder = { run(x: number) { return x; }, async go() { return 1; } };
    expect(functionSource(holder.run)).toMatch(/^function run\(x\)/);
    expect(functionSource(holder.go)).toMatch(/^async function go\(\)/);
    expect(functionSource((a: number) => ({ a }))).toMatch(/^\(a\) =>/);
  });
});
