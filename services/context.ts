/**
 * What every route module receives besides the router: where things are on disk, what the services
 * trust, and the stores and backends `startServices` composed (one place: the routes create nothing).
 */
import type { EventStore } from './collector/contract';
import type { EditorServices } from './editor/editor-services';
import type { ServicesSecurity } from './http/security';

export type { EventStoreReader, VariationOutcome } from './collector/contract';

/** Shared settings and stores of one running services instance. */
export interface ServicesContext {
  /** Absolute path of dist/snippets/, where `npm run build:snippets` writes. */
  readonly snippetsDir: string;
  /** The data folder (`.data/` by default); null when the services keep nothing on disk (tests). */
  readonly dataDir: string | null;
  /** What the services trust (hosts, the editor's origin and session token). */
  readonly security: ServicesSecurity;
  /** The collector's event store, open (either engine). */
  readonly events: EventStore;
  /** The editor's backend; absent when the services run the collector only. */
  readonly editor?: EditorServices;
}
