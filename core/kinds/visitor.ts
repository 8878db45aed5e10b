/**
 * The visitor and where it is kept: the storage plugin kind and the `visitor` module (runtime-spec §3
 * Visitor, §4 Sessions, §7 Storage; VIS, XDS).
 */

/**
 * Cookie names (runtime-spec §3 Cookie names, VIS-29), without the product prefix: the cookie storage
 * plugin adds `varia_` (so `optOut` is the cookie `varia_opt_out`). The sticky edge cookies are written
 * by an edge worker and only read here (VIS-28).
 */
export const COOKIE_NAMES = {
  optOut: 'opt_out',
  preview: 'preview',
  redirect: 'redirect',
  sessionState: 'session_state',
  session: 'session',
  token: 'token',
  visitorId: 'visitor_id',
  visitorUuid: 'visitor_uuid',
  edgeProfile: 'edge_profile',
  edgeVariationMap: 'edge_variation_map',
} as const;

/**
 * Local-storage keys (VIS-25), without the prefix the `local` storage plugin adds. The visitor plugin
 * writes profile, session state and behaviour; layer states are the decisions plugin's, pending events
 * the tracker's.
 */
export const STORAGE_KEYS = {
  profile: 'visitor_profile',
  layerStates: 'layer_states',
  sessionState: 'session_state',
  pendingEvents: 'pending_events',
  behaviour: 'behavior_events',
} as const;

/** Cookie lifetimes in seconds (runtime-spec §9, VIS-31, VIS-32, VIS-36). */
export const COOKIE_MAX_AGE = {
  /** Default lifetime, 180 days, refreshed automatically. */
  default: 15552000,
  /** The minimum a `cookieExpiration` call may set: 90 days. */
  minimum: 7776000,
  /** The opt-out cookie: ten years. */
  optOut: 315360000,
} as const;

/** Options of a storage write; cookie storage honours them, others ignore what does not apply. */
export interface StorageWriteOptions {
  /** Lifetime in seconds (cookies: max-age). */
  maxAge?: number;
  /** Cookie domain (default: the configured cookie domain). */
  domain?: string;
  /**
   * Called with the catalogue's message when a write that `write` accepted turns out not to be stored.
   * Cookie writes are verified after the current task (one read-back for all of them), so a refusal
   * the browser makes silently is known only then; it is also reported as a PluginError.
   */
  failed?: (problem: string) => void;
}

/**
 * A storage back end, registered under its name: `local` (localStorage under the product prefix),
 * `session` (sessionStorage), `cookie`, `cross-domain` (the hidden frame). Keys are given without the
 * product prefix (a key that already starts with `varia_` is used as is); the plugin adds it. Values
 * are JSON-able for local/session/cross-domain and strings for cookies (a non-string cookie value is
 * written as JSON). No method throws: an unavailable or full store keeps values in memory, answers
 * false from `write`, and logs the catalogue's message once.
 */
export interface StorageKind {
  /** The stored value, or undefined when absent, unreadable or corrupt. */
  read(key: string): unknown;
  /**
   * Stores the value; false when it could not be stored. Cookies: false when the write failed at once;
   * a cookie the browser refuses silently is found by reading it back after the current task, then
   * reported and passed to `options.failed`.
   */
  write(key: string, value: unknown, options?: StorageWriteOptions): boolean;
  /** Removes the value. */
  remove(key: string): void;
}

/** A custom attribute's value with its metadata (VIS-2). */
export interface AttributeEntry {
  value: unknown;
  /** When it was last set, ms since the epoch. */
  lastModified: number;
  /** Attribute id in project data, when known. */
  id?: string;
}

/** The visitor's session (VIS-4, ruling 9). */
export interface VisitorSession {
  /** Time of the first event of the session, ms since the epoch (VIS-13). */
  sessionId: number;
  /** Last time the session was used (refreshed on each use, VIS-15). */
  lastSessionTimestamp: number;
}

/** A behaviour event as stored, with its short keys (VIS-21). */
export interface BehaviourEvent {
  /** name */
  n: string;
  /** type: custom, click, pageview, or 'default' (VIS-23) */
  y: string;
  /** category, default 'other' */
  c: string;
  /** revenue */
  r?: number;
  /** options/tags */
  o?: Record<string, unknown>;
  /** time, ms since the epoch */
  t: number;
  /** session id */
  s: number;
  /** session index: 0 current, negative for older sessions (VIS-16) */
  si: number;
}

/** A stored contextual-bandit prediction (VIS-7, CMAB-10..17). */
export interface CmabEntry {
  variationId: string;
  /** Hash of the attributes the prediction was made with (CMAB-14). */
  attributesHash: string;
  /** When the prediction was made (CMAB-16: 24 hours). */
  createdAt: number;
  /** Last time it was used (CMAB-15: 30 minutes). */
  touchedAt: number;
  /** Set when the prediction must not be reused (CMAB-11, CMAB-17). */
  timedOut?: boolean;
  /** The cmabUUID sent with the prediction request. */
  uuid?: string;
}

/** Variation id per experiment id, per layer id (VIS-5). */
export type VariationIdMap = Record<string, Record<string, string>>;

/**
 * The `visitor` module (`get('visitor')`). Created by the visitor plugin; persisted through the
 * storage plugins, in memory when none can store.
 */
export interface VisitorModule {
  /**
   * Activation step 3: settles the visitor id (customer-provided id per `visitorIdLocator`, else the
   * stored random id, else a new one) and persists it. Returns false, and disables tracking (TRK-18),
   * when the id cannot be persisted.
   */
  identify(): boolean;
  /** The visitor id used for tracking; undefined before `identify`. */
  id(): string | undefined;
  /** The runtime's own random id. */
  randomId(): string | undefined;
  /** The id bucketing hashes (VIS-3); undefined before `identify`. */
  bucketingId(): string | undefined;
  /** Custom attributes with metadata, by attribute name. */
  attributes(): Readonly<Record<string, AttributeEntry>>;
  /** Sets custom attributes (the `user` push call); null removes one. Emits nothing. */
  setAttributes(values: Record<string, unknown>): void;
  /** The current session, created or refreshed by this call (VIS-14, VIS-15). */
  session(): VisitorSession;
  /** The first-session flag (VIS-18). */
  isFirstSession(): boolean;
  /** Activation step 5: merges stored and sticky edge-cookie variation maps into the visitor's map. */
  mergeStoredVariationMaps(): void;
  /** Sticky bucketing: the variation map per layer and experiment. */
  variationMap(): Readonly<VariationIdMap>;
  /** Records (or with null removes) the variation of an experiment in a layer. */
  setVariation(layerId: string, experimentId: string, variationId: string | null): void;
  /** Preferred layer per group id (VIS-6). */
  preferredLayerMap(): Readonly<Record<string, string>>;
  setPreferredLayer(groupId: string, layerId: string | null): void;
  /** Stored bandit predictions per experiment id (VIS-7). */
  cmabMap(): Readonly<Record<string, CmabEntry>>;
  setCmab(experimentId: string, entry: CmabEntry | null): void;
  /** Segments from the audience-data provider (VIS-8). */
  segments(): readonly string[];
  setSegments(segments: readonly string[]): void;
  /** Behaviour events, oldest first, the newest 1000 kept (VIS-24); session indexes are current. */
  behaviourEvents(): readonly BehaviourEvent[];
  /** Records a behaviour event (defaults: type 'default', category 'other'). */
  recordBehaviour(event: { name: string; type?: string; category?: string; revenue?: number; tags?: Record<string, unknown>; time?: number }): void;
  /** Whether the visitor opted out (parameter, cookie or `optOut` call, VIS-35). */
  optedOut(): boolean;
  /** The tracker's pending events as stored (VIS-9: the visitor's event queue); read only. */
  eventQueue(): readonly unknown[];
}
