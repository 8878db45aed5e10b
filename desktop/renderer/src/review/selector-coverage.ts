/**
 * Review's check on the pages (issue 36): each selector of the element changes about to be published
 * (added or changed since live) is matched on its view's page, loaded in editor mode; a selector that
 * matches nothing there is a warning naming the view, linked to its change. A syntax error is review's
 * own error already; this finds the valid selector that names an element the page does not have.
 */
import type { ProjectStore } from '../model/project-store';
import type { LinkedProblem } from '../../../../editor-model/api-contract';
import type { RowCells } from '../../../../editor-model/project-codec';
import type { EntityDiff } from '../../../../editor-model/project-diff';
import { selectorReason } from '../../../../editor-model/selectors';
import { canvasViews } from '../canvas/views';
import { KINDS, kindOf } from '../inspector/changes/change-kinds';
import { readChange } from '../model/changes';
import { displayName, rowsOf } from '../model/entities';

/** One selector to look for on one view. */
export interface SelectorOnView {
  changeRowId: string;
  selector: string;
  /** What the change is, as the tree says it ("Text change in variation "Hero copy""). */
  entity: string;
}

/** The views to check, each with its page path and the selectors of the changes that run there. */
export function selectorsByView(store: ProjectStore, diff: readonly EntityDiff[]): Array<{ pageId: string; name: string; path: string; items: SelectorOnView[] }> {
  const touched = new Set(diff.filter((entity) => entity.kind === 'change' && entity.status !== 'removed').map((entity) => entity.id));
  const views = canvasViews(store);
  const byPage = new Map<string, SelectorOnView[]>();
  for (const { rowId: actionRowId, row: action } of rowsOf(store, 'actions')) {
    const pageId = String((action as RowCells).pageId ?? (action as RowCells).viewId ?? '');
    const variationRowId = String((action as RowCells).variationId ?? '');
    const variation = store.getRow('variations', variationRowId) as RowCells;
    for (const { rowId, row } of rowsOf(store, 'changes', actionRowId)) {
      const change = readChange(store, rowId);
      const selector = change?.selector;
      if (!change || !selector || selectorReason(selector) || !touched.has(String((row as RowCells).id ?? rowId))) continue;
      const kind = kindOf(change);
      const entity = `${KINDS.find((info) => info.kind === kind)?.label ?? kind} change in variation "${displayName(variation, variationRowId)}"`;
      byPage.set(pageId, [...(byPage.get(pageId) ?? []), { changeRowId: rowId, selector, entity }]);
    }
  }
  return views.filter((view) => byPage.has(view.pageId)).map((view) => ({ ...view, items: byPage.get(view.pageId)! }));
}

/** The warnings of one view's counts: every selector that matched nothing. */
export function unmatched(view: { name: string; path: string }, items: readonly SelectorOnView[], counts: Record<string, number>): LinkedProblem[] {
  return items
    .filter((item) => counts[item.selector] === 0)
    .map((item) => ({
      entity: item.entity,
      table: 'changes',
      rowId: item.changeRowId,
      field: 'selector',
      path: 'selector',
      severity: 'warning' as const,
      message: `The selector ${JSON.stringify(item.selector)} matches nothing on view "${view.name}" (${view.path}): the change would do nothing there.`,
    }));
}
