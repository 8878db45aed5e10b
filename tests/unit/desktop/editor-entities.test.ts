/**
 * Entity and change operations of the editor's model (EDT-8, EDT-6): creating, renaming, editing,
 * deleting and duplicating entities, and authoring a variation's changes, each one labelled undo
 * step. On a real TinyBase store with the declared schema and its checkpoints (the renderer's own
 * store module, without its IO), starting from a project imported by the codec.
 */
import { describe, expect, it } from 'vitest';
import { decodeProject, encodeProject, functionSource, type ProjectTables } from '../../../editor-model/project-codec';
import type { ProjectTable } from '../../../editor-model/project-schema';
import { actionFor, addChange, changesOf, readChange, removeChange, updateChange, type AuthoredChange } from '../../../desktop/renderer/src/model/changes';
import {
  createEntity, deleteEntity, descendants, duplicateEntity, freshId, renameEntity, rowsOf, setFields,
} from '../../../desktop/renderer/src/model/entities';
import { createEditableStore, createProjectStore, projectTables, replaceRow, type EditableStore } from '../../../desktop/renderer/src/model/project-store';

/** Custom code of a change, kept by the working copy as its source text. */
const retitle = function () {
  document.title = 'B';
};
const RETITLE_SOURCE = functionSource(retitle);

/** A campaign with one experiment of two variations, one action each with changes, and a campaign-level change. */
const PROJECT = {
  projectId: 'entities', accountId: 'acc', revision: 0,
  audiences: [{ id: 'aud-1', name: 'Mobile', conditions: ['and'] }],
  pages: [{ id: 'home', apiName: 'home', name: 'Home', staticConditions: [] }],
  events: [{ id: 'e1', apiName: 'checkout_done', name: 'Buy', eventType: 'custom' }],
  layers: [{
    id: 'L', name: 'Campaign', policy: 'single_experiment', holdback: 0,
    changes: [{ id: 'c-layer', type: 'attribute', selector: 'body', attributes: { class: 'x' } }],
    experiments: [{
      id: 'X', name: 'Hero', weightDistributions: [{ entityId: 'A', endOfRange: 3000 }, { entityId: 'B', endOfRange: 10000 }],
      variations: [
        { id: 'A', name: 'Original', actions: [{ id: 'act-A', pageId: 'home', changes: [] }] },
        { id: 'B', name: 'Bold', actions: [{ id: 'act-B', pageId: 'home', changes: [
          { id: 'c1', type: 'attribute', selector: 'h1', attributes: { text: 'Hello' } },
          { id: 'c2', type: 'custom_code', value: retitle },
        ] }] },
      ],
    }],
  }],
};

/** A model of {@link PROJECT}: the store with the declared schema, labelled undo, no IO. */
function openModel(): EditableStore {
  const store = createProjectStore();
  const tables: ProjectTables = encodeProject(PROJECT);
  store.transaction(() => {
    for (const [table, rows] of Object.entries(tables)) for (const [rowId, row] of Object.entries(rows)) replaceRow(store, table as ProjectTable, rowId, row);
  });
  return createEditableStore(store);
}

const ids = (model: EditableStore, table: Parameters<typeof rowsOf>[1], parent?: string) => rowsOf(model.store, table, parent).map(({ rowId }) => rowId);

describe('entity operations', () => {
  it('EDT-8 the imported project reads back in order, children by parent', () => {
    const model = openModel();
    expect(ids(model, 'layers')).toEqual(['L']);
    expect(ids(model, 'variations', 'X')).toEqual(['A', 'B']);
    expect(ids(model, 'changes', 'act-B')).toEqual(['c1', 'c2']);
    expect(ids(model, 'changes', 'L')).toEqual(['c-layer']);
    expect(model.store.getCell('changes', 'c2', 'code')).toBe(RETITLE_SOURCE);
  });

  it('EDT-8 EDT-6 an experiment comes with an Original variation holding all traffic; a new variation shares it evenly; each is one undo step', () => {
    const model = openModel();
    const experiment = createEntity(model, 'experiments', 'Pricing', 'L');
    expect(experiment).toBe('exp-2');
    expect(model.store.getRow('experiments', experiment)).toMatchObject({ id: 'exp-2', name: 'Pricing', layerId: 'L', order: 1, lists: ['variations'] });
    const [original] = ids(model, 'variations', experiment);
    expect(model.store.getRow('variations', original)).toMatchObject({ name: 'Original', experimentId: experiment });
    expect(model.store.getCell('experiments', experiment, 'weightDistributions')).toEqual([{ entityId: original, endOfRange: 10000 }]);
    expect(model.undoState().undo).toBe('Add experiment "Pricing"');

    const variation = createEntity(model, 'variations', 'Cheaper', experiment);
    expect(ids(model, 'variations', experiment)).toEqual([original, variation]);
    expect(model.store.getCell('experiments', experiment, 'weightDistributions')).toEqual([
      { entityId: original, endOfRange: 5000 }, { entityId: variation, endOfRange: 10000 },
    ]);

    model.undo();
    expect(model.store.hasRow('variations', variation)).toBe(false);
    expect(model.store.getCell('experiments', experiment, 'weightDistributions')).toEqual([{ entityId: original, endOfRange: 10000 }]);
    model.undo();
    expect(model.store.hasRow('experiments', experiment)).toBe(false);
    expect(model.store.hasRow('variations', original)).toBe(false);
    expect(model.undoState().undo).toBeUndefined();
    expect(model.undoState().redo).toBe('Add experiment "Pricing"');
  });

  it('EDT-8 a new id is the smallest free one, whether a row id or an id cell uses it', () => {
    const model = openModel();
    expect(createEntity(model, 'events', 'Add to cart')).toBe('event-2');
    expect(freshId(model.store, 'events', 'event')).toBe('event-3');
    replaceRow(model.store, 'events', 'other', { id: 'event-4', name: 'Taken' });
    expect(freshId(model.store, 'events', 'event')).toBe('event-5');
  });

  it('EDT-8 renaming an event moves an api name that followed its name, and keeps one set apart', () => {
    const model = openModel();
    const added = createEntity(model, 'events', 'Add to cart');
    expect(model.store.getCell('events', added, 'apiName')).toBe('add_to_cart');
    renameEntity(model, 'events', added, 'Add to basket');
    expect(model.store.getRow('events', added)).toMatchObject({ name: 'Add to basket', apiName: 'add_to_basket' });
    expect(model.undoState().undo).toBe('Rename event "Add to cart" to "Add to basket"');
    renameEntity(model, 'events', 'e1', 'Purchase');
    expect(model.store.getRow('events', 'e1')).toMatchObject({ name: 'Purchase', apiName: 'checkout_done' });
  });

  it('EDT-8 setting fields writes and clears cells in one step, the project settings included', () => {
    const model = openModel();
    setFields(model, 'layers', 'L', { holdback: 500, policy: undefined });
    expect(model.store.getCell('layers', 'L', 'holdback')).toBe(500);
    expect(model.store.hasCell('layers', 'L', 'policy')).toBe(false);
    expect(model.undoState().undo).toBe('Edit holdback, policy of campaign "Campaign"');
    model.undo();
    expect(model.store.getRow('layers', 'L')).toMatchObject({ holdback: 0, policy: 'single_experiment' });

    setFields(model, 'settings', 'project', { namespace: 'shop', snippetId: '' }, 'Set namespace');
    expect(model.store.getCell('settings', 'project', 'namespace')).toBe('shop');
    expect(model.undoState().undo).toBe('Set namespace');
  });

  it('EDT-8 deleting an entity deletes everything under it; a deleted variation leaves its traffic to the others', () => {
    const model = openModel();
    expect(descendants(model.store, 'layers', 'L')).toEqual([
      ['experiments', 'X'], ['variations', 'A'], ['actions', 'act-A'], ['variations', 'B'], ['actions', 'act-B'],
      ['changes', 'c1'], ['changes', 'c2'], ['changes', 'c-layer'],
    ]);
    deleteEntity(model, 'variations', 'B');
    expect(['act-B', 'c1', 'c2'].map((rowId) => model.store.hasRow(rowId === 'act-B' ? 'actions' : 'changes', rowId))).toEqual([false, false, false]);
    expect(model.store.getCell('experiments', 'X', 'weightDistributions')).toEqual([{ entityId: 'A', endOfRange: 10000 }]);
    expect(model.store.hasRow('changes', 'c-layer')).toBe(true);

    deleteEntity(model, 'layers', 'L');
    for (const table of ['layers', 'experiments', 'variations', 'actions', 'changes'] as const) expect(model.store.getRowCount(table)).toBe(0);
    model.undo();
    model.undo();
    expect(decodeProject(projectTables(model.store)).data).toMatchObject({ layers: [{ id: 'L', experiments: [{ id: 'X', variations: [{ id: 'A' }, { id: 'B' }] }] }] });
  });

  it('EDT-8 a change under a campaign is not taken for one under an action with the same row id', () => {
    const model = openModel();
    replaceRow(model.store, 'changes', 'c-other', { id: 'c-other', type: 'attribute', parentTable: 'layers', parentId: 'act-B', listKey: 'changes', order: 0 });
    expect(descendants(model.store, 'actions', 'act-B')).toEqual([['changes', 'c1'], ['changes', 'c2']]);
  });

  it('EDT-8 duplicating an experiment copies everything under it with fresh ids, links and traffic following the copies, as one step', () => {
    const model = openModel();
    const before = model.store.getTables();
    const copy = duplicateEntity(model, 'experiments', 'X');
    expect(model.undoState().undo).toBe('Duplicate experiment "Hero"');
    expect(model.store.getRow('experiments', copy)).toMatchObject({ id: copy, name: 'Hero copy', layerId: 'L', order: 0.5 });
    expect(ids(model, 'experiments', 'L')).toEqual(['X', copy]);

    const variations = rowsOf(model.store, 'variations', copy);
    expect(variations.map(({ row }) => row.name)).toEqual(['Original', 'Bold']);
    expect(variations.every(({ rowId, row }) => row.id === rowId && !['A', 'B'].includes(rowId))).toBe(true);
    const [copyA, copyB] = variations.map(({ rowId }) => rowId);
    expect(model.store.getCell('experiments', copy, 'weightDistributions')).toEqual([
      { entityId: copyA, endOfRange: 3000 }, { entityId: copyB, endOfRange: 10000 },
    ]);
    const [action] = rowsOf(model.store, 'actions', copyB);
    expect(action.row).toMatchObject({ pageId: 'home', variationId: copyB });
    const changes = changesOf(model.store, action.rowId);
    expect(changes.map(({ row }) => [row.type, row.parentTable, row.parentId])).toEqual([
      ['attribute', 'actions', action.rowId], ['custom_code', 'actions', action.rowId],
    ]);
    expect(readChange(model.store, changes[1].rowId)).toMatchObject({ type: 'custom_code', code: RETITLE_SOURCE });
    // The original is untouched, and the campaign-level change stays single.
    expect(rowsOf(model.store, 'changes', 'act-B').map(({ rowId }) => rowId)).toEqual(['c1', 'c2']);
    expect(changesOf(model.store, 'L')).toHaveLength(1);
    expect(decodeProject(projectTables(model.store)).data).toMatchObject({ layers: [{ experiments: [{ id: 'X' }, { id: copy, name: 'Hero copy' }] }] });

    model.undo();
    expect(model.store.getTables()).toEqual(before);
  });

  it('EDT-8 duplicating a variation shares the experiment\'s traffic evenly with the copy', () => {
    const model = openModel();
    const copy = duplicateEntity(model, 'variations', 'B');
    expect(ids(model, 'variations', 'X')).toEqual(['A', 'B', copy]);
    expect(model.store.getRow('variations', copy)).toMatchObject({ name: 'Bold copy', experimentId: 'X' });
    expect(model.store.getCell('experiments', 'X', 'weightDistributions')).toEqual([
      { entityId: 'A', endOfRange: 3333 }, { entityId: 'B', endOfRange: 6666 }, { entityId: copy, endOfRange: 10000 },
    ]);
    expect(changesOf(model.store, rowsOf(model.store, 'actions', copy)[0].rowId)).toHaveLength(2);
  });
});

describe('change operations', () => {
  it('EDT-8 a variation gets one action per view, made on first use and listed by the variation', () => {
    const model = openModel();
    expect(actionFor(model, 'B', 'home')).toBe('act-B');
    const cart = actionFor(model, 'B', 'cart');
    expect(model.store.getRow('actions', cart)).toMatchObject({ variationId: 'B', pageId: 'cart', order: 1, lists: ['changes'] });
    expect(actionFor(model, 'B', 'cart')).toBe(cart);
    expect(model.undoState().undo).toBe('Add action for view "cart"');
    // A variation imported without an actions list gets one with its first action (so it is exported).
    replaceRow(model.store, 'variations', 'V', { id: 'V', name: 'Bare', experimentId: 'X', order: 5 });
    const first = actionFor(model, 'V', 'home');
    expect(model.store.getCell('variations', 'V', 'lists')).toEqual(['actions']);
    expect(ids(model, 'actions', 'V')).toEqual([first]);
  });

  it('EDT-8 changes are added at the end, read back as authored, edited field by field and removed, each one undo step', () => {
    const model = openModel();
    const added = addChange(model, 'act-B', { type: 'custom_code', code: 'function () {}', dependencies: ['c1'] });
    expect(model.undoState().undo).toBe('Add custom_code change');
    expect(changesOf(model.store, 'act-B').map(({ rowId }) => rowId)).toEqual(['c1', 'c2', added]);
    expect(readChange(model.store, added)).toEqual({ id: added, type: 'custom_code', code: 'function () {}', dependencies: ['c1'] });

    // A field the schema does not declare goes to the row's `extra`, and an edit merges into it.
    const authored: AuthoredChange & { rank: number } = { id: 'mine', type: 'append', selector: 'main', value: '<p>Hi</p>', operator: 'before', rank: 2 };
    const kept = addChange(model, 'act-B', authored);
    expect(kept).toBe('mine');
    expect(model.store.getCell('changes', kept, 'extra')).toEqual({ rank: 2 });
    const patch: Partial<AuthoredChange> & { flag: string } = { selector: 'footer', operator: undefined, flag: 'x' };
    updateChange(model, kept, patch);
    expect(readChange(model.store, kept)).toEqual({ id: 'mine', type: 'append', selector: 'footer', value: '<p>Hi</p>', rank: 2, flag: 'x' });
    expect(model.undoState().undo).toBe('Edit change mine');

    removeChange(model, 'c1', 'Remove the heading change');
    expect(changesOf(model.store, 'act-B').map(({ rowId }) => rowId)).toEqual(['c2', added, 'mine']);
    model.undo();
    expect(readChange(model.store, 'c1')).toEqual({ id: 'c1', type: 'attribute', selector: 'h1', attributes: { text: 'Hello' } });
    model.undo();
    expect(readChange(model.store, kept)).toMatchObject({ selector: 'main', operator: 'before' });
    expect(readChange(model.store, 'no-such-change')).toBeUndefined();
  });
});
