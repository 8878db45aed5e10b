/**
 * What every route module receives besides the router: where things are on disk. Later
 * services (collector database, editor backend) add their fields here.
 */

/** Visitors and conversions of one variation of an experiment, as the collector has stored them. */
export interface VariationOutcome {
  variationId: string;
  /** Distinct visitors with a decision for this variation. */
  visitors: number;
  /** Distinct visitors of this variation who converted (any non-decision event after the decision). */
  conversions: number;
}

/** What other services read from the collector's event store. */
export interface EventStoreReader {
  /** Per variation of the experiment: visitors and conversions. */
  variationOutcomes(experimentId: string): Promise<VariationOutcome[]>;
}

/** Shared settings and stores of one running services instance. */
export interface ServicesContext {
  /** Absolute path of dist/snippets/, where `npm run build:snippets` writes. */
  readonly snippetsDir: string;
  /** The collector's event store (set by the collector routes when they start). */
  events?: EventStoreReader;
  /** Where the collector keeps its SQLite file: default `.data/` in the repository; null keeps it in memory. */
  readonly dataDir?: string | null;
}
