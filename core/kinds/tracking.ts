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

/** The `tracker` module (`get('tracker')`). */
export interface TrackerModule {
  /** Sends what is pending now; with `beacon`, through the beacon (page hide, unload, redirect). */
  flush(options?: { beacon?: boolean }): void;
  /** Whether tracking is currently allowed (TRK-4, bots, opt-out, disabled, visitor id persisted). */
  enabled(): boolean;
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
}
