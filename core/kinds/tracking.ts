/**
 * Tracking: the tracker and event-implementation plugin kinds, the `tracker` and `utils` modules and
 * the tracking events other plugins emit (runtime-spec §3 Tracker batch, §4 Tracker, §5 Tracking
 * events, §7 Network; TRK, NET, ruling 12).
 */
import type { EventDefinition } from '../project/types';

/**
 * Sends what the runtime tracks. It works from events it listens to in `setup` (layerDecided,
 * pageActivated, `tracking` events) and from the push calls it defines (`event`, `sendEvents`,
 * `holdEvents`...). No methods of its own: the `tracker` module is its interface.
 */
export type TrackerKind = Record<never, never>;

/**
 * Listens for one goal event type on the page (`click`, `pageview`, `engagement`...), registered
 * under that type. The pages module attaches it when the event's page activates and calls the
 * returned function on deactivation (PAG-16, PAG-17). `fire` pushes the event for tracking.
 */
export interface EventImplementationKind {
  attach(event: EventDefinition, fire: (tags?: Record<string, unknown>) => void, win: Window & typeof globalThis): () => void;
}

/** Data of the `tracking` event named 'eventTracked': an accepted event, whether or not it is sent. */
export interface TrackedEventData {
  /** The event's apiName (or the page's apiName for a pageview). */
  name: string;
  /** custom, click, pageview, engagement, or 'default'. */
  type: string;
  category?: string;
  revenue?: number;
  tags?: Record<string, unknown>;
  time: number;
  /** The event uuid in the batch. */
  uuid: string;
}

/**
 * Data of the `tracking` event named 'exposure' (ruling 24): on this page the visitor, decided into
 * `variationId`, could see what `basis` changes. `basis` is the visitor's own variation when all its
 * changes for the page were applied (or, for a variation without changes, at its decision); another
 * variation of the experiment when all of that variation's element selectors matched the page
 * (counterfactual: nothing was changed). Tracked as an event of type `exposure`.
 */
export interface ExposureData {
  experimentId: string;
  variationId: string;
  basis: string;
}

/** The `tracker` module (`get('tracker')`). */
export interface TrackerModule {
  /** Sends what is pending now; with `beacon`, through the beacon (page hide, unload, redirect). */
  flush(options?: { beacon?: boolean }): void;
  /** Whether tracking is currently allowed (TRK-4, bots, opt-out, disabled, visitor id persisted). */
  enabled(): boolean;
  /** How many pending events (batches not yet acknowledged by the collector) are kept. */
  pending(): number;
}

/** Options of the generic request (NET-1..6). */
export interface RequestOptions {
  url: string;
  /** Default GET. */
  method?: string;
  /** Serialised as JSON, sent as text/plain. */
  data?: unknown;
  withCredentials?: boolean;
  headers?: Record<string, string>;
  /** Abort after this many ms. */
  timeout?: number;
}

/** The answer of the generic request. */
export interface RequestResponse {
  status: number;
  text: string;
}

/** The public `utils` module (`get('utils')`). */
export interface UtilsModule {
  request(options: RequestOptions): Promise<RequestResponse>;
  /** Calls `check` every `interval` ms (default 50) up to `attempts` times (default 100); rejects 'Poll timed out'. */
  poll<T>(check: () => T | undefined | null | false, options?: { interval?: number; attempts?: number }): Promise<T>;
  /**
   * Loads a script by GET (NET-7, NET-8): appended to <head>, resolving on load, rejecting on error; with
   * `sync`, written into the document while it is still parsing, else rejected 'Aborting attempt to write
   * to already-loaded document' (NET-10). A URL containing a double quote is refused (NET-9).
   */
  loadScript(src: string, options?: { sync?: boolean }): Promise<void>;
}

/** A batch attribute (TRK-32; short keys e, k, t, v). */
export interface BatchAttribute {
  entity_id: string | null;
  key: string;
  type: string;
  value: unknown;
}

/** A batch decision (TRK-33; short keys c, x, h, v, m). */
export interface BatchDecision {
  campaign_id: string;
  experiment_id: string | null;
  is_campaign_holdback: boolean;
  variation_id: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * A batch event (TRK-31; short keys e, k, q, $, a, p, t, u, v, y). `type` is `campaign_activated`
 * (a decision), `view_activated` (a page view), `client_activation`, or the event definition's type.
 */
export interface BatchEvent {
  entity_id: string | null;
  key?: string;
  timestamp: number;
  uuid: string;
  type: string;
  tags?: Record<string, unknown>;
  revenue?: number;
  quantity?: number;
  value?: number;
  properties?: Record<string, unknown>;
}

/** A snapshot: decisions and the events made under them (TRK-29). */
export interface BatchSnapshot {
  decisions: BatchDecision[];
  events: BatchEvent[];
}

/** A batch visitor (TRK-28); `session_id` is always 'AUTO' (ruling 10). */
export interface BatchVisitor {
  visitor_id: string;
  session_id: string;
  attributes: BatchAttribute[];
  snapshots: BatchSnapshot[];
}

/** A tracker batch as POSTed to `{host}/v1/events` (TRK-26), long-key form. */
export interface TrackerBatch {
  account_id: string;
  anonymize_ip: boolean;
  client_name: string;
  client_version: string;
  project_id: string;
  revision: string;
  enrich_decisions: boolean;
  visitors: BatchVisitor[];
}

/** A pending event: a batch sent by a retryable request, kept until the collector answers 2xx (TRK-35). */
export interface PendingEvent {
  id: string;
  timeStamp: number;
  data: TrackerBatch;
  retryCount: number;
}

/**
 * Short key to long name, per record kind (ruling 12). The tracker writes the short form when its
 * `shortKeys` option is on; the collector accepts both and normalises to the long form.
 */
export const BATCH_SHORT_KEYS = {
  attribute: { e: 'entity_id', k: 'key', t: 'type', v: 'value' },
  decision: { c: 'campaign_id', x: 'experiment_id', h: 'is_campaign_holdback', v: 'variation_id', m: 'metadata' },
  event: {
    e: 'entity_id',
    k: 'key',
    q: 'quantity',
    $: 'revenue',
    a: 'tags',
    p: 'properties',
    t: 'timestamp',
    u: 'uuid',
    v: 'value',
    y: 'type',
  },
} as const;
