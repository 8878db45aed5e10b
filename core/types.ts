import type { LIFECYCLE_EVENTS, STAGES } from './constants';
import type { PluginKinds } from './plugin-kinds';
import type { ProjectData } from './project/types';
import type { ProjectRule } from './project/validate';

/** A lifecycle stage name (see {@link STAGES}). */
export type Stage = (typeof STAGES)[number];
/** A client lifecycle event name (KRN-18). */
export type LifecycleEventName = (typeof LIFECYCLE_EVENTS)[number];

/** An event on the kernel's emitter: `type` groups events ('lifecycle', 'error', ...), `name` tells them apart. */
export interface KernelEvent<D = unknown> {
  type: string;
  name?: string;
  data?: D;
}

/** Which events a listener receives: every event of `type`, narrowed to `name` when given. */
export interface EventFilter {
  type: string;
  name?: string;
}

/** A listener handler. Whatever it throws is caught, logged, and emitted only when `emitErrors` is set. */
export type EventHandler = (event: KernelEvent) => void;

/** What `addListener` takes (the push call's fields). */
export interface ListenerSpec {
  filter: EventFilter;
  handler: EventHandler;
  /** Emit the handler's errors as error events too (KRN-17); otherwise they are only logged. */
  emitErrors?: boolean;
}

/** Error kinds the kernel wraps errors in before reporting them (KRN-43..45). */
export type ErrorKind =
  | 'ProjectJSError'
  | 'ActivationCodeError'
  | 'ActionError'
  | 'ListenerError'
  | 'PluginError'
  | 'ApiError';

/** Log levels (KRN-39). */
export type LogLevel = 0 | 1 | 2 | 3 | 4;

/** The kernel's logger, filtered by level and an optional text filter. */
export interface Logger {
  error(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  debug(...parts: unknown[]): void;
  /** Sets the level from a number, a level name, or the `LEVEL:filter` form; returns false when the setting is not understood. */
  setLevel(setting: unknown): boolean;
  /** The current level. */
  level(): LogLevel;
}

/** Opaque timer handle. */
export type TimerId = unknown;

/** Time and timers. Plugins use this instead of `Date.now`/`setTimeout` so tests can drive time. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** The fields of a push call: the object form as given, or the array form mapped onto the call's `params`. */
export type CallArgs = Record<string, any> & { type: string; version: number };
/** A push function. Its return value is what `push` returns. */
export type CallHandler = (args: CallArgs) => unknown;

/** A stage hook. Returning a promise makes the next hook wait for it; returning nothing keeps the stage synchronous. */
export type StageHook = () => void | Promise<unknown>;

/** Any plugin type the registry accepts (a closed set: the keys of {@link PluginKinds}). */
export type PluginType = keyof PluginKinds;

/** What every plugin has, whatever its kind. */
export interface PluginBase<T extends PluginType = PluginType> {
  /** The plugin's kind; the registry rejects any other value (KRN-12). */
  type: T;
  /** The plugin's name, unique within its kind; the key it is looked up by (a decider's policy, a matcher's condition type...). */
  name: string;
  /**
   * Called once when the kernel registers the plugin, before the queued calls are replayed: register
   * hooks, push calls, listeners and modules here. Project data may still be replaced by a `load` call,
   * so read `ctx.data` in a stage hook, not here. May return a teardown function.
   */
  setup?(ctx: PluginContext): void | (() => void);
  /** Extra structural rules this plugin brings to project validation (for example: every change type has an applier). */
  validate?: ProjectRule;
  /**
   * Set by {@link replacing} (core/define.ts): this plugin replaces one of its kind already registered under
   * its name, on purpose. Without it, a taken name is refused: at build and at registration.
   */
  replaces?: boolean;
}

/** A plugin of kind `T`: its kind's interface plus the common fields. */
export type PluginOf<T extends PluginType> = PluginBase<T> & PluginKinds[T];
/** Any plugin. */
export type Plugin = { [T in PluginType]: PluginOf<T> }[PluginType];

declare module './project/types' {
  /** The project script's api is the plugin context (see core/project/types.ts). */
  interface ProjectScriptApi extends PluginContext {}
}

/**
 * The narrow view of the kernel a plugin gets. Everything a plugin does to the page, the visitor or the
 * network goes through its own code; everything it shares with other plugins goes through this.
 */
export interface PluginContext {
  /** The current project data (replaced by a `load` call before init). */
  readonly data: ProjectData;
  /** The window the runtime runs in; undefined outside a browser. */
  readonly win: (Window & typeof globalThis) | undefined;
  /** Time and timers; timer callbacks are guarded so they never throw into the page. */
  readonly clock: Clock;
  readonly log: Logger;
  /** Emits an event to every matching listener; aliases (layerDecided → campaignDecided) are emitted too. */
  emit(event: KernelEvent): void;
  /** Listens to events; returns the function that stops listening. */
  on(filter: EventFilter, handler: EventHandler, options?: { emitErrors?: boolean }): () => void;
  /** A module by name (`event_emitter`, `data`, or any registered one); undefined when absent. */
  get<T = unknown>(name: string): T | undefined;
  /** Registers a module that `get` returns. Unlike the public call, plugins may use the `custom/` prefix. */
  registerModule(name: string, module: unknown): void;
  /** The plugin of a kind registered under a name. */
  plugin<T extends PluginType>(type: T, name: string): PluginOf<T> | undefined;
  /** Every plugin of a kind, in registration order. */
  plugins<T extends PluginType>(type: T): PluginOf<T>[];
  /** Runs `fn` at a lifecycle stage, every time the stage runs; returns the function that removes it. */
  hook(stage: Stage, fn: StageHook): () => void;
  /**
   * Defines a push call. `params` name the array form's positional arguments, so `['event', 'cta', tags]`
   * and `{ type: 'event', eventName: 'cta', tags }` reach the handler alike. Calls named in
   * HIGH_PRIORITY_CALLS run while the queue is replayed before load (KRN-26).
   */
  defineCall(name: string, handler: CallHandler, params?: readonly string[]): void;
  /** The public push, for plugins that drive other plugins' calls. */
  push(call: unknown): unknown;
  /** Wraps `error` as `kind`, logs it and emits it as an error event; returns the wrapped error. */
  report(kind: ErrorKind, error: unknown, details?: Record<string, unknown>): Error;
  /** Runs `fn`, reporting what it throws as `kind`; returns its result, or undefined when it threw. */
  attempt<R>(kind: ErrorKind, fn: () => R, details?: Record<string, unknown>): R | undefined;
  /** Registers deferred work; an activation's `activateDeferredDone` fires once all work deferred so far has settled. */
  defer(work: PromiseLike<unknown>): void;
  /** Whether the runtime (no scope), tracking or activation is disabled. */
  disabled(scope?: DisableScope): boolean;
  /** Disables the runtime (no scope), tracking only, or activation only (editor mode, opt-out). */
  disable(scope?: DisableScope): void;
  /** Runs `fn` when the kernel is destroyed. */
  onDestroy(fn: () => void): void;
  /** Registers another plugin (a plugin pack, or project code adding its own); false when it is refused. */
  registerPlugin(plugin: unknown): boolean;
}

/** What can be disabled. The public `disable` call accepts only absent and 'tracking' (KRN-28..30). */
export type DisableScope = 'tracking' | 'activation';

/**
 * Prepares project data for a kernel: see {@link KernelOptions.prepare}. A preparer whose validators are
 * loaded on demand answers with a promise, which must never reject (undefined refuses the project).
 */
export type ProjectPreparer = (input: unknown, plugins: readonly Plugin[], log: Logger) => ProjectData | undefined | Promise<ProjectData | undefined>;

/** Options of {@link createKernel}. */
export interface KernelOptions {
  /** The project data, as given; `prepare` fills its defaults and validates it at start. */
  data?: unknown;
  /** The plugins to register, in order. */
  plugins?: readonly Plugin[];
  /** The window to run in (default: `globalThis.window` when present). */
  win?: Window;
  /** The clock (default: the real one). */
  clock?: Clock;
  /** Initial log level: number, name or `LEVEL:filter`. Default OFF (ruling 11). */
  logLevel?: unknown;
  /** Where log lines go (default: `console`). */
  console?: Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;
  /** Calls queued before the snippet loaded, replayed by `start` (KRN-26). */
  queue?: readonly unknown[];
  /**
   * Turns the project input into checked data when the kernel starts (after a `load` call could replace
   * it): fills defaults, validates with the plugins' extra rules, logs the problems. Returns undefined to
   * refuse the project. Without it the data is used as given, which keeps the kernel alone small.
   */
  prepare?: ProjectPreparer;
}

/** The kernel: a registry, an emitter, the push/get API and the lifecycle runner. */
export interface Kernel {
  /** The public push: runs a call now (after start) or queues it (before). */
  push(call: unknown): unknown;
  /** The public get: a module by name. */
  get(name: string): unknown;
  /** Registers a plugin (KRN-11, KRN-12); returns false, with an error logged, when it is invalid. */
  registerPlugin(plugin: unknown): boolean;
  /** Replays the queue, validates data, runs init and sync, then activates unless something forbids it. */
  start(): void;
  /** Runs the activation stages again (the `activate` call). */
  activate(): void;
  /** Resolves when all started lifecycle work (and deferred activation work) has settled. */
  whenIdle(): Promise<void>;
  /** Runs teardowns and stops listening; the kernel does nothing afterwards. */
  destroy(): void;
}
