/**
 * Audiences: the matcher and profile-provider plugin kinds and the `audiences` module (runtime-spec
 * §3 Audience, §4 Campaign decision 2 and 6, §5; AUD, rulings 6-8).
 */
import type { AudienceCondition, AudienceConditions, AudienceIdExpression, ProjectData } from '../project/types';

/**
 * The visitor-profile fields known so far, by field name. A field still being fetched (geolocation,
 * audience-data segments...) holds a promise; matchers never see a promise: the evaluator waits for
 * the fields a matcher declares, up to the layer's activation timeout, and then passes what it has.
 */
export type ProfileFields = Readonly<Record<string, unknown>>;

/**
 * Evaluates one audience condition type, registered under that type (`custom_attribute`, `device`,
 * `location`, `time_and_day`, `first_session`, `source_type`, `referrer`, `query`, `cookies`, `url`,
 * `list`, `segment`, `behavior`...). Returns true, false, or null when it cannot tell (ruling 6, 7).
 * Never throws: a malformed condition is caught by `validate` at build time, and at run time gives null.
 */
export interface AudienceMatcherKind {
  /** Profile fields the matcher reads (AUD-3); the evaluator waits for pending ones. */
  fields?: readonly string[];
  match(condition: AudienceCondition, profile: ProfileFields): boolean | null;
  /**
   * Optional: `condition` compiled once per project data into a predicate over the profile (names looked
   * up, the match type picked, patterns and ranges parsed), which the audiences module calls instead of
   * `match` on every evaluation. It must answer what `match(condition, profile)` answers for every profile;
   * the module still waits for the pending `fields` first and reports a throwing predicate like `match`.
   */
  compile?(condition: AudienceCondition, data: ProjectData): (profile: ProfileFields) => boolean | null;
  /**
   * Validation of one condition of this type (regex syntax and safety, ranges, behaviour rules, attribute
   * lookups...), run by the audiences plugin's project rule when the project is prepared. Returns the
   * problems (none: undefined or []): a message is an error, `{ message, warning: true }` a warning.
   * Never throws.
   */
  check?(condition: AudienceCondition, data: ProjectData): ConditionProblem | readonly ConditionProblem[] | undefined;
}

/** A problem a matcher finds in a condition: a message (an error) or a warning. */
export type ConditionProblem = string | { message: string; warning?: boolean };

/** Supplies visitor-profile fields (device, location, source type, segments...), registered under a name. */
export interface ProfileProviderKind {
  /** The fields it supplies. */
  fields: readonly string[];
  /**
   * Called at activation step 6 (`audiences.load`). Returns the field values; a value may be a
   * promise for a field that arrives later.
   */
  provide(): ProfileFields;
}

/** Options of an audience evaluation. */
export interface QualifyOptions {
  /** How long to wait for pending fields, in ms (the layer's activation timeout; default 2000). */
  timeout?: number;
  /** Forced audience ids (force-audience parameter): these audiences qualify and no others do (DEC-6). */
  forcedAudienceIds?: readonly string[];
}

/** The `audiences` module (`get('audiences')`), created by the audiences plugin. */
export interface AudiencesModule {
  /** Activation step 6: asks every profile provider for its fields (starting asynchronous ones). */
  load(): void;
  /** The profile fields known so far (pending ones as promises). */
  profile(): ProfileFields;
  /**
   * Whether the visitor qualifies for an experiment's audience expression (ruling 6: absent or empty
   * qualifies everyone, unknown does not qualify). Synchronous when every needed field is known,
   * which is the fast path; a promise when it has to wait for pending fields.
   */
  qualifies(audienceIds: AudienceIdExpression | undefined, options?: QualifyOptions): boolean | Promise<boolean>;
  /** The ids among `audienceIds` (flattened) the visitor is in, for the decision ticket (DEC-4). */
  matching(audienceIds: AudienceIdExpression | undefined, options?: QualifyOptions): string[] | Promise<string[]>;
  /** Evaluates a condition expression: true, false or null (unknown). */
  evaluate(conditions: AudienceConditions, options?: QualifyOptions): boolean | null | Promise<boolean | null>;
}

/**
 * The visitor-profile field names matchers and providers agree on (AUD-3). Values: `attributes` the
 * visitor's custom attributes (name -> AttributeEntry), `segments` string[], `behaviourEvents`
 * BehaviourEvent[], `firstSession` boolean (these four come from the visitor module); `userAgent` (at most
 * 350 characters), `device` (phone | tablet | desktop_laptop | other), `location` ({ country, region,
 * city, continent, dma, ip }, pending until the geolocation call answers), `time` ({ now, day, minutes }:
 * ms since the epoch, lowercase local day name, local minutes since midnight), `sourceType` (campaign |
 * search | referral | direct), `referrer`, `url`, `query` and `cookies` (name -> value), `listKeys`
 * (listTargetingKeys name -> value), `localStorage` / `sessionStorage` (readers: key -> stored text).
 */
export const PROFILE_FIELDS = {
  attributes: 'attributes',
  segments: 'segments',
  behaviourEvents: 'behaviourEvents',
  firstSession: 'firstSession',
  userAgent: 'userAgent',
  device: 'device',
  location: 'location',
  time: 'time',
  sourceType: 'sourceType',
  referrer: 'referrer',
  url: 'url',
  query: 'query',
  cookies: 'cookies',
  listKeys: 'listKeys',
  localStorage: 'localStorage',
  sessionStorage: 'sessionStorage',
} as const;

/** A location as the geolocation call yields it (AUD-16..18). */
export interface ProfileLocation {
  ip?: string;
  country?: string;
  region?: string;
  city?: string;
  continent?: string;
  dma?: string | number;
}

/** The `time` profile field. */
export interface ProfileTime {
  /** ms since the epoch, from the kernel clock. */
  now: number;
  /** Lowercase local day name (`monday`...). */
  day: string;
  /** Local minutes since midnight. */
  minutes: number;
}

/** Reads a stored value of the host page (its own key, not the runtime's prefixed ones); undefined when absent or unreadable. */
export type StorageReader = (key: string) => string | undefined;
