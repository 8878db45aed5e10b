/**
 * Which variations change which parts of each view's page (issue 37), read from the working copy (the
 * live campaigns are in it too): review's and the inspector's check for clashes (./conflicts.ts) and the
 * canvas as a visitor sees it (canvas/visitor-campaigns.ts) walk the campaigns the same way here.
 *
 * Each element change touches what its selector names. It either replaces it (a text, HTML, attribute
 * or style change, a move, a widget put in place of a region) or inserts next to it (an HTML block added
 * before or after it, a widget whose schema declares it inserts beside its region, such as the free-demo
 * banner above the hero): plugins/_shared/widget-schema.ts `regionOf`.
 */
import type { RegionRole } from '../../../../plugins/_shared/widget-schema';
import { regionOf } from '../../../../plugins/_shared/widget-schema';
import type { WidgetSchema } from '../../../../core';
import type { RowCells } from '../../../../editor-model/project-codec';
import { readChange } from '../model/changes';
import { displayName, rowsOf } from '../model/entities';
import type { ProjectStore } from '../model/project-store';

/** The region each known widget names (by widget id), or null for a widget that touches no element (a goal widget). */
export type WidgetRegions = Readonly<Record<string, { field: string; role: RegionRole; selector: string } | null>>;

/** The regions of the given widgets, from their declared schemas. */
export const widgetRegions = (widgets: ReadonlyArray<{ id: string; schema: WidgetSchema }>): WidgetRegions =>
  Object.fromEntries(widgets.map((widget) => [widget.id, regionOf(widget.schema) ?? null]));

/** One variation's actions on one view, with whose they are. */
export interface VariationOnView {
  viewId: string;
  actionRowId: string;
  variationRowId: string;
  variationName: string;
  experimentId: string;
  experimentRowId: string;
  experimentName: string;
  layerId: string;
  layerRowId: string;
  layerName: string;
}

/** One element change, with what it touches, how, and whose it is. */
export interface ChangeOnView extends VariationOnView {
  changeRowId: string;
  /** The change's id (what the diff against live names). */
  changeId: string;
  /** The selectors of what it touches: its own element, or the region a widget names. */
  selectors: string[];
  /** Whether it replaces what it touches or inserts next to it. */
  role: RegionRole;
  /** A widget the editor does not know that names no region: it cannot be checked on the page. */
  uncheckable?: boolean;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const idOf = (row: RowCells, rowId: string) => String(row.id ?? rowId);

/** Every action of every variation, on the view it runs on: a campaign listing its views runs on those only. */
export function variationsOnViews(store: ProjectStore): VariationOnView[] {
  const out: VariationOnView[] = [];
  for (const { rowId: layerRowId, row: layer } of rowsOf(store, 'layers')) {
    const listed = [...((layer.viewIds as string[] | undefined) ?? []), ...((layer.pageIds as string[] | undefined) ?? [])];
    for (const { rowId: experimentRowId, row: experiment } of rowsOf(store, 'experiments', layerRowId)) {
      for (const { rowId: variationRowId, row: variation } of rowsOf(store, 'variations', experimentRowId)) {
        for (const { rowId: actionRowId, row: action } of rowsOf(store, 'actions', variationRowId)) {
          const viewId = str(action.pageId) || str(action.viewId);
          if (!viewId || (listed.length && !listed.includes(viewId))) continue;
          out.push({
            viewId, actionRowId, variationRowId, variationName: displayName(variation, variationRowId),
            experimentId: idOf(experiment, experimentRowId), experimentRowId, experimentName: displayName(experiment, experimentRowId),
            layerId: idOf(layer, layerRowId), layerRowId, layerName: displayName(layer, layerRowId),
          });
        }
      }
    }
  }
  return out;
}

/** What a change touches: its selectors and role; undefined when it touches no element (custom code, a goal widget). */
function touchOf(change: NonNullable<ReturnType<typeof readChange>>, regions: WidgetRegions): Pick<ChangeOnView, 'selectors' | 'role' | 'uncheckable'> | undefined {
  if (change.type !== 'widget') {
    if (!change.selector) return undefined;
    // An HTML block added before or after an element leaves the element as it is.
    const role: RegionRole = change.type === 'append' ? 'insert' : 'replace';
    return { selectors: [change.selector], role };
  }
  const config = (change.config ?? {}) as Record<string, unknown>;
  const widgetId = str(change.widget_id);
  const region = Object.hasOwn(regions, widgetId) ? regions[widgetId] : undefined;
  if (region === null) return undefined;
  if (region) return { selectors: [str(config[region.field]) || region.selector], role: region.role };
  // A widget the editor does not know: taken as replacing the region its `selector` names, the careful reading.
  const named = str(config.selector);
  return named ? { selectors: [named], role: 'replace' } : { selectors: [], role: 'replace', uncheckable: true };
}

/** Every element change on each view, with what it touches and whose it is. */
export function changesByView(store: ProjectStore, regions: WidgetRegions): Map<string, ChangeOnView[]> {
  const byView = new Map<string, ChangeOnView[]>();
  for (const on of variationsOnViews(store)) {
    for (const { rowId: changeRowId } of rowsOf(store, 'changes', on.actionRowId)) {
      const change = readChange(store, changeRowId);
      const touch = change && touchOf(change, regions);
      if (!touch) continue;
      const item: ChangeOnView = { ...on, changeRowId, changeId: idOf(store.getRow('changes', changeRowId) as RowCells, changeRowId), ...touch };
      byView.set(on.viewId, [...(byView.get(on.viewId) ?? []), item]);
    }
  }
  return byView;
}
