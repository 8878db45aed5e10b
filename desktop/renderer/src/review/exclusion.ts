/**
 * Making two clashing experiments mutually exclusive (issue 37): the runtime keeps the experiments of
 * one campaign apart (a visitor meets one of them), so the experiment moves into the other's campaign,
 * as one undoable edit, beside the experiment it clashes with. What that does to traffic is said in
 * words before it is done: the campaign's visitors are split between its experiments by its policy.
 */
import type { ProjectStore } from '../model/project-store';
import type { RowCells } from '../../../../editor-model/project-codec';
import { descendants, displayName, rowsOf } from '../model/entities';
import type { ProjectModel } from '../model/project-model';

type Item = { entityId: string; endOfRange: number | null } | string;
interface Metadata {
  experimentPriorities?: Item[][];
  experimentWeights?: Record<string, number>;
  offerConsistency?: boolean;
}

const POINTS = 10000;
const idOf = (item: Item) => (typeof item === 'string' ? item : item.entityId);
const metadataOf = (row: RowCells): Metadata => (row.decisionMetadata && typeof row.decisionMetadata === 'object' ? (row.decisionMetadata as Metadata) : {});
const experimentRow = (store: ProjectStore, experimentId: string) => rowsOf(store, 'experiments').find(({ rowId, row }) => String(row.id ?? rowId) === experimentId);
const percent = (points: number) => `${Math.round(points) / 100}%`;

/** The campaign's priority groups and weights once `moving` joins the group of `beside`. */
function joined(store: ProjectStore, layerRowId: string, moving: string, beside: string): { policy: string; metadata: Metadata; group: string[]; weighted: boolean } {
  const layer = store.getRow('layers', layerRowId) as RowCells;
  const metadata = metadataOf(layer);
  if (layer.policy !== 'equal_priority' || !metadata.experimentPriorities?.length) {
    // One experiment runs in a single-experiment campaign: it becomes one group where visitors are split equally.
    const group = [...rowsOf(store, 'experiments', layerRowId).map(({ rowId, row }) => String(row.id ?? rowId)), moving];
    return { policy: 'equal_priority', metadata: { experimentPriorities: [group.map((entityId) => ({ entityId, endOfRange: null }))], experimentWeights: {}, offerConsistency: false }, group, weighted: false };
  }
  const groups = metadata.experimentPriorities.map((group) => [...group]);
  const at = Math.max(0, groups.findIndex((group) => group.some((item) => idOf(item) === beside)));
  groups[at].push({ entityId: moving, endOfRange: null });
  const group = groups[at].map(idOf);
  const weights = { ...(metadata.experimentWeights ?? {}) };
  const weighted = group.slice(0, -1).every((id) => typeof weights[id] === 'number') && group.length > 1;
  if (weighted) {
    // The group's share of traffic stays what it was, now split equally between its experiments.
    const total = group.slice(0, -1).reduce((sum, id) => sum + weights[id], 0);
    group.forEach((id, index) => (weights[id] = Math.floor(total / group.length) + (index === 0 ? total % group.length : 0)));
  }
  return { policy: 'equal_priority', metadata: { ...metadata, experimentPriorities: groups, experimentWeights: weights }, group, weighted };
}

/** What moving the experiment into the other's campaign does to traffic, in words. */
export function exclusionConsequence(store: ProjectStore, experimentId: string, otherExperimentId: string): string {
  const mine = experimentRow(store, experimentId);
  const theirs = experimentRow(store, otherExperimentId);
  if (!mine || !theirs) return '';
  const layerRowId = String(theirs.row.layerId);
  const layer = store.getRow('layers', layerRowId) as RowCells;
  const before = metadataOf(layer);
  const plan = joined(store, layerRowId, experimentId, otherExperimentId);
  const name = (id: string) => `"${displayName(experimentRow(store, id)?.row, id)}"`;
  const campaign = `"${displayName(layer, layerRowId)}"`;
  const words = [`Visitors of campaign ${campaign} then meet one of its experiments, never two.`];
  if (layer.policy !== 'equal_priority') words.push(`It runs one experiment today; it becomes a campaign of equal priority whose visitors are split equally between ${plan.group.map(name).join(' and ')}.`);
  else if (plan.weighted) {
    const weights = plan.metadata.experimentWeights!;
    words.push(`In the group of ${name(otherExperimentId)}, visitors are split by weight: ${plan.group.map((id) => `${name(id)} ${percent(weights[id])}`).join(', ')} (${name(otherExperimentId)} had ${percent(before.experimentWeights?.[otherExperimentId] ?? POINTS)}).`);
  } else words.push(`In the group of ${name(otherExperimentId)}, eligible visitors are split equally between ${plan.group.map(name).join(' and ')}.`);
  const later = (plan.metadata.experimentPriorities ?? []).slice((plan.metadata.experimentPriorities ?? []).findIndex((group) => group.some((item) => idOf(item) === experimentId)) + 1).flat().map(idOf);
  const audiences = (mine.row.audienceIds as unknown[] | undefined) ?? [];
  if (!audiences.length && plan.weighted) {
    const others = plan.group.filter((id) => id !== experimentId).map(name).join(', ');
    words.push(`Visitors outside the audience of ${others} meet ${name(experimentId)} in ${percent(plan.metadata.experimentWeights![experimentId])} of cases and nothing of this campaign otherwise.`);
  }
  if (later.length && !audiences.length) words.push(`${name(experimentId)} targets everyone, so the campaign's later groups (${later.map(name).join(', ')}) are no longer reached.`);
  return words.join(' ');
}

/** Moves the experiment into the other's campaign, beside it, as one undoable edit; an emptied campaign is removed. */
export function moveIntoCampaign(model: ProjectModel, experimentId: string, otherExperimentId: string): void {
  const mine = experimentRow(model.store, experimentId);
  const theirs = experimentRow(model.store, otherExperimentId);
  if (!mine || !theirs) return;
  const target = String(theirs.row.layerId);
  const source = String(mine.row.layerId);
  model.edit(`Move experiment "${displayName(mine.row, mine.rowId)}" into campaign "${displayName(model.store.getRow('layers', target) as RowCells, target)}"`, (store) => {
    const plan = joined(store, target, experimentId, otherExperimentId);
    store.setCell('layers', target, 'policy', plan.policy);
    store.setCell('layers', target, 'decisionMetadata', plan.metadata as never);
    store.setCell('experiments', mine.rowId, 'layerId', target);
    const metadata = mine.row.experimentMetadata as Record<string, unknown> | undefined;
    if (metadata && typeof metadata === 'object' && 'layerId' in metadata) store.setCell('experiments', mine.rowId, 'experimentMetadata', { ...metadata, layerId: String((store.getRow('layers', target) as RowCells).id ?? target) } as never);
    // The experiment leaves its old campaign's priority groups; a campaign left with nothing is removed.
    const left = metadataOf(store.getRow('layers', source) as RowCells);
    if (left.experimentPriorities) {
      const { [experimentId]: _dropped, ...weights } = left.experimentWeights ?? {};
      const groups = left.experimentPriorities.map((group) => group.filter((item) => idOf(item) !== experimentId)).filter((group) => group.length);
      store.setCell('layers', source, 'decisionMetadata', { ...left, experimentPriorities: groups, experimentWeights: weights } as never);
    }
    if (!descendants(store, 'layers', source).length) store.delRow('layers', source);
  });
}
