/**
 * Authored changes in the working copy, for the canvas and the inspector's change forms: a
 * variation's changes live in its actions (one action per view), each change one row of the
 * `changes` table. Values stay as people write them: HTML, CSS, URLs and widget configuration as
 * data, custom code as source text in the `code` cell (compiled by the snippet build at publish).
 *
 * @example
 * const action = actionFor(model, variationRowId, 'home');
 * const changeId = addChange(model, action, { type: 'attribute', selector: 'h1.hero', attributes: { text: 'Hello' } });
 * updateChange(model, changeId, { attributes: { text: 'Hello there' } });
 */
import type { Change } from '../../../../core/project/types';
import { decodeEntity, encodeEntity, type RowCells } from '../../../../editor-model/project-codec';
import { CHANGE_OWNER } from '../../../../editor-model/project-schema';
import { freshId, rowsOf, type EntityRow } from './entities';
import { clearCells, rowCells, writeCells, type ProjectStore, type StoreEditor } from './project-store';

/**
 * A change as the editor authors it: any change of the runtime, with custom code given as source
 * text in `code` instead of a function in `value`. `id` is generated when left out.
 */
export type AuthoredChange = Omit<Change, 'id' | 'value'> & { id?: string; value?: unknown; code?: string };

/** The changes of one action (or layer or experiment), in order. */
export function changesOf(store: ProjectStore, ownerRowId: string): EntityRow[] {
  return rowsOf(store, 'changes', ownerRowId);
}

/** Reads a change row as an {@link AuthoredChange} (custom code as source text in `code`). */
export function readChange(store: ProjectStore, changeRowId: string): AuthoredChange | undefined {
  const row = rowCells(store, 'changes', changeRowId);
  if (!Object.keys(row).length) return undefined;
  const { code, ...rest } = row;
  const decoded = decodeEntity('changes', rest as RowCells) as AuthoredChange;
  return code === undefined ? decoded : { ...decoded, code: String(code) };
}

/** The cells of an authored change. */
function changeCells(change: Partial<AuthoredChange>): RowCells {
  const { code, ...rest } = change;
  const cells = encodeEntity('changes', rest as Record<string, unknown>);
  if (code !== undefined) cells.code = code;
  return cells;
}

/**
 * The action of a variation for a view (page id), created when there is none yet.
 * @returns the action's row id.
 */
export function actionFor(model: StoreEditor, variationRowId: string, pageId: string): string {
  const existing = rowsOf(model.store, 'actions', variationRowId).find(({ row }) => row.pageId === pageId || row.viewId === pageId);
  if (existing) return existing.rowId;
  let created = '';
  model.edit(`Add action for view "${pageId}"`, (store) => {
    created = freshId(store, 'actions', 'action');
    const order = rowsOf(store, 'actions', variationRowId).length;
    store.setRow('actions', created, { id: created, variationId: variationRowId, pageId, order, lists: ['changes'] });
    const lists = store.getCell('variations', variationRowId, 'lists') ?? [];
    if (!lists.includes('actions')) store.setCell('variations', variationRowId, 'lists', [...lists, 'actions']);
  });
  return created;
}

/**
 * Adds a change at the end of an action's changes, as one undo step.
 * @returns the change's row id.
 */
export function addChange(model: StoreEditor, actionRowId: string, change: AuthoredChange, label?: string): string {
  let created = '';
  model.edit(label ?? `Add ${change.type} change${change.selector ? ` on ${change.selector}` : ''}`, (store) => {
    created = change.id && !store.hasRow('changes', change.id) ? change.id : freshId(store, 'changes', 'change');
    const order = changesOf(store, actionRowId).reduce((max, { row }) => Math.max(max, Number(row.order ?? 0)), -1) + 1;
    writeCells(store, 'changes', created, {
      ...changeCells({ ...change, id: change.id ?? created }),
      [CHANGE_OWNER.tableCell]: 'actions', [CHANGE_OWNER.cell]: actionRowId, [CHANGE_OWNER.listCell]: 'changes', order,
    });
  });
  return created;
}

/**
 * Changes fields of a change, as one undo step. A field set to undefined is removed; custom code
 * is replaced through `code`.
 */
export function updateChange(model: StoreEditor, changeRowId: string, patch: Partial<AuthoredChange>, label?: string): void {
  model.edit(label ?? `Edit change ${changeRowId}`, (store) => {
    const { extra, ...cells } = changeCells(Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<AuthoredChange>);
    writeCells(store, 'changes', changeRowId, cells);
    // Fields the schema does not declare are merged into the row's `extra`, not put in place of it.
    if (extra) store.setCell('changes', changeRowId, 'extra', { ...store.getCell('changes', changeRowId, 'extra'), ...(extra as Record<string, unknown>) });
    clearCells(store, 'changes', changeRowId, Object.keys(patch).filter((field) => patch[field as keyof AuthoredChange] === undefined));
  });
}

/** Removes a change, as one undo step. */
export function removeChange(model: StoreEditor, changeRowId: string, label?: string): void {
  model.edit(label ?? `Remove change ${changeRowId}`, (store) => store.delRow('changes', changeRowId));
}
