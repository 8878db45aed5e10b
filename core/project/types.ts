/**
 * Typed project data of runtime-spec §3: global data, layers (campaigns), experiments,
 * variations, actions, changes, audiences, pages (views), events, dimensions and visitor
 * attributes, plus the decision records the runtime derives from them.
 *
 * Ids are strings throughout. Closed vocabularies are exported as `as const` lists so that
 * the types and the structural validator share one source of truth.
 */

/** Bucketing points: holdbacks, weights and weight ranges are expressed over 10000 (basis points). */
export const BUCKETING_POINTS = 10000;

/** Logical operators that may open an and/or/not list (audience conditions, audience ids, page conditions). */
export const LOGICAL_OPERATORS = ['and', 'or', 'not'] as const;
/** `and` / `or` / `not`; a list without a leading operator means `or` (ruling 6). */
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];

/** Layer policies the spec names; it says "and others", so any non-empty string is accepted (CFG-8). */
export const LAYER_POLICIES = ['single_experiment', 'multivariate', 'equal_priority'] as const;
/** Layer (campaign) policy: selects the decider. Known values plus any other non-empty string (CFG-8). */
export type LayerPolicy = (typeof LAYER_POLICIES)[number] | (string & {});

/** Allocation policies (CFG-9); `cmab` is the homepage spelling of `contextual-multi-arm-bandit` (ruling 5). */
export const ALLOCATION_POLICIES = ['contextual-multi-arm-bandit', 'cmab', 'min-regret', 'min-time', 'manual'] as const;
/** How an experiment allocates traffic: by weighted ranges (`manual`) or by a contextual bandit (`contextual-multi-arm-bandit`/`cmab`). */
export type AllocationPolicy = (typeof ALLOCATION_POLICIES)[number];

/** Campaign activation types (CFG-10). */
export const CAMPAIGN_ACTIVATION_TYPES = ['conditional', 'immediate', 'manual', 'ready', 'timeout'] as const;
/** When a layer (campaign) is activated; the behaviour of each type is left to the runtime (CFG-10). */
export type CampaignActivationType = (typeof CAMPAIGN_ACTIVATION_TYPES)[number];

/** Bucketing strategies (CFG-14). */
export const BUCKETING_STRATEGIES = ['impression', 'default'] as const;
/** Experiment bucketing strategy (CFG-14). */
export type BucketingStrategy = (typeof BUCKETING_STRATEGIES)[number];

/** Change types (CHG-2). */
export const CHANGE_TYPES = ['custom_code', 'attribute', 'append', 'rearrange', 'redirect', 'widget'] as const;
/** The kind of DOM edit a change makes; each type is applied by a change-applier plugin. */
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** Attribute kinds of an attribute change (CHG-4). */
export const ATTRIBUTE_KINDS = ['class', 'html', 'href', 'src', 'style', 'text', 'hide', 'remove'] as const;
/** What an attribute change edits on each matched element. */
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

/** Insertion operators (CHG-6). */
export const INSERTION_OPERATORS = ['after', 'append', 'before', 'prepend'] as const;
/** Where an append or rearrange change places content relative to the selected element. */
export type InsertionOperator = (typeof INSERTION_OPERATORS)[number];

/** Value matchers of audience conditions. */
export const VALUE_MATCHES = ['exists', 'exact', 'substring', 'regex', 'range', 'gt', 'ge', 'lt', 'le', 'semver_eq', 'semver_gt', 'semver_ge', 'semver_lt', 'semver_le'] as const;
/** How a condition compares a visitor-profile value; `range` is `min:max`, inclusive, either side open (ruling 7). */
export type ValueMatch = (typeof VALUE_MATCHES)[number];

/** Page URL match rules (URL-1). */
export const URL_MATCH_TYPES = ['exact', 'substring', 'simple', 'regex'] as const;
/** How a page URL condition compares the normalised URL; `simple` ignores query and hash. */
export type UrlMatchType = (typeof URL_MATCH_TYPES)[number];

/** Page activation types (PAG-2..6). */
export const PAGE_ACTIVATION_TYPES = ['immediate', 'callback', 'polling', 'manual', 'url_changed', 'dom_changed'] as const;
/** When a page (view) activates; an unknown type is an error at activation (PAG-7). */
export type PageActivationType = (typeof PAGE_ACTIVATION_TYPES)[number];

/** Event definition types. */
export const EVENT_TYPES = ['click', 'custom', 'engagement', 'pageview'] as const;
/** Kind of goal event; all but `custom` get an event implementation attached on page activation (PAG-16). */
export type EventType = (typeof EVENT_TYPES)[number];

/** listTargetingKeys types (CFG-2): cookie, query parameter or JS variable (`js`). */
export const LIST_TARGETING_KEY_TYPES = ['cookie', 'query', 'js'] as const;
/** visitorIdLocator types (CFG-3). */
export const VISITOR_ID_LOCATOR_TYPES = ['cookie', 'js', 'localStorage', 'query'] as const;

/**
 * What the project script and project plugins receive: the plugin context (emit/on, modules, push, log,
 * clock, hooks...), which includes `registerPlugin`. Declared empty here and completed by core/types.ts
 * (`interface ProjectScriptApi extends PluginContext`), so the project types import nothing from the
 * kernel's types and the two files form no import cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by declaration merging
export interface ProjectScriptApi {}

/** The project script (`projectJS`): a real function run in initialisation step 1, never an evaluated string (strict CSP). */
export type ProjectScript = (api: ProjectScriptApi) => void;

/** A project plugin from global data `plugins`: a real function run in initialisation step 1 with the project script. */
export type ProjectPluginFunction = (api: ProjectScriptApi) => void;

/**
 * Custom code of a `custom_code` change: a real function (ERR-27 'Custom code must be a function').
 * It may return a function that undoes what it did; the change applier defines what else it passes.
 */
export type CustomCodeFunction = (api: ProjectScriptApi) => unknown;

/** Where list targeting reads its key (CFG-2, AUD-22). */
export interface ListTargetingKey {
  /** `cookie`, `query` (query parameter) or `js` (global JS variable). */
  type: (typeof LIST_TARGETING_KEY_TYPES)[number];
  /** Cookie name, query parameter name or JS variable path. */
  name: string;
}

/** Where a customer-provided visitor id is read (CFG-3, VIS-11). */
export interface VisitorIdLocator {
  /** `cookie`, `js` (global variable), `localStorage` or `query` (query parameter). */
  type: (typeof VISITOR_ID_LOCATOR_TYPES)[number];
  /** Cookie name, variable path, storage key or parameter name. */
  name: string;
}

/** Where an audience-data provider key field is read; the spec names the field but not its shape. */
export interface DcpKeyfieldLocator {
  /** Data source the key belongs to. */
  dcpDatasourceId?: string;
  /** Where the key is read, as for {@link VisitorIdLocator}. */
  type: string;
  /** Cookie name, variable path, storage key or parameter name. */
  name: string;
}

/** A recommender service entry; the spec names the field but not its shape. */
export interface RecommenderService {
  /** Service id. */
  id: string;
  /** Further service settings. */
  settings?: Record<string, unknown>;
}

/** Experimental switches of the project (homepage: `trimPages`, behaviour not specified). */
export interface ExperimentalSettings {
  /** Homepage switch; behaviour not specified (HPC-8). */
  trimPages?: boolean;
  /** Other switches, passed through untouched. */
  [flag: string]: unknown;
}

/** Global data of a project (CFG-1). Defaults are applied by `normalizeProjectData`. */
export interface GlobalData {
  /** Project id. Required. */
  projectId: string;
  /** Snippet id, when the project is served by more than one snippet. */
  snippetId?: string;
  /** Account id. Required; sent in tracker batches. */
  accountId: string;
  /** Revision of the published project data: a number or a numeric string (homepage: 323). */
  revision: number | string;
  /** Namespace stored with layer states; no default ('Namespace is not set' when needed and absent). */
  namespace?: string;
  /** Client name sent with tracking data. Default `js`. */
  clientName: string;
  /** Client version sent with tracking data. Default `0.224.0`. */
  clientVersion: string;
  /** Whether the collector anonymises the visitor IP (homepage: true). No default is given by the spec. */
  anonymizeIP?: boolean;
  /** Id of the current activation; normally set by the runtime at activation step 1. */
  activationId?: string;
  /** Global holdback threshold in basis points of 10000 (0..10000): visitors whose bucket is below it are held back. Default 0. */
  holdback: number;
  /** Where list targeting reads its keys. Default []. */
  listTargetingKeys: ListTargetingKey[];
  /** Audience-data (DCP) service id, sent with bandit predictions. */
  dcpServiceId?: string | null;
  /** Where audience-data key fields are read. Default []. */
  dcpKeyfieldLocators: DcpKeyfieldLocator[];
  /** Recommender services. Default []. */
  recommenderServices: RecommenderService[];
  /** Project plugins, run in initialisation step 1 (KRN-13). Default []. */
  plugins: ProjectPluginFunction[];
  /** Project script, run in initialisation step 1 (CFG-4). */
  projectJS?: ProjectScript;
  /** Experimental switches. */
  experimental?: ExperimentalSettings;
  /** GA4 user id; when set it must be a non-empty string. */
  ga4UserId?: string;
  /** Where a customer-provided visitor id is read; absent or null: the runtime's own id is used. */
  visitorIdLocator?: VisitorIdLocator | null;
  /** Whether force query parameters are honoured (homepage field, HPC-9). */
  enableForceParameters?: boolean;
}

/** Free-form integration settings of a layer or experiment (analytics integrations). */
export type IntegrationSettings = Record<string, unknown>;

/** A layer's activation settings. */
export interface LayerActivation {
  /** Campaign activation type (CFG-10). */
  type?: CampaignActivationType;
  /** How long the decision waits for pending audience attributes, in ms. Default 2000. */
  timeout?: number;
}

/** One item of a priority group: an experiment id, or an object naming it in `entityId`. */
export type ExperimentPriorityItem =
  | string
  | {
      /** Experiment id, one of the layer's experiments. */
      entityId: string;
      /** Carried by exported data (often null); weights come from experimentWeights (ruling 4). */
      endOfRange?: number | null;
    };

/** Decision settings of a layer (CFG-7). */
export interface DecisionMetadata {
  /** Whether a visitor keeps the same offer; semantics not specified. */
  offerConsistency?: boolean | null;
  /** Ordered priority groups, each a list of experiment ids; walked in order under equal_priority (DEC-24). */
  experimentPriorities?: ExperimentPriorityItem[][];
  /** Weight per experiment id, in basis points; per priority group they sum to at most 10000 (ruling 4). */
  experimentWeights?: Record<string, number>;
}

/** A layer, also called campaign (CFG-5); `C` is the project's change union (see {@link OwnChange}). */
export interface Layer<C extends ChangeLike = Change> {
  /** Layer id, unique in the project. */
  id: string;
  /** Readable name. */
  name?: string;
  /** Policy selecting the decider, e.g. single_experiment or equal_priority (CFG-8). */
  policy: LayerPolicy;
  /** Layer holdback in basis points of 10000 (0..10000). Default 0. */
  holdback?: number;
  /** A concluded layer is not tracked for decisions. Default false. */
  concluded?: boolean;
  /** Experiments of the layer; at least one (CFG-21). */
  experiments: Experiment<C>[];
  /** Ids of the pages the layer runs on. */
  pageIds?: string[];
  /** Ids of the views (pages) the layer runs on; homepage spelling of pageIds. */
  viewIds?: string[];
  /** Changes shared by the layer. */
  changes?: C[];
  /** Activation settings (type and timeout). */
  activation?: LayerActivation;
  /** Integration settings. */
  integrationSettings?: IntegrationSettings;
  /** Analytics string version, 1 or 2 (CFG-6). */
  integrationStringVersion?: 1 | 2;
  /** Exclusion group the layer belongs to. */
  groupId?: string | null;
  /** Decision settings (priorities and weights). */
  decisionMetadata?: DecisionMetadata;
  /** Allocation policy of the layer (CFG-9). */
  allocationPolicy?: AllocationPolicy;
  /** Commit the layer was published from (homepage field, HPC-10). */
  commitId?: string;
}

/** One weighted range of an experiment (CFG-13): the variation wins when the bucket is below `endOfRange` (ruling 2). */
export interface WeightDistribution {
  /** Variation id, one of the experiment's variations. */
  entityId: string;
  /** Exclusive end of the range, in bucketing points (0..10000), non-decreasing along the list. */
  endOfRange: number;
}

/** Bandit and allocation settings of an experiment (homepage shape, HPC-19). */
export interface ExperimentMetadata {
  /** Allocation policy; `cmab` means contextual-multi-arm-bandit. */
  allocationPolicy?: AllocationPolicy;
  /** Id of the layer holding the experiment. */
  layerId?: string;
  /** Visitor attributes sent to the prediction service. */
  cmabAttributes?: {
    /** Ids of custom visitor attributes. */
    customAttributes?: string[];
    /** Names of standard attributes (device, location...). */
    standardAttributes?: string[];
  };
}

/** An and/or/not expression over audience ids; a bare list means `or` (CFG-12, ruling 6). */
export type AudienceIdExpression = Array<LogicalOperator | string | AudienceIdExpression>;

/** An experiment (CFG-11). */
export interface Experiment<C extends ChangeLike = Change> {
  /** Experiment id, unique in the project. */
  id: string;
  /** Readable name. */
  name?: string;
  /** Variations; at least one (CFG-19). */
  variations: Variation<C>[];
  /** Audience expression; absent or empty qualifies everyone (ruling 6). */
  audienceIds?: AudienceIdExpression;
  /** Weighted ranges of the variations; required with more than one variation (CFG-20). */
  weightDistributions?: WeightDistribution[] | null;
  /** Bucketing strategy (CFG-14). */
  bucketingStrategy?: BucketingStrategy;
  /** Deployed experiments skip sticky bucketing (DEC-14). Default false. */
  deployed?: boolean;
  /** Homepage field (HPC-16). Default false. */
  concluded?: boolean;
  /** Changes shared by the experiment. */
  changes?: C[];
  /** Integration settings. */
  integrationSettings?: IntegrationSettings;
  /** Name of the campaign (layer) for analytics. */
  campaignName?: string;
  /** Readable name of the targeted audience (homepage field). */
  audienceName?: string;
  /** Allocation policy of the experiment (CFG-9). */
  allocationPolicy?: AllocationPolicy;
  /** Bandit and allocation settings (homepage shape). */
  experimentMetadata?: ExperimentMetadata;
}

/** A variation (CFG-15). */
export interface Variation<C extends ChangeLike = Change> {
  /** Variation id, unique in the project (force-variation parameters name it). */
  id: string;
  /** Readable name, e.g. Original, Variation #1. */
  name?: string;
  /** Actions applied when the variation is chosen; [] for an unchanged original. */
  actions: Action<C>[];
}

/** An action: the changes of a variation on one page (CFG-16). */
export interface Action<C extends ChangeLike = Change> {
  /** Action id. */
  id?: string;
  /** Id of the layer holding the variation; when set it must be that layer. */
  layerId?: string;
  /** Page the changes apply to (one of pageId or viewId is required). */
  pageId?: string;
  /** Homepage spelling of pageId. */
  viewId?: string;
  /** Changes to apply. */
  changes?: C[];
  /** Alternative spelling of changes. */
  changeSet?: C[];
}

/** Fields common to every change (CHG-1), a project's own change types included. */
export interface ChangeBase {
  /** Change id; dependencies name it. */
  id: string;
  /** URL of a script to load before applying (async change); must not contain a double quote. */
  src?: string;
  /** Ids of changes of the same action that must be applied first. */
  dependencies?: string[];
  /** CSS selector of the elements the change edits. */
  selector?: string;
  /**
   * Attribute change: what to set per attribute kind (`hide`/`remove` take true), `addClass`/`removeClass`
   * (space-separated class names), or any other attribute by name (false or null removes it; see attributes.ts).
   */
  attributes?: Partial<Record<AttributeKind | 'addClass' | 'removeClass', string | boolean>> & { [name: string]: string | boolean | null | undefined };
  /** Style properties to set, by CSS property name. */
  css?: Record<string, string>;
  /** Where appended or rearranged content goes relative to the selected element. */
  operator?: InsertionOperator;
  /** Rearrange change: selector of the element the selected element moves next to. */
  insertSelector?: string;
  /** Widget change: id of the widget to show (spelled as the spec writes it, HPC-23, WID-4). */
  widget_id?: string;
  /** Widget change: the widget's configuration (missing fields take the widget's defaults). */
  config?: Record<string, unknown>;
}

/** A custom_code change: runs a real function. */
export interface CustomCodeChange extends ChangeBase {
  /** `custom_code`. */
  type: 'custom_code';
  /** The code to run. */
  value: CustomCodeFunction;
}

/** Any other change type. */
export interface MarkupChange extends ChangeBase {
  /** Change type other than custom_code. */
  type: Exclude<ChangeType, 'custom_code'>;
  /** append: the HTML to insert (must yield at least one node); redirect: the destination URL; others: type specific. */
  value?: unknown;
}

/** A DOM change (CHG-1) of a built-in type; `value` is a function exactly when the type is custom_code. */
export type Change = CustomCodeChange | MarkupChange;

/** Any change: its common fields and a type. What the project's change union is made of. */
export type ChangeLike = ChangeBase & { type: string };

/**
 * A change of a project's own type `T`, applied by the project's own change applier named `T`. Extend it
 * with the fields the applier reads; the applier made with `defineChangeApplier` (core/define.ts) carries
 * the type, and `defineProject` widens the project's change union with it, so `type: 'badge'` type-checks
 * exactly when the project lists the `badge` applier.
 *
 * @example
 * interface BadgeChange extends OwnChange<'badge'> { value: string }
 */
export interface OwnChange<T extends string = string> extends ChangeBase {
  type: T;
  value?: unknown;
}

/** A project's change union: the built-in types and any of its own. */
export type AnyChange = Change | OwnChange;

/** One audience condition (AUD-2): evaluated by the matcher registered for its `type`. */
export interface AudienceCondition {
  /** Condition type, e.g. custom_attribute, device, location, first_session. */
  type: string;
  /** Attribute or field the condition reads, by name. */
  name?: string;
  /** Attribute the condition reads, by id (a lookup gives name or id, not both: CFG-25). */
  id?: string;
  /** Value matcher; other strings are accepted for matchers that define their own. */
  match?: ValueMatch | (string & {});
  /** Value compared with; `range` uses `min:max`. */
  value?: unknown;
}

/** Audience conditions: a list optionally opened by and/or/not, whose operands are conditions or nested lists (AUD-6). */
export type AudienceConditions = Array<LogicalOperator | AudienceCondition | AudienceConditions>;

/** An audience (AUD-1). */
export interface Audience {
  /** Audience id, unique in the project. */
  id: string;
  /** Readable name, e.g. Returning. */
  name?: string;
  /** Condition expression. */
  conditions: AudienceConditions;
}

/** A page URL condition (URL-1). */
export interface UrlCondition {
  /** `url`. */
  type: 'url';
  /** Match rule applied to the normalised URL. */
  match: UrlMatchType;
  /** URL, substring or regular expression to compare with. */
  value: string;
}

/** A page condition: a URL condition or another condition type a view plugin evaluates. */
export type PageCondition = UrlCondition | AudienceCondition;

/** Page conditions: a list optionally opened by and/or/not whose operands are conditions or nested lists. */
export type PageConditions = Array<LogicalOperator | PageCondition | PageConditions>;

/** A page tag: a value read from the page when it activates (shape not specified by the spec). */
export interface PageTag {
  /** Tag name. */
  apiName: string;
  /** How the value is located (e.g. css_selector, javascript). */
  locatorType?: string;
  /** The locator itself. */
  locator?: string;
  /** Value type, e.g. string or number. */
  valueType?: string;
}

/** Activation code of callback and polling pages: callback pages call `activate`; polling pages succeed by returning a truthy value. */
export type PageActivationCode = (activate: (isActive?: boolean) => void, page: PageDefinition) => unknown;

/** A page, also called view (PAG-1). */
export interface PageDefinition {
  /** Page id, unique in the project. */
  id: string;
  /** Name used by the public page call and by events; unique. */
  apiName: string;
  /** Readable name. */
  name?: string;
  /** Category, for analytics. */
  category?: string;
  /** Tags read from the page. */
  tags?: PageTag[];
  /** URL (and other) conditions that must match for the page to activate. */
  staticConditions?: PageConditions;
  /** Activation type. Default immediate. */
  activationType?: PageActivationType;
  /** Required for callback and polling activation. */
  activationCode?: PageActivationCode;
  /** Whether an active page deactivates when its conditions stop matching. Default false. */
  deactivationEnabled?: boolean;
  /** Whether the page's changes are undone on deactivation. Default false. */
  undoOnDeactivation?: boolean;
}

/** An event definition (goal). */
export interface EventDefinition {
  /** Event id, unique in the project. */
  id: string;
  /** Name the event is pushed and tracked with; unique. */
  apiName: string;
  /** Readable name. */
  name?: string;
  /** Event type. */
  eventType: EventType;
  /** Category, for analytics. Default other. */
  category?: string;
  /** Page the event belongs to; events of other types than custom attach when it activates. */
  pageId?: string;
  /** Event settings; click events carry their selector here or in eventFilter. */
  config?: {
    /** CSS selector of the clicked elements. */
    selector?: string;
    /** Other settings of the event implementation. */
    [setting: string]: unknown;
  };
  /** Click filter: the selector clicked elements must match. */
  eventFilter?: {
    /** Filter kind, e.g. target_selector. */
    filterType?: string;
    /** CSS selector of the clicked elements. */
    selector: string;
  };
}

/** A dimension (CFG-17). */
export interface Dimension {
  /** Dimension id. */
  id: string;
  /** Name used in tracking. */
  apiName: string;
  /** Segment id in the analytics backend. */
  segmentId?: string;
}

/** A visitor attribute (CFG-18); spec spelling dcp_datasource_id and rule_json. */
export interface VisitorAttribute {
  /** Attribute id. */
  id: string;
  /** Attribute name; a lookup by a name shared by several attributes fails (CFG-27). */
  name: string;
  /** Audience-data source the attribute comes from. */
  dcpDatasourceId?: string;
  /** Rule computing the attribute (a behaviour rule), as JSON text or parsed. */
  ruleJson?: string | Record<string, unknown>;
}

/** The whole project: global data and its collections, every collection present; `C` its change union. */
export type ProjectData<C extends ChangeLike = Change> = GlobalData & {
  /** Layers (campaigns). */
  layers: Layer<C>[];
  /** Audiences. */
  audiences: Audience[];
  /** Pages (views). */
  pages: PageDefinition[];
  /** Event definitions. */
  events: EventDefinition[];
  /** Dimensions. */
  dimensions: Dimension[];
  /** Visitor attributes. */
  visitorAttributes: VisitorAttribute[];
};

/** Project data as authored: everything but projectId, accountId and revision may be left out. */
export type ProjectInput<C extends ChangeLike = Change> = Partial<ProjectData<C>> & Pick<GlobalData, 'projectId' | 'accountId' | 'revision'>;

/** The decision for one layer (DEC-3). */
export interface LayerDecision {
  /** Layer id. */
  layerId: string;
  /** Chosen experiment, or null. */
  experimentId: string | null;
  /** Chosen variation, or null. */
  variationId: string | null;
  /** Whether the visitor is in the layer holdback. */
  isLayerHoldback: boolean;
  /** Whether the layer is concluded. */
  isLayerConcluded?: boolean;
  /** Why the decision was made, e.g. force. */
  reason?: string | null;
  /** Decision error message (ERR-28..35), or null. */
  error?: string | null;
}

/** Inputs of one layer decision (DEC-4). */
export interface DecisionTicket {
  /** Id the visitor is bucketed by. */
  bucketingId: string;
  /** Audiences the visitor qualifies for. */
  audienceIds: string[];
  /** Global holdback threshold in basis points. */
  globalHoldback: number;
  /** Stored (sticky) variation per experiment id. */
  preferredVariationMap?: Record<string, string>;
  /** Page the decision is made for. */
  pageId?: string;
  /** Activation the decision belongs to. */
  activationId?: string;
}

/** Stored state of a decided layer (DEC-5). */
export interface LayerState {
  /** Layer id. */
  layerId: string;
  /** Page the decision was made for. */
  pageId?: string;
  /** The decision. */
  decision: LayerDecision;
  /** Its inputs. */
  decisionTicket: DecisionTicket;
  /** When it was made, in ms since the epoch. */
  decisionTimestamp: number;
  /** Id of the tracked decision event. */
  decisionEventId?: string | null;
  /** Project revision at decision time. */
  revision: number | string;
  /** Project namespace. */
  namespace?: string;
}
