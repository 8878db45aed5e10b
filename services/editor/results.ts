/**
 * Results next to each experiment (EDT-24): the collector's summary, read in process from the
 * services' event store, joined with the working copy's experiments, variations and events, and the
 * sample-ratio-mismatch test against each experiment's configured traffic.
 */
import type { ExperimentResult, ProjectResults, VariationResult } from '../../editor-model/api-contract';
import { sampleRatioTest, sharesFromRanges } from '../../editor-model/srm';
import type { EventStoreReader } from '../context';
import { workingData } from './publish';
import type { OpenProject } from './workspace';

type Obj = Record<string, unknown>;
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter((item): item is Obj => !!item && typeof item === 'object') : []);

/** Reads the project's summary from the event store and joins it with the working copy. */
export async function projectResults(project: OpenProject, events: EventStoreReader): Promise<ProjectResults> {
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
        };
      });
      experiments.push({
        experimentId: String(experiment.id),
        name: String(experiment.name ?? experiment.id),
        layerId: String(layer.id),
        variations: rows,
        srm: sampleRatioTest(rows.map((row) => row.visitors), shares),
      });
    }
  }
  return {
    visitors: summary.visitors ?? 0,
    eventsByKey: summary.eventsByKey ?? {},
    events: list(data.events).map((event) => String(event.apiName ?? event.id)),
    eventNames: Object.fromEntries(list(data.events).map((event) => [String(event.apiName ?? event.id), String(event.name ?? event.apiName ?? event.id)])),
    experiments,
  };
}
