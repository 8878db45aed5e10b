/**
 * What every route module receives besides the router: where things are on disk, what the services
 * trust, and the stores and backends `startServices` composed.
 */
import type { ProjectSummary } from './collector/store';
import type { EditorServices } from './editor/editor-services';
import type { ServicesSecurity } from './http/security';

/** Visitors and conversions of one variation of an experiment, as the collector has stored them. */
export interface VariationOutcome {
  variationId: string;
  /** Distinct visitors with a decision for this variation. */
  visitors: number;
  /** Distinct visitors of this variation who converted (any non-decision event after the decision). */
  conversions: number;
}

/** What other services read from the collector's event store, in process. */
export interface EventStoreReader {
  /** Per variation of the experiment: visitors and conversions. */
  variationOutcomes(experimentId: string): Promise<VariationOutcome[]>;
  /** A project's summary: visitors, events by key, and per experiment and variation the outcomes. */
  summary(projectId: string): Promise<ProjectSummary>;
}

/** Shared settings and stores of one running services instance. */
export interface ServicesContext {
  /** Absolute path of dist/snippets/, where `npm run build:snippets` writes. */
  readonly snippetsDir: string;
  /** The collector's event store (set by the collector routes when they start). */
  events?: EventStoreReader;
  /** Where the collector keeps its SQLite file: default `.data/` in the repository; null keeps it in memory. */
  readonly dataDir?: string | null;
  /** What the services trust (hosts, the editor's origin and session token). */
  readonly security: ServicesSecurity;
  /** The editor's backend (created by `startServices`). */
  readonly editor?: EditorServices;
}
