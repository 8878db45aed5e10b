/**
 * Results next to each experiment (EDT-24): the collector's summary, read in process from the
 * services' event store, joined with the working copy's experiments, variations and events, the
 * sample-ratio-mismatch test against each experiment's configured traffic, each goal's sufficient
 * statistics (the renderer compares them with stats/), whether the experiment is live, and its pace.
 */
import type { ExperimentResult, ExperimentState, ExposedResult, GoalStatistics, ProjectResults, Revision, VariationResult } from '../../editor-model/api-contract';
import type { EventStatistics, ExposedSummary } from '../collector/contract';
import { sampleRatioTest, sharesFromRanges } from '../../editor-model/srm';
import type { EventStoreReader } from '../context';
import { workingData } from './publish';
import type { OpenProject } from './workspace';

type Obj = Record<string, unknown>;
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter((item): item is Obj => !!item && typeof item === 'object') : []);

const DAY = 86_400_000;

/** Where the experiment stands in the live revision (see {@link ExperimentState}). */
function stateOf(experimentId: string, live: Revision | undefined): ExperimentState {
  for (const layer of list(live?.data.layers)) {
    const found = list(layer.experiments).find((experiment) => String(experiment.id) === experimentId);
    if (found) return found.concluded === true || layer.concluded === true ? 'concluded' : 'live';
  }
  return live?.kind === 'rollback' ? 'rolled-back' : 'not-published';
}

/** The statistics the editor's API carries (the visitors are the variation's own). */
const goalStatistics = (statistics: Record<string, EventStatistics>): Record<string, GoalStatistics> =>
  Object.fromEntries(Object.entries(statistics).map(([key, { conversions, revenue, value }]) => [key, { conversions, ...(revenue && { revenue }), ...(value && { value }) }]));

/** A variation's exposed visitors per basis (ruling 24), as the editor's API carries them. */
export const exposedResults = (exposed: Record<string, ExposedSummary>): Record<string, ExposedResult> =>
  Object.fromEntries(
    Object.entries(exposed).map(([basis, { visitors, conversions, conversionsByEvent, statistics }]) => [basis, { visitors, conversions, byEvent: conversionsByEvent, statistics: goalStatistics(statistics) }]),
  );

/**
 * Visitors decided per day, from the first decision to now when the experiment is live (to its last
 * decision otherwise), over at least a day so that a first hour does not read as a day's traffic.
 */
function dailyVisitors(rows: Array<{ visitors: number; firstDecisionAt: number; lastDecisionAt: number }>, live: boolean, now: number): number | null {
  const visitors = rows.reduce((total, row) => total + row.visitors, 0);
  if (!visitors) return null;
  const first = Math.min(...rows.map((row) => row.firstDecisionAt));
  const last = Math.max(...rows.map((row) => row.lastDecisionAt));
  return visitors / Math.max(1, ((live ? Math.max(now, last) : last) - first) / DAY);
}

/**
 * Reads the project's summary from the event store and joins it with the working copy; `live` is the
 * live revision (none: nothing is published), `now` the time the pace is measured to.
 */
export async function projectResults(project: OpenProject, events: Pick<EventStoreReader, 'summary'>, live?: Revision, now = Date.now()): Promise<ProjectResults> {
  const { data } = workingData(project);
  const summary = await events.summary(project.meta.projectId);
  const byExperiment = new Map((summary.experiments ?? []).map((experiment) => [experiment.experimentId, experiment]));
  const experiments: ExperimentResult[] = [];
  for (const layer of list(data.layers)) {
    for (const experiment of list(layer.experiments)) {
      const variations = list(experiment.variations);
      const ids = variations.map((variation) => String(variation.id));
      const ranges = list(experiment.weightDistributions) as Array<{ entityId: string; endOfRange: number }>;
      const shares = ranges.length ? sharesFromRanges(ranges, ids) : ids.map((_, index) => (index === 0 ? 10000 : 0));
      const counted = new Map((byExperiment.get(String(experiment.id))?.variations ?? []).map((row) => [row.variationId, row]));
      const rows = variations.map((variation, index): VariationResult => {
        const row = counted.get(String(variation.id));
        return {
          variationId: String(variation.id),
          name: String(variation.name ?? variation.id),
          share: shares[index] / 100,
          visitors: row?.visitors ?? 0,
          decisions: row?.decisions ?? 0,
          conversions: row?.conversions ?? 0,
          byEvent: row?.conversionsByEvent ?? {},
          statistics: goalStatistics(row?.statistics ?? {}),
          exposed: exposedResults(row?.exposed ?? {}),
        };
      });
      const state = stateOf(String(experiment.id), live);
      const stored = [...counted.values()];
      experiments.push({
        experimentId: String(experiment.id),
        name: String(experiment.name ?? experiment.id),
        layerId: String(layer.id),
        variations: rows,
        srm: sampleRatioTest(rows.map((row) => row.visitors), shares),
        state,
        dailyVisitors: dailyVisitors(stored, state === 'live', now),
      });
    }
  }
  return {
    visitors: summary.visitors ?? 0,
    eventsByKey: summary.eventsByKey ?? {},
    events: list(data.events).map((event) => String(event.apiName ?? event.id)),
    eventNames: Object.fromEntries(list(data.events).map((event) => [String(event.apiName ?? event.id), String(event.name ?? event.apiName ?? event.id)])),
    experiments,
    live: live ? { revision: live.revision, kind: live.kind, ...(live.from !== undefined && { from: live.from }) } : null,
  };
}
