/**
 * Experiments that clash (issue 37): which pairs of changes review asks the page about, and how the
 * page's answers read. Each element change added or changed since live is compared with the element
 * changes of every other campaign of the working copy (the live ones are in it too) on its view.
 * Experiments of one campaign are already kept apart by the runtime, so only other campaigns count.
 * Whether two changes touch the same element is decided on the page by the canvas agent
 * (desktop/agent/overlap.ts); this file only says what to ask and how to say the answer.
 */
import type { ProjectStore } from '../model/project-store';
import type { OverlapKind, OverlapPair, OverlapResult } from '../../../agent/protocol';
import type { RowCells } from '../../../../editor-model/project-codec';
import type { EntityDiff } from '../../../../editor-model/project-diff';
import { canvasViews } from '../canvas/views';
import { readChange } from '../model/changes';
import { displayName, rowsOf } from '../model/entities';

/** One element change, with what it touches and whose it is. */
export interface ChangeOnView {
  changeRowId: string;
  experimentId: string;
  experimentRowId: string;
  experimentName: string;
  layerId: string;
  layerRowId: string;
  layerName: string;
  /** The selectors of what it changes: its own element, or the region a widget replaces. */
  selectors: string[];
  /** A widget that names no region: it cannot be checked on the page. */
  uncheckable?: boolean;
}

/** The pairs of changes to probe on one view's page. */
export interface ViewProbe {
  pageId: string;
  name: string;
  path: string;
  pairs: Array<{ id: string; mine: ChangeOnView; theirs: ChangeOnView }>;
  /** Pairs where one side is a widget naming no region: reported as not checkable. */
  unchecked: Array<{ mine: ChangeOnView; theirs: ChangeOnView }>;
}

/** One clash between two experiments of different campaigns on one view, as review lists it. */
export interface Conflict {
  /** `experimentId|otherExperimentId|viewId`: what an acknowledgement names. */
  key: string;
  experiment: ChangeOnView;
  other: ChangeOnView;
  viewId: string;
  viewName: string;
  /** The overlapping selectors, each side's, with how they overlap on the page. */
  overlaps: Array<{ mine: string; theirs: string; kind: Exclude<OverlapKind, 'none'>; labels: [string, string] }>;
  /** The sentence review shows. */
  message: string;
}

const idOf = (row: RowCells, rowId: string) => String(row.id ?? rowId);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every element change on each view, per experiment, with its campaign. */
function changesByView(store: ProjectStore): Map<string, ChangeOnView[]> {
  const byView = new Map<string, ChangeOnView[]>();
  for (const { rowId: layerRowId, row: layer } of rowsOf(store, 'layers')) {
    const listed = [...((layer.viewIds as string[] | undefined) ?? []), ...((layer.pageIds as string[] | undefined) ?? [])];
    for (const { rowId: experimentRowId, row: experiment } of rowsOf(store, 'experiments', layerRowId)) {
      for (const { rowId: variationRowId } of rowsOf(store, 'variations', experimentRowId)) {
        for (const { rowId: actionRowId, row: action } of rowsOf(store, 'actions', variationRowId)) {
          const viewId = str(action.pageId) || str(action.viewId);
          // An action runs where its campaign runs: a campaign listing its views runs on those only.
          if (!viewId || (listed.length && !listed.includes(viewId))) continue;
          for (const { rowId: changeRowId } of rowsOf(store, 'changes', actionRowId)) {
            const change = readChange(store, changeRowId);
            if (!change) continue;
            // A widget replaces the region its configuration names (`config.selector`); one naming none cannot be checked.
            const region = change.type === 'widget' ? str((change.config as Record<string, unknown> | undefined)?.selector) : '';
            const selectors = change.type === 'widget' ? (region ? [region] : []) : change.selector ? [change.selector] : [];
            if (!selectors.length && change.type !== 'widget') continue;
            const item: ChangeOnView = {
              changeRowId, experimentId: idOf(experiment, experimentRowId), experimentRowId, experimentName: displayName(experiment, experimentRowId),
              layerId: idOf(layer, layerRowId), layerRowId, layerName: displayName(layer, layerRowId), selectors, ...(selectors.length ? {} : { uncheckable: true }),
            };
            byView.set(viewId, [...(byView.get(viewId) ?? []), item]);
          }
        }
      }
    }
  }
  return byView;
}

/**
 * What review probes: on each view, every change added or changed since live paired with each element
 * change of the other campaigns there. What was live on both sides before was reviewed when it went live;
 * it is not asked about again at every publish that touches the experiment.
 */
export function conflictProbes(store: ProjectStore, diff: readonly EntityDiff[]): ViewProbe[] {
  const touched = new Set(diff.filter((entity) => entity.kind === 'change' && entity.status !== 'removed').map((entity) => entity.id));
  const byView = changesByView(store);
  const probes: ViewProbe[] = [];
  for (const view of canvasViews(store)) {
    const here = byView.get(view.pageId) ?? [];
    const isTouched = (item: ChangeOnView) => touched.has(idOf(store.getRow('changes', item.changeRowId) as RowCells, item.changeRowId));
    const probe: ViewProbe = { ...view, pairs: [], unchecked: [] };
    for (const mine of here.filter(isTouched)) {
      for (const theirs of here.filter((item) => item.layerRowId !== mine.layerRowId)) {
        // Two changes both made since live are compared once, the earlier-listed as "mine".
        if (isTouched(theirs) && here.indexOf(theirs) < here.indexOf(mine)) continue;
        if (mine.uncheckable || theirs.uncheckable) probe.unchecked.push({ mine, theirs });
        else probe.pairs.push({ id: `${mine.changeRowId}|${theirs.changeRowId}`, mine, theirs });
      }
    }
    if (probe.pairs.length || probe.unchecked.length) probes.push(probe);
  }
  return probes;
}

/** The agent's request for a view's probe. */
export const overlapPairs = (probe: ViewProbe): OverlapPair[] => probe.pairs.map(({ id, mine, theirs }) => ({ id, a: mine.selectors, b: theirs.selectors }));

const who = (item: ChangeOnView) => `${item.experimentName} (${item.layerName === item.experimentName ? 'campaign of the same name' : `campaign ${item.layerName}`})`;

/** The sentence of one clash, in the product's words. */
function sentence(conflict: Omit<Conflict, 'message'>): string {
  const { experiment, other, viewName, overlaps } = conflict;
  const same = overlaps.filter((overlap) => overlap.kind === 'same');
  if (same.length) return `${who(experiment)} and ${who(other)} both change ${[...new Set(same.map((overlap) => overlap.mine))].join(', ')} on view ${viewName}.`;
  const [first] = overlaps;
  return first.kind === 'inside'
    ? `${who(experiment)} changes ${first.mine}, inside ${first.theirs} (${first.labels[1]}) that ${who(other)} changes, on view ${viewName}.`
    : `${who(experiment)} changes ${first.mine} (${first.labels[0]}), around ${first.theirs} that ${who(other)} changes, on view ${viewName}.`;
}

/** The clashes a view's answers show, one per pair of experiments. */
export function conflictsOf(probe: ViewProbe, results: readonly OverlapResult[]): Conflict[] {
  const byKey = new Map<string, Omit<Conflict, 'message'>>();
  for (const result of results) {
    const pair = probe.pairs.find((item) => item.id === result.id);
    if (!pair || result.kind === 'none') continue;
    const key = `${pair.mine.experimentId}|${pair.theirs.experimentId}|${probe.pageId}`;
    const conflict = byKey.get(key) ?? { key, experiment: pair.mine, other: pair.theirs, viewId: probe.pageId, viewName: probe.name, overlaps: [] };
    conflict.overlaps.push({ mine: pair.mine.selectors.join(', '), theirs: pair.theirs.selectors.join(', '), kind: result.kind, labels: [result.a ?? '', result.b ?? ''] });
    byKey.set(key, conflict);
  }
  return [...byKey.values()].map((conflict) => ({ ...conflict, message: sentence(conflict) }));
}

/** The pairs no page can settle (a widget naming no region), one line per pair of experiments. */
export function uncheckedOf(probe: ViewProbe): string[] {
  const lines = new Set<string>();
  for (const { mine, theirs } of probe.unchecked) {
    const widget = mine.uncheckable ? mine : theirs;
    lines.add(`${who(mine)} and ${who(theirs)} on view ${probe.name}: not checkable, a widget of ${widget.experimentName} names no region of the page it replaces.`);
  }
  return [...lines];
}
