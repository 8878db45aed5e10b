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
import type { EntityDiff } from '../../../../editor-model/project-diff';
import type { RegionRole } from '../../../../plugins/_shared/widget-schema';
import { canvasViews } from '../canvas/views';
import { changesByView, type ChangeOnView, type VariationOnView, type WidgetRegions } from './changes-on-view';

export type { ChangeOnView } from './changes-on-view';

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
  /** The two experiments' ids in sorted order and the view's (`a|b|viewId`): the clash whichever check finds it from which side. */
  key: string;
  experiment: ChangeOnView;
  other: ChangeOnView;
  viewId: string;
  viewName: string;
  /** The overlapping selectors, each side's, with how they overlap on the page. */
  overlaps: Array<{ mine: string; theirs: string; kind: Exclude<OverlapKind, 'none'>; labels: [string, string]; shownWith?: string }>;
  /** The sentence review shows. */
  message: string;
}

/** Which of a view's changes are the ones checked against the other campaigns'. */
export type Mine = (item: ChangeOnView) => boolean;

/** Review's: the element changes added or changed since live. */
export const changedSinceLive = (diff: readonly EntityDiff[]): Mine => {
  const touched = new Set(diff.filter((entity) => entity.kind === 'change' && entity.status !== 'removed').map((entity) => entity.id));
  return (item) => touched.has(item.changeId);
};

/** The experiment inspector's: every change of the experiment. */
export const ofExperiment = (experimentRowId: string): Mine => (item) => item.experimentRowId === experimentRowId;

/**
 * The overlaps that make a clash, by how each side touches its element (mine, then theirs): what one
 * replaces clashes with anything the same as it, inside it or around it; a block inserted next to an
 * element clashes only when that element is itself replaced (the same, or inside what the other replaces);
 * two blocks inserted next to the same element still clash (which goes first is not theirs to say).
 */
const COUNTED: Record<`${RegionRole} ${RegionRole}`, Array<Exclude<OverlapKind, 'none'>>> = {
  'replace replace': ['same', 'contains', 'inside'],
  'insert replace': ['same', 'inside'],
  'replace insert': ['same', 'contains'],
  'insert insert': ['same'],
};

/**
 * What a check probes: on each view, every change of `isMine` paired with each element change of the
 * other campaigns there. Review's are the changes made since live (what was live on both sides was
 * reviewed when it went live); the experiment inspector's are all of the experiment's.
 */
export function conflictProbes(store: ProjectStore, isMine: Mine, regions: WidgetRegions): ViewProbe[] {
  const byView = changesByView(store, regions);
  const probes: ViewProbe[] = [];
  for (const view of canvasViews(store)) {
    const here = byView.get(view.pageId) ?? [];
    const probe: ViewProbe = { ...view, pairs: [], unchecked: [] };
    for (const mine of here.filter(isMine)) {
      for (const theirs of here.filter((item) => item.layerRowId !== mine.layerRowId)) {
        // Two changes both made since live are compared once, the earlier-listed as "mine".
        if (isMine(theirs) && here.indexOf(theirs) < here.indexOf(mine)) continue;
        if (mine.uncheckable || theirs.uncheckable) probe.unchecked.push({ mine, theirs });
        else probe.pairs.push({ id: `${mine.changeRowId}|${theirs.changeRowId}`, mine, theirs });
      }
    }
    if (probe.pairs.length || probe.unchecked.length) probes.push(probe);
  }
  return probes;
}

/** The agent's request for a view's probe. */
export const overlapPairs = (probe: ViewProbe): OverlapPair[] =>
  probe.pairs.map(({ id, mine, theirs }) => ({ id, a: mine.selectors, b: theirs.selectors, kinds: COUNTED[`${mine.role} ${theirs.role}`] }));

/** A variation in the words the product uses for it (the canvas as a visitor, a clash found with it applied). */
export const variationLabel = (variation: Pick<VariationOnView, 'experimentName' | 'variationName'>) => `${variation.experimentName} - ${variation.variationName}`;

/** A page's answer, with the variations applied to the page when an element was not on the original one. */
export type ProbeAnswer = OverlapResult & { shownWith?: string };

/**
 * Pairs whose selectors matched nothing on one side of the original page, to ask again on the page with
 * the variation that may put that element there applied (the other side's: an element only one variation
 * shows, such as the personalisation hero's own headline); both sides' when neither matched. One page per set.
 */
export function missingElementRetries(probe: ViewProbe, results: readonly OverlapResult[]): Array<{ variations: VariationOnView[]; pairs: OverlapPair[] }> {
  const sets = new Map<string, { variations: VariationOnView[]; pairs: OverlapPair[] }>();
  const asked = new Map(overlapPairs(probe).map((pair) => [pair.id, pair]));
  for (const result of results) {
    const pair = probe.pairs.find((item) => item.id === result.id);
    if (!pair || result.kind !== 'none' || !result.counts) continue;
    const [mine, theirs] = result.counts;
    const variations = [...(mine === 0 ? [pair.theirs] : []), ...(theirs === 0 ? [pair.mine] : [])];
    if (!variations.length) continue;
    const key = variations.map((variation) => variation.variationRowId).join('|');
    const set = sets.get(key) ?? { variations, pairs: [] };
    set.pairs.push(asked.get(pair.id)!);
    sets.set(key, set);
  }
  return [...sets.values()];
}

const who = (item: ChangeOnView) => `${item.experimentName} (${item.layerName === item.experimentName ? 'campaign of the same name' : `campaign ${item.layerName}`})`;

/** What names a clash between two experiments on a view, from either side. */
export const conflictKey = (experimentId: string, otherExperimentId: string, viewId: string) => `${[experimentId, otherExperimentId].sort().join('|')}|${viewId}`;

/** The sentence of one clash, in the product's words. */
function sentence(conflict: Omit<Conflict, 'message'>): string {
  const { experiment, other, viewName, overlaps } = conflict;
  const same = overlaps.filter((overlap) => overlap.kind === 'same');
  const first = same[0] ?? overlaps[0];
  // Found on the page with a variation applied: the element is not on the original page.
  const shown = first.shownWith ? `, with ${first.shownWith} applied (the element is not on the original page)` : '';
  if (same.length) return `${who(experiment)} and ${who(other)} both change ${[...new Set(same.map((overlap) => overlap.mine))].join(', ')} on view ${viewName}${shown}.`;
  return first.kind === 'inside'
    ? `${who(experiment)} changes ${first.mine}, inside ${first.theirs} (${first.labels[1]}) that ${who(other)} changes, on view ${viewName}${shown}.`
    : `${who(experiment)} changes ${first.mine} (${first.labels[0]}), around ${first.theirs} that ${who(other)} changes, on view ${viewName}${shown}.`;
}

/** The clashes a view's answers show, one per pair of experiments. */
export function conflictsOf(probe: ViewProbe, results: readonly ProbeAnswer[]): Conflict[] {
  const byKey = new Map<string, Omit<Conflict, 'message'>>();
  for (const result of results) {
    const pair = probe.pairs.find((item) => item.id === result.id);
    if (!pair || result.kind === 'none') continue;
    const key = conflictKey(pair.mine.experimentId, pair.theirs.experimentId, probe.pageId);
    const conflict = byKey.get(key) ?? { key, experiment: pair.mine, other: pair.theirs, viewId: probe.pageId, viewName: probe.name, overlaps: [] };
    conflict.overlaps.push({ mine: pair.mine.selectors.join(', '), theirs: pair.theirs.selectors.join(', '), kind: result.kind, labels: [result.a ?? '', result.b ?? ''], ...(result.shownWith ? { shownWith: result.shownWith } : {}) });
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
