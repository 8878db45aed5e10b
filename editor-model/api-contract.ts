/**
 * The editor's HTTP API, declared once (EDT-1..13, EDT-24): every route's method, path, parameters,
 * body and answer. The services register their handlers from this table (services/editor/api-routes.ts,
 * which the type checker holds to each route's answer type) and the renderer calls it through one
 * client (desktop/renderer/src/model/backend.ts), which builds and encodes every path from here.
 *
 * Parameters and bodies are checked at the boundary with the checks declared here, so a handler only
 * ever sees well-formed input, and a malformed request is a 4xx with its reason. No dependency on Node,
 * the DOM or React.
 */
import type { ValidationProblem } from '../core/project';
import { type Check, either, isBoolean, isPositiveInteger, isRecord, listOf, matching, oneOf, optional, shape, text } from './checks';
import type { EntityDiff } from './project-diff';
import type { SampleRatioResult } from './srm';

/** The header and WebSocket subprotocol prefix that carry the editor's session token. */
export const SESSION_HEADER = 'X-Varia-Session';
export const SESSION_PROTOCOL_PREFIX = 'varia-session.';
/**
 * The `code` of a refusal for a missing or wrong session token (the services restarted since the page
 * loaded): the editor reads its page again for the current token and retries.
 */
export const SESSION_REFUSED = 'session';
/** The meta tags of the editor's page: the session token and the origin the canvas loads pages from. */
export const SESSION_META = 'varia-session';
export const CANVAS_ORIGIN_META = 'varia-canvas-origin';

/** A project id: lower-case letters, digits, `-` and `_`, 1 to 64 characters (it names the snippet file). */
export const PROJECT_ID_PATTERN = /^[a-z0-9_-]{1,64}$/;
/** Whether `value` is a valid project id (the one rule of the API, the workspace and the publish). */
export const isProjectId = (value: unknown): value is string => typeof value === 'string' && PROJECT_ID_PATTERN.test(value);
/** The reason given for an invalid project id. */
export const PROJECT_ID_RULE = 'a project id: 1 to 64 lower-case letters, digits, "-" or "_"';

/** Largest body of a save (the working copy's whole mergeable content) and largest working copy, in bytes. */
export const MAX_WORKING_COPY_BYTES = 8 * 1024 * 1024;
/** Largest body of any other request, in bytes. */
export const MAX_REQUEST_BYTES = 256 * 1024;
/** Largest custom code sent for a preview, in characters. */
export const MAX_PREVIEW_CODE = 200_000;
/** Longest publish or rollback note, in characters. */
export const MAX_NOTE = 2000;

// --- Answers -------------------------------------------------------------------------------------

/** Sizes in bytes of a built snippet: raw, gzip (level 9) and brotli (quality 11). */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** What the editor keeps about a project besides its working copy. */
export interface ProjectMeta {
  projectId: string;
  /** Readable name shown in the project list. */
  name: string;
  /** `config/<name>/project.ts` for a project from config/, null for one created in the editor. */
  source: string | null;
  /** ISO time the editor first opened or created it. */
  createdAt: string;
}

/** A project as the project list shows it. */
export interface ProjectListing extends ProjectMeta {
  /** The live (latest published) revision number, if any. */
  liveRevision: number | null;
  /** Whether the working copy exists yet (a config project not yet opened has none). */
  opened: boolean;
}

/** A project's info: its meta, live revision and the notice of a restored working copy. */
export interface ProjectInfo extends ProjectMeta {
  liveRevision: number | null;
  /** Set when the working copy file could not be read and was restored (says from what). */
  notice: string | null;
}

/** A project's info and its working copy's whole mergeable content, so the tree renders from one answer. */
export interface ProjectOpening extends ProjectInfo {
  /** The backend's working copy (TinyBase mergeable content). */
  content: unknown;
}

/** The answer of a save. */
export interface SaveAnswer {
  saved: true;
  /** ISO time of the save. */
  time: string;
}

/** A validation problem with the working-copy row it concerns. */
export interface LinkedProblem extends ValidationProblem {
  /** The table and row of the entity (`settings`/`project` for project-wide problems). */
  table: string;
  rowId: string;
  /** The field inside the entity the problem is about, as a path (`staticConditions[2].value`). */
  field?: string;
}

/** What the review shows before a publish (EDT-12). */
export interface Review {
  /** The live revision number (null before any). */
  liveRevision: number | null;
  /** The number the next publish will get. */
  nextRevision: number;
  /** Working copy against live, entity by entity. */
  diff: EntityDiff[];
  problems: LinkedProblem[];
  /** Whether publishing is allowed (no errors). */
  valid: boolean;
  /** Sizes of the snippet the working copy builds to, when it is valid. */
  sizes: Sizes | null;
  /** Sizes of the live snippet. */
  liveSizes: Sizes | null;
  /** The build's error message, when a valid project still failed to build. */
  buildError?: string;
}

/** How a revision came to be. */
export type RevisionKind = 'import' | 'publish' | 'rollback';

/**
 * A clash between two experiments of different campaigns on one view that the publisher chose to run
 * anyway (issue 37): found on the page at review, acknowledged there, recorded on the revision.
 */
export interface AcknowledgedConflict {
  /** The experiment whose changes since live meet the other's. */
  experimentId: string;
  /** The other campaign's experiment. */
  otherExperimentId: string;
  /** The view (page id) they clash on. */
  viewId: string;
  /** The clash in the product's words, as review showed it. */
  description: string;
}

/** A revision without its payload, as the history lists it. */
export interface RevisionSummary {
  /** The revision's number, assigned by the services from their history (the data's `revision`). */
  revision: number;
  kind: RevisionKind;
  /** The author's note. */
  note: string;
  /** ISO time it was made. */
  time: string;
  /** Sizes of the built snippet (null when none was built, e.g. an import without a built snippet). */
  sizes: Sizes | null;
  /** For a rollback: the revision whose data it republished. */
  from?: number;
  /** Clashes with other campaigns the publisher chose to run anyway (issue 37). */
  acknowledgedConflicts?: AcknowledgedConflict[];
}

/** A whole revision: the summary, the project data (functions as `{ $fn }`) and the built snippet. */
export interface Revision extends RevisionSummary {
  data: Record<string, unknown>;
  snippet: string | null;
}

/** Where a publish's time went, in milliseconds (returned with its summary, not stored). */
export interface PublishTimings {
  /** Reading the live revision and validating (the runtime's rules with the publish's plugins). */
  check: number;
  /** Writing the project module and bundling it with esbuild. */
  bundle: number;
  /** terser, in the worker (a review's build of the same code is reused). */
  minify: number;
  /** Installing the snippet and its parts in the served folder, then recording the revision. */
  write: number;
}

/** What a publish or a rollback answers: the new revision's summary and where the time went. */
export type PublishResult = RevisionSummary & { timings: PublishTimings };

/** What a refused publish answers (422): the reason and the problems, linked to their rows. */
export interface PublishRefusal {
  error: string;
  problems: LinkedProblem[];
}

/**
 * Sums over a variation's visitors of one number each: that visitor's total of a field (revenue or
 * value) over the goal event's sends after their decision, 0 for a visitor who sent none. With the
 * variation's `visitors` as n: mean `sum / n`, variance `(sumOfSquares - sum² / n) / (n - 1)`.
 */
export interface ValueTotals {
  sum: number;
  sumOfSquares: number;
}

/** One goal event in one variation: the sufficient statistics of its proportion and its values. */
export interface GoalStatistics {
  /** Visitors decided into the variation who then sent the event (each once). */
  conversions: number;
  /** Per-visitor revenue sums; absent when no such event carried a revenue. */
  revenue?: ValueTotals;
  /** Per-visitor value sums; absent when no such event carried a value. */
  value?: ValueTotals;
}

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
  /** Conversions per event api name (visitors decided into the variation who then sent it); absent is 0. */
  byEvent: Record<string, number>;
  /** Per goal event api name: the statistics of the results' comparisons; absent is no conversion. */
  statistics: Record<string, GoalStatistics>;
  /**
   * Ruling 24: per basis variation id, this variation's visitors exposed on it (that variation's
   * changes applied for them, or its selectors matched their page), counted from their first such
   * exposure; absent: none. The comparison of the control with variation X takes both sides' `exposed[X]`.
   */
  exposed: Record<string, ExposedResult>;
}

/** A variation's visitors exposed on one basis (ruling 24), and what they did from their first exposure. */
export interface ExposedResult {
  visitors: number;
  /** Converting visitors, any goal event. */
  conversions: number;
  /** Conversions per event api name; absent is 0. */
  byEvent: Record<string, number>;
  /** Per goal event api name, as {@link VariationResult.statistics}. */
  statistics: Record<string, GoalStatistics>;
}

/**
 * Whether an experiment runs for visitors: `live` (in the live revision), `concluded` (in it, marked
 * concluded), `not-published` (in the working copy only, or no revision yet), `rolled-back` (the live
 * revision is a rollback to one without it).
 */
export type ExperimentState = 'live' | 'concluded' | 'not-published' | 'rolled-back';

/** Results of one experiment. */
export interface ExperimentResult {
  experimentId: string;
  name: string;
  layerId: string;
  variations: VariationResult[];
  srm: SampleRatioResult;
  state: ExperimentState;
  /**
   * Visitors decided into the experiment per day, all variations together, from its first decision to
   * now (at least one day); null before its first visitor.
   */
  dailyVisitors: number | null;
}

/** The results screen's data (EDT-24). */
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
  /** The live revision (null before any): its number, kind, and for a rollback the revision it republished. */
  live: { revision: number; kind: RevisionKind; from?: number } | null;
}

/**
 * The Results tab's chart (issue 38): one experiment's figures for one goal at the end of each day (UTC)
 * since its first counted visitor, cumulative, per variation and basis (`basisId` null: the variation's
 * decided visitors; else its visitors exposed on that basis, ruling 24). Index i is day `firstDay + i`.
 */
export interface DailyResults {
  /** Whole days since 1970 (UTC) of the first list entry; null before the first visitor. */
  firstDay: number | null;
  days: number;
  series: Array<{
    variationId: string | null;
    basisId: string | null;
    visitors: number[];
    /** Visitors who sent the goal by the end of each day. */
    conversions: number[];
    /** Sums over visitors of their totals of the goal's revenue (value) by then; null until some event carried one. */
    revenue: Array<ValueTotals | null>;
    value: Array<ValueTotals | null>;
  }>;
}

/** The query of the daily results: the experiment, and the goal (an event api name; absent or empty: any goal event). */
export interface DailyQuery {
  experiment: string;
  goal?: string;
}

/** A preview link of the working copy: the token the page's bootstrap asks its data with, and until when it works. */
export interface PreviewLink {
  token: string;
  expiresAt: string;
}

/** The answer of a preview-code registration: the id the agent loads it by, or why it does not compile. */
export type PreviewCodeAnswer = { id: string; error?: undefined } | { id?: undefined; error: string };

// --- Requests ------------------------------------------------------------------------------------

/** Body of `createProject`. */
export interface CreateProjectBody {
  projectId: string;
  accountId?: string;
  name?: string;
}
/** Body of `saveProject`: this window's mergeable content, merged into the backend's copy first. */
export interface SaveBody {
  content?: unknown;
}
/** Body of `publish`. */
export interface PublishBody {
  note?: string;
  /** The clashes review found and the publisher chose to run anyway, recorded on the revision. */
  acknowledgedConflicts?: AcknowledgedConflict[];
}
/** Body of `rollback`. */
export interface RollbackBody {
  revision: number;
  note?: string;
  /** Whether the working copy becomes the rolled-back revision's data too (default true). */
  followWorkingCopy?: boolean;
}
/** Body of `previewLink`: the variations the link forces. */
export interface PreviewLinkBody {
  variationIds: string[];
}
/** Body of `previewCode`. */
export interface PreviewCodeBody {
  code: string;
}
/** Query of `diff`: each side `working`, `live` or a revision number. */
export interface DiffQuery {
  from?: string;
  to?: string;
}

/** A mergeable content's outline: `[tables, values]`, each a stamp `[thing, time, hash]` (TinyBase). */
const isStamp: Check = (value, path) =>
  Array.isArray(value) && value.length >= 2 && isRecord(value[0]) && typeof value[1] === 'string'
    ? undefined
    : `${path} must be a TinyBase stamp [thing, time, hash]`;
const isMergeableContent: Check = (value, path) =>
  Array.isArray(value) && value.length === 2 ? isStamp(value[0], `${path}[0]`) ?? isStamp(value[1], `${path}[1]`) : `${path} must be a TinyBase mergeable content [tables, values]`;

const projectIdField = matching(PROJECT_ID_PATTERN, PROJECT_ID_RULE);
const note = optional(text(MAX_NOTE));
const entityId = matching(/^[\w.-]{1,200}$/, 'an entity id');
const acknowledgedConflict = shape({ experimentId: entityId, otherExperimentId: entityId, viewId: entityId, description: text(1000) });
const diffSide = optional(either(oneOf('working', 'live'), matching(/^[1-9]\d{0,7}$/, 'working, live or a revision number')));

// --- Routes --------------------------------------------------------------------------------------

/** The `:name` parameters of a path pattern, as a union of names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** One route: its method, path pattern, body and query checks, and (as types only) its body and answer. */
export interface RouteSpec<Path extends string = string, Body = unknown, Answer = unknown, Query = unknown> {
  readonly method: 'GET' | 'POST';
  readonly path: Path;
  /** Checks the body of a POST; a route without one takes no body (an empty one is `{}`). */
  readonly body?: Check;
  /** Largest body accepted, in bytes (default {@link MAX_REQUEST_BYTES}). */
  readonly limit?: number;
  /** Checks of the query parameters by name. */
  readonly query?: Readonly<Record<string, Check>>;
  /** Types only: never set. */
  readonly types?: { body: Body; answer: Answer; query: Query };
}

const get = <Answer, Query = Record<string, never>>() => <const Path extends string>(path: Path, query?: Record<string, Check>): RouteSpec<Path, undefined, Answer, Query> =>
  ({ method: 'GET', path, query });
const post = <Body, Answer>() => <const Path extends string>(path: Path, body: Check, limit?: number): RouteSpec<Path, Body, Answer> =>
  ({ method: 'POST', path, body, limit });

/** Every route of the editor's API. */
export const EDITOR_API = {
  listProjects: get<ProjectListing[]>()('/api/editor/projects'),
  createProject: post<CreateProjectBody, ProjectMeta>()(
    '/api/editor/projects',
    shape({ projectId: projectIdField, accountId: optional(text(200)), name: optional(text(200)) }),
  ),
  projectInfo: get<ProjectInfo>()('/api/editor/projects/:id'),
  openProject: get<ProjectOpening>()('/api/editor/projects/:id/open'),
  saveProject: post<SaveBody, SaveAnswer>()('/api/editor/projects/:id/save', shape({ content: optional(isMergeableContent) }), MAX_WORKING_COPY_BYTES),
  review: get<Review>()('/api/editor/projects/:id/review'),
  publish: post<PublishBody, PublishResult>()('/api/editor/projects/:id/publish', shape({ note, acknowledgedConflicts: optional(listOf(acknowledgedConflict, 200)) })),
  rollback: post<RollbackBody, PublishResult>()('/api/editor/projects/:id/rollback', shape({ revision: isPositiveInteger, note, followWorkingCopy: optional(isBoolean) })),
  revisions: get<RevisionSummary[]>()('/api/editor/projects/:id/revisions'),
  revision: get<Revision>()('/api/editor/projects/:id/revisions/:revision'),
  diff: get<EntityDiff[], DiffQuery>()('/api/editor/projects/:id/diff', { from: diffSide, to: diffSide }),
  results: get<ProjectResults>()('/api/editor/projects/:id/results'),
  resultsDaily: get<DailyResults, DailyQuery>()('/api/editor/projects/:id/results/daily', { experiment: text(500), goal: optional(text(500)) }),
  previewLink: post<PreviewLinkBody, PreviewLink>()(
    '/api/editor/projects/:id/preview-link',
    shape({ variationIds: listOf(matching(/^[\w.-]{1,200}$/, 'a variation id'), 100) }),
  ),
  previewCode: post<PreviewCodeBody, PreviewCodeAnswer>()('/api/editor/preview-code', shape({ code: text(MAX_PREVIEW_CODE) })),
} as const;

/** The API's route table type. */
export type EditorApi = typeof EDITOR_API;
/** A route's name. */
export type RouteName = keyof EditorApi;
/** What a route answers. */
export type AnswerOf<N extends RouteName> = NonNullable<EditorApi[N]['types']>['answer'];
/** What a route takes as its body (undefined for a GET). */
export type BodyOf<N extends RouteName> = NonNullable<EditorApi[N]['types']>['body'];
/** A route's query parameters. */
export type QueryOf<N extends RouteName> = NonNullable<EditorApi[N]['types']>['query'];
/** A route's path parameters, by name. */
export type ParamsOf<N extends RouteName> = { [K in ParamNames<EditorApi[N]['path']>]: string };

/** Checks of path parameters, by name: every `:id` is a project id, every `:revision` a revision number. */
export const PARAM_CHECKS: Readonly<Record<string, Check>> = {
  id: projectIdField,
  revision: matching(/^[1-9]\d{0,7}$/, 'a revision number'),
};

/** The path of a route with its parameters filled in, each one encoded. */
export function routePath<N extends RouteName>(name: N, params: ParamsOf<N>): string {
  return EDITOR_API[name].path.replace(/:([a-z]+)/g, (_match, key: string) => encodeURIComponent((params as Record<string, string>)[key]));
}
