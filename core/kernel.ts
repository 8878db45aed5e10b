import { HIGH_PRIORITY_CALLS, RESERVED_MODULE_PREFIX } from './constants';
import { createEmitter } from './emitter';
import { wrapError } from './errors';
import { createLogger } from './logger';
import {
  MSG_FILTER_REQUIRED,
  MSG_HANDLER_REQUIRED,
  MSG_INVALID_PROJECT,
  MSG_LOAD_TOO_LATE,
  MSG_MODULE_NAME_REQUIRED,
  MSG_TOKEN_REQUIRED,
  MSG_UNKNOWN_SCOPE,
  MSG_UNSUPPORTED_PUSH,
  msgModuleReserved,
  msgUnknownLogLevel,
  msgUnknownPush,
} from './messages';
import type { ProjectData } from './project/types';
import { createRegistry } from './registry';
import { runInOrder, settle } from './sequence';
import type {
  CallArgs,
  CallHandler,
  Clock,
  DisableScope,
  Kernel,
  KernelOptions,
  ListenerSpec,
  Plugin,
  PluginContext,
  Stage,
  StageHook,
} from './types';

type Task = () => void | Promise<void>;

/** Throws a plain error; handlers' errors are caught and reported by `run`. */
const fail: (message: string) => never = (message) => {
  throw Error(message);
};
/** A non-null object that is not an array. */
const isObject = (value: unknown): value is Record<string, any> => !!value && typeof value === 'object' && !Array.isArray(value);

const realClock: Clock = {
  now: Date.now,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Creates a kernel: the plugin registry, the emitter, the push/get API and the lifecycle runner. It
 * knows nothing of experiments; every capability is a plugin reached through the registry, a module, an
 * event or a stage hook. Nothing it runs throws out of `push`, `get` or `start`.
 */
export const createKernel = (options: KernelOptions = {}): Kernel => {
  const win = (options.win ?? (typeof window === 'object' ? window : undefined)) as PluginContext['win'];
  const baseClock = options.clock ?? realClock;
  const log = createLogger(options.console ?? console, options.logLevel);
  const registry = createRegistry();
  const modules = registry.modules;
  const calls = new Map<string, { handler: CallHandler; params?: readonly string[] }>();
  const hooks: Partial<Record<Stage, StageHook[]>> = {};
  const teardowns: Array<() => void> = [];
  const flags: Partial<Record<DisableScope | 'all', boolean>> = {};
  const inFlight = new Set<PromiseLike<unknown>>();
  let data = (isObject(options.data) ? options.data : {}) as ProjectData;
  let waiting: unknown[] = [...(options.queue ?? [])];
  /** 0 created, 1 started (only high-priority calls run), 2 initialised (every call runs), 3 destroyed. */
  let phase = 0;
  let prepared = false;

  const report: PluginContext['report'] = (kind, thrown, details) => {
    const error = wrapError(kind, thrown);
    log.error(`${kind}:`, error.message);
    emitter.emit({ type: 'error', name: kind, data: { error, ...details } });
    return error;
  };
  const attempt: PluginContext['attempt'] = (kind, fn, details) => {
    try {
      return fn();
    } catch (thrown) {
      report(kind, thrown, details);
    }
  };
  const emitter = createEmitter((thrown, spec, event) => {
    // An error event's own listeners never emit errors, or one broken listener would loop forever.
    if (spec.emitErrors && event.type !== 'error') report('ListenerError', thrown, { event: event.name });
    else log.error('ListenerError:', thrown);
  });
  // After destroy, a run still in progress goes on to its end without emitting or running hooks.
  const lifecycle = (name: string) => phase < 3 && emitter.emit({ type: 'lifecycle', name });

  // Lifecycle work runs one task at a time; a task that goes asynchronous holds the next ones back.
  const tasks: Task[] = [];
  let running = false;
  let tail: Promise<void> | undefined;
  // Async, yet synchronous until a task goes asynchronous (an async function runs up to its first
  // await): `await`, not `then`, so a page's broken `Promise.prototype.then` does not stop the runtime.
  const drain = async (): Promise<void> => {
    running = true;
    while (tasks.length) {
      let result: void | Promise<void> = undefined;
      try {
        result = tasks.shift()!();
      } catch (thrown) {
        onStepError(thrown);
      }
      if (result) await (tail = result);
    }
    running = false;
  };
  const schedule = (task: Task) => {
    tasks.push(task);
    if (!running) void drain();
  };
  const onStepError = (thrown: unknown) => report('PluginError', thrown);

  const hook: PluginContext['hook'] = (stage, fn) => {
    const list = (hooks[stage] ??= []);
    list.push(fn);
    return () => {
      const index = list.indexOf(fn);
      if (index >= 0) list.splice(index, 1);
    };
  };
  const runStage = (stage: Stage) =>
    phase < 3 && runInOrder((hooks[stage] ?? []).slice(), (thrown) => report('PluginError', thrown, { stage }));

  const disabled = (scope?: DisableScope) => !!(flags.all || (scope && flags[scope]));
  const disable = (scope?: DisableScope) => {
    flags[scope ?? 'all'] = true;
  };
  // Deferred work settles, never rejects (see defer): waited for one by one, as `Promise.allSettled` would
  // call the page's `then`.
  const idle = async () => {
    for (const work of [...inFlight]) await work;
  };
  const defer = (work: PromiseLike<unknown>) => {
    const forget = (): void => void inFlight.delete(settled);
    const settled: Promise<void> = settle(work, forget, forget);
    inFlight.add(settled);
  };

  // Push: the array form maps positional arguments onto the call's params, so handlers see one shape.
  const toArgs = (call: unknown): CallArgs | undefined => {
    if (typeof call === 'string') call = [call];
    if (Array.isArray(call)) {
      const [type, ...rest] = call;
      if (typeof type !== 'string') return;
      const args: CallArgs = { type, version: 1 };
      calls.get(type)?.params?.forEach((param, index) => (args[param] = rest[index]));
      return args;
    }
    if (isObject(call) && typeof call.type === 'string') return { ...call, version: call.version ?? 1 } as CallArgs;
  };
  const run = (call: unknown): unknown => {
    const args = toArgs(call);
    if (!args) return log.warn(MSG_UNSUPPORTED_PUSH, call);
    const entry = calls.get(args.type);
    if (!entry) return log.warn(msgUnknownPush(args.type));
    try {
      return entry.handler(args);
    } catch (thrown) {
      report('ApiError', thrown, { call: args.type });
    }
  };
  const push = (call: unknown): unknown => {
    if (phase > 2) return;
    if (phase < 2 && !(HIGH_PRIORITY_CALLS as readonly unknown[]).includes(toArgs(call)?.type)) {
      waiting.push(call);
      return;
    }
    return run(call);
  };
  const defineCall: PluginContext['defineCall'] = (name, handler, params) => {
    calls.set(name, { handler, params });
  };

  const get = (name: string): unknown => {
    if (modules.has(name)) return modules.get(name);
    const plugin = registry.find('apiModule', name);
    if (plugin) {
      const module = attempt('PluginError', () => plugin.create(), { plugin: name });
      modules.set(name, module);
      return module;
    }
  };

  // Declared before ctx (which hands it out as is) and run only once ctx exists.
  const registerPlugin = (candidate: unknown): boolean => {
    const problem = registry.add(candidate);
    if (problem) {
      report('PluginError', problem);
      return false;
    }
    const plugin = candidate as Plugin;
    const teardown = attempt('PluginError', () => plugin.setup?.(ctx), { plugin: plugin.name });
    if (typeof teardown === 'function') teardowns.push(teardown);
    return true;
  };

  const ctx: PluginContext = {
    get data() {
      return data;
    },
    win,
    clock: {
      now: baseClock.now,
      setTimeout: (callback, ms) => baseClock.setTimeout(() => attempt('PluginError', callback), ms),
      clearTimeout: baseClock.clearTimeout,
    },
    log,
    emit: emitter.emit,
    on: (filter, handler, listenerOptions) => {
      const token = emitter.on({ filter, handler, emitErrors: listenerOptions?.emitErrors });
      return () => emitter.off(token);
    },
    get: get as PluginContext['get'],
    registerModule: (name, module) => void modules.set(name, module),
    plugin: registry.find,
    plugins: registry.list,
    hook,
    defineCall,
    push,
    report,
    attempt,
    defer,
    disabled,
    disable,
    onDestroy: (fn) => void teardowns.push(fn),
    registerPlugin,
  };

  const addListener = ({ filter, handler, emitErrors }: Partial<ListenerSpec>) => {
    if (typeof handler !== 'function') fail(MSG_HANDLER_REQUIRED);
    if (!isObject(filter) || typeof filter.type !== 'string') fail(MSG_FILTER_REQUIRED);
    return emitter.on({ filter, handler, emitErrors });
  };
  const removeListener = ({ token }: { token?: unknown }) => {
    if (typeof token !== 'string' || !token) fail(MSG_TOKEN_REQUIRED);
    return emitter.off(token);
  };
  // The public emitter goes through the same calls as push, so it validates and never throws alike.
  modules.set('event_emitter', {
    on: (spec: ListenerSpec) => run({ ...spec, type: 'addListener' }),
    off: (token: string) => run({ type: 'removeListener', token }),
    emit: ctx.emit,
  });

  defineCall('addListener', addListener as CallHandler, ['filter', 'handler']);
  defineCall('removeListener', removeListener as CallHandler, ['token']);
  defineCall(
    'registerModule',
    ({ name, module }) => {
      if (typeof name !== 'string' || !name) fail(MSG_MODULE_NAME_REQUIRED);
      // A taken name is reserved too: no script can swap a built-in module (`visitor`, `data`, a plugin's)
      // or one the page registered before.
      if (name.startsWith(RESERVED_MODULE_PREFIX) || get(name) !== undefined) fail(msgModuleReserved(name));
      modules.set(name, module);
    },
    ['name', 'module'],
  );
  defineCall(
    'disable',
    ({ scope }) => {
      if (scope !== undefined && scope !== 'tracking') fail(MSG_UNKNOWN_SCOPE);
      disable(scope);
    },
    ['scope'],
  );
  defineCall(
    'log',
    ({ level }) => {
      if (!log.setLevel(level)) fail(msgUnknownLogLevel(level));
    },
    ['level'],
  );
  defineCall(
    'load',
    ({ data: loaded }) => {
      if (prepared) fail(MSG_LOAD_TOO_LATE);
      if (!isObject(loaded)) fail(MSG_INVALID_PROJECT);
      data = loaded as ProjectData;
    },
    ['data'],
  );
  defineCall(
    'clientMetadata',
    (args) => {
      for (const field of ['clientName', 'clientVersion'] as const) if (typeof args[field] === 'string') data[field] = args[field];
    },
    ['clientName', 'clientVersion'],
  );
  defineCall('activate', () => kernel.activate());

  // Activation requests made while one is already waiting join it: a queued `activate` call replayed at
  // init and the initial activation are one activation, not two.
  let activationWaiting = false;
  const requestActivation = () => {
    if (activationWaiting) return;
    activationWaiting = true;
    schedule(activation);
  };
  const activation: Task = () => {
    activationWaiting = false;
    if (disabled('activation')) return;
    const stages = (names: Stage[]) => names.map((stage) => () => runStage(stage));
    return runInOrder(
      [
        () => lifecycle('activate'),
        ...stages(['preActivate', 'visitor', 'postVisitorProfileLoad', 'views']),
        () => lifecycle('viewsActivated'),
        ...stages(['postViewsActivated', 'postActivate']),
        () => {
          lifecycle('activated');
          // Deferred work (pages waiting for a condition, pending decisions) ends the activation later.
          const done = () => lifecycle('activateDeferredDone');
          if (inFlight.size) defer(settle(idle(), done));
          else done();
        },
      ],
      onStepError,
    );
  };

  // Init, once the project is prepared: its code, the init stage, the queued calls, sync, then activation.
  // A preparer that loads its validators on demand answers with a promise (which never rejects): init
  // waits for it, and calls pushed meanwhile wait in the queue like any call before init. A kernel destroyed
  // meanwhile emits and runs no stage, but the project code of the data still runs once (no byte is left
  // in the kernel's 3 KB for that check).
  const init = (ready?: unknown): void | Promise<void> => {
    if ((ready as PromiseLike<unknown>)?.then) return settle(ready, init);
    if (!ready) {
      report('PluginError', MSG_INVALID_PROJECT);
      return disable();
    }
    modules.set('data', (data = ready as ProjectData));
    return runInOrder(
      [
        // concat, not spread: a malformed `plugins` (not a list) must not stop the start.
        ...([] as unknown[]).concat(data.plugins, data.projectJS).map(
          (code) => () => typeof code === 'function' && attempt('ProjectJSError', () => code(ctx)),
        ),
        () => runStage('init'),
        () => {
          if (phase > 2) return;
          phase = 2;
          const replay = waiting;
          waiting = [];
          replay.forEach(kernel.push);
        },
        () => lifecycle('initialized'),
        () => runStage('sync'),
        requestActivation,
      ],
      onStepError,
    );
  };

  // The page-facing entry points: whatever slips through the inner guards is logged, never thrown.
  const guarded =
    <A, R>(fn: (arg: A) => R) =>
    (arg: A) => {
      try {
        return fn(arg);
      } catch (thrown) {
        log.error(thrown);
      }
    };
  const kernel: Kernel = {
    push: guarded(push),
    get: guarded(get),
    registerPlugin,
    start: () => {
      if (phase) return;
      phase = 1;
      const queued = waiting;
      waiting = [];
      // Queued calls go through the same guard as a live push: a hostile one (a throwing getter, a Proxy) is logged and skipped.
      queued.forEach(kernel.push);
      if (disabled()) return;
      prepared = true;
      schedule(() => init(options.prepare ? attempt('PluginError', () => options.prepare!(data, registry.all(), log)) : data));
    },
    activate: () => {
      if (phase && phase < 3 && !disabled()) requestActivation();
    },
    whenIdle: async () => {
      while (running || inFlight.size) await tail, await idle();
    },
    destroy: () => {
      if (phase > 2) return;
      phase = 3;
      tasks.length = 0;
      teardowns.splice(0).reverse().forEach((teardown) => attempt('PluginError', teardown));
    },
  };
  (options.plugins ?? []).forEach(registerPlugin);
  return kernel;
};
