/**
 * A variation's authored changes as the agent previews them (EDT-21): the changes of the variation's
 * action for the view on the canvas (all its actions when the view is not known), in order, with
 * the inspector's unsaved draft in place of its saved row or added at the end.
 */
import type { DraftChange } from '../../canvas/preview-code';
import { changesOf, readChange, type AuthoredChange } from '../../model/changes';
import { rowsOf } from '../../model/entities';
import type { ProjectStore } from '../../model/project-store';

/** A saved change with its row id. */
export interface SavedChange {
  rowId: string;
  actionRowId: string;
  change: AuthoredChange;
}

/** The variation's saved changes for `pageId` ('' for every view). */
export const savedChanges = (store: ProjectStore, variationRowId: string | undefined, pageId: string): SavedChange[] => {
  if (!variationRowId) return [];
  const out: SavedChange[] = [];
  for (const { rowId: actionRowId, row } of rowsOf(store, 'actions', variationRowId)) {
    const actionPage = String(row.pageId ?? row.viewId ?? '');
    if (pageId && actionPage && actionPage !== pageId) continue;
    for (const { rowId } of changesOf(store, actionRowId)) {
      const change = readChange(store, rowId);
      if (change) out.push({ rowId, actionRowId, change });
    }
  }
  return out;
};

/** The wire form of an authored change. */
export const toPreview = (rowId: string, change: AuthoredChange): DraftChange => {
  const { code, value, ...rest } = change as AuthoredChange & { value?: unknown };
  const out = { ...rest, id: change.id ?? rowId } as DraftChange;
  if (typeof value === 'string') out.value = value;
  if (typeof code === 'string') out.code = code;
  // JSON only: anything else (a function from an imported project) is previewed through `code`.
  return JSON.parse(JSON.stringify(out)) as DraftChange;
};

/** What the canvas previews: the saved changes, the draft in place of its row or appended. */
export const previewList = (saved: SavedChange[], draft?: { rowId?: string; change: DraftChange }): DraftChange[] => {
  const list = saved.map(({ rowId, change }) => (draft?.rowId === rowId ? draft.change : toPreview(rowId, change)));
  if (draft && !saved.some(({ rowId }) => rowId === draft.rowId)) list.push(draft.change);
  return list;
};
