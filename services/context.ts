/**
 * What every route module receives besides the router: where things are on disk. Later
 * services (collector database, editor backend) add their fields here.
 */
import type { ProjectSummary, VariationOutcome } from './collector/contract';

export type { VariationOutcome } from './collector/contract';

/** What other services read from the collector's event store, in process (whichever engine keeps it). */
export interface EventStoreReader {
  /** Per variation of the experiment: visitors and conversions. */
  variationOutcomes(experimentId: string): Promise<VariationOutcome[]>;
  /** The project's summary and its results' statistics, as `GET /v1/summary` answers it. */
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
  /** The collector's database when it is not the SQLite file of `dataDir`: a `postgres://` address or a SQLite file path. */
  readonly database?: string;
}
