/**
 * What every route module receives besides the router: where things are on disk. Later
 * services (collector database, editor backend) add their fields here.
 */

/** Shared, read-only settings of one running services instance. */
export interface ServicesContext {
  /** Absolute path of dist/snippets/, where `npm run build:snippets` writes. */
  readonly snippetsDir: string;
}
