/**
 * The Varia kernel: plugin registry, event emitter, public push/get API, lifecycle stages, logging and
 * error wrapping. Plugins import from here (and from their own kind's `_shared/`) only.
 */
export { boot } from './boot';
export type { BootOptions, PublicApi } from './boot';
export {
  CLIENT_NAME,
  CLIENT_VERSION,
  GLOBAL_NAME,
  HIGH_PRIORITY_CALLS,
  LIFECYCLE_EVENTS,
  PREFIX,
  PRODUCT_NAME,
  RESERVED_MODULE_PREFIX,
  STAGES,
} from './constants';
export { defineChangeApplier, definePlugin, defineProject, replacing } from './define';
export type { ChangesOf, OwnChangeApplier, ProjectDefinition } from './define';
export { messageOf, wrapError } from './errors';
export type { RuntimeError } from './errors';
export { createKernel } from './kernel';
export { readQuery } from './query';
export { parseLogSetting } from './logger';
export type { LogSetting } from './logger';
export type { PluginKinds } from './plugin-kinds';
export { ACTIVATION_STEPS, EVENT_TYPES, MODULES } from './kinds/modules';
export { PROFILE_FIELDS } from './kinds/audiences';
export type {
  AudienceMatcherKind,
  AudiencesModule,
  ConditionProblem,
  ProfileFields,
  ProfileLocation,
  ProfileProviderKind,
  ProfileTime,
  QualifyOptions,
  StorageReader,
} from './kinds/audiences';
export type {
  ActionAppliedData,
  ActionMeta,
  ApplierStatus,
  ChangeApplierKind,
  ChangeEnv,
  ChangesModule,
  ChangeStatus,
  ShowWidgetData,
  UndoHandle,
  WidgetField,
  WidgetFieldType,
  WidgetKind,
  WidgetSchema,
} from './kinds/changes';
export type {
  AnalyticsDecisionPayload,
  DeciderKind,
  DecisionRequest,
  DecisionResult,
  DecisionsModule,
  LayerDecidedData,
  StateModule,
} from './kinds/decisions';
export type {
  ControlsModule,
  Modes,
  PageActivatedData,
  PageDeactivatedData,
  PagesModule,
  PageState,
  PageStatus,
  ViewProviderEnv,
  ViewProviderKind,
} from './kinds/pages';
export { BATCH_SHORT_KEYS } from './kinds/tracking';
export type {
  BatchAttribute,
  BatchDecision,
  BatchEvent,
  BatchSnapshot,
  BatchVisitor,
  EventImplementationKind,
  ExposureData,
  PendingEvent,
  RequestOptions,
  RequestResponse,
  TrackedEventData,
  TrackerBatch,
  TrackerKind,
  TrackerModule,
  UtilsModule,
} from './kinds/tracking';
export { COOKIE_MAX_AGE, COOKIE_NAMES, STORAGE_KEYS } from './kinds/visitor';
export type {
  AttributeEntry,
  BehaviourEvent,
  CmabEntry,
  StorageKind,
  StorageWriteOptions,
  VariationIdMap,
  VisitorModule,
  VisitorSession,
} from './kinds/visitor';
export { isPluginType } from './registry';
export type {
  CallArgs,
  CallHandler,
  Clock,
  DisableScope,
  ErrorKind,
  EventFilter,
  EventHandler,
  Kernel,
  KernelEvent,
  KernelOptions,
  LifecycleEventName,
  ListenerSpec,
  Logger,
  LogLevel,
  Plugin,
  PluginBase,
  PluginContext,
  PluginOf,
  PluginType,
  ProjectPreparer,
  Stage,
  StageHook,
  TimerId,
} from './types';
