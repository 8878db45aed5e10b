/**
 * Results next to each experiment (EDT-24): the collector's summary (`GET /v1/summary`, read over
 * loopback HTTP so the editor depends only on the collector's public API) joined with the working
 * copy's experiments, variations and events, and the sample-ratio-mismatch test against each
 * experiment's configured traffic.
 */
import { sampleRatioTest, sharesFromRanges, type SampleRatioResult } from '../../desktop/shared/srm';
import { workingData } from './publish';
import type { OpenProject } from './workspace';

/** Results of one variation. */
export interface VariationResult {
  variationId: string;
  name: string;
  /** Configured share of traffic, in percent. */
  share: number;
  /** Distinct visitors with a decision for it. */
  visitors: number;
  decisions: number;
  /** Converting visitors, any goal event. */
  conversions: number;
  /**
   * Conversions per event api name: visitors decided into the variation who then sent that event
   * (the collector's `conversionsByEvent`); an event nobody sent after a decision is absent (0).
   */
  byEvent: Record<string, number>;
}

/** Results of one experiment. */
export interface ExperimentResult {
  experimentId: string;
  name: string;
  layerId: string;
  variations: VariationResult[];
  srm: SampleRatioResult;
}

/** The results screen's data. */
export interface ProjectResults {
  /** Visitors with any event. */
  visitors: number;
  /** Every event the collector counted for the project, by key. */
  eventsByKey: Record<string, number>;
  /** The project's own events (api names), in the project's order. */
  events: string[];
  /** Each of the project's events' name for people, by api name. */
  eventNames: Record<string, string>;
  experiments: ExperimentResult[];
}

interface SummaryVariation { variationId: string | null; visitors: number; decisions: number; conversions: number; conversionsByEvent?: Record<string, number> }
interface Summary { visitors?: number; eventsByKey?: Record<string, number>; experiments?: Array<{ experimentId: string; variations: SummaryVariation[] }> }

type Obj = Record<string, unknown>;
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter((item): item is Obj => !!item && typeof item === 'object') : []);

/** Reads the summary from the collector at `baseUrl` and joins it with the working copy. */
export async function projectResults(project: OpenProject, baseUrl: string): Promise<ProjectResults> {
  const { data } = workingData(project);
  const response = await fetch(`${baseUrl}/v1/summary?projectId=${encodeURIComponent(project.meta.projectId)}`);
  const summary = (response.ok ? await response.json() : {}) as Summary;
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
