/**
 * The `changes` module: applies actions' changes through the change-applier plugins, keeps the
 * applier and change states (CHG-12, CHG-13), the dependencies (CHG-14..16), async changes (CHG-17),
 * observation (CHG-18..25), undo per page (PAG-18) and pre-hiding.
 */
import { EVENT_TYPES, MODULES } from '../../../core';
import type {
  ActionAppliedData,
  ActionMeta,
  ChangeApplierKind,
  ChangeEnv,
  ChangesModule,
  ChangeStatus,
  ControlsModule,
  PluginContext,
  UndoHandle,
} from '../../../core';
import type { Action, Change } from '../../../core/project/types';
import { createWatchers, isReady, type Watchers } from './dom';
import { cancelElements, MSG_NO_SELECTOR, startElements, type ElementHooks, type ElementRun } from './elements';
import { createObserveSelector } from './observe-selector';
import { createPrehide } from './prehide';
import { createScriptLoader } from './script';
import { settle } from '../../../core/sequence';

/** Options of the changes plugin. */
export interface ChangesOptions {
  /** ms after DOM ready that selectors are observed (default 2000, CHG-22). */
  timeout?: number;
  /** Selector polling interval in ms (default 20, CHG-22). */
  pollInterval?: number;
  /** Safety timeout of pre-hiding in ms (default 3000). */
  prehideTimeout?: number;
  /** Base URL a relative async-change `src` resolves against (the project's CDN path, NET-7). */
  scriptBase?: string;
  /** Observe indefinitely whatever the controls module says (tests, editor). */
  observeIndefinitely?: boolean;
}

/** Text of the error for a dependency cycle (rulings 13, ERR-19). */
export const msgCircular = (ids: string[]) => `Circular dependencies in changes: ${ids.join(' -> ')}`;
/** Text of the warning for a missing dependency (rulings 13, ERR-18). */
export const msgAbsent = (id: string) => `Change with id "${id}" is absent`;
/** Text of the error for a type with no applier (rulings 13, ERR-21). */
export const msgUnknownType = (type: unknown) => `Unrecognized change type "${type}"`;

const NO_DEPS: string[] = [];

interface PageRecord {
  /** Bumped when the page's observation is cancelled: changes still waiting then are not applied. */
  epoch: number;
  handles: Array<{ id: string; handle: UndoHandle }>;
  /** The element runs still observing. */
  stops: Set<ChangeRun>;
  /** The change lists of the page's actions (their states are forgotten with the page). */
  lists: Change[][];
}

/** One action being applied: where its changes report, and what they share. */
interface Run {
  meta: ActionMeta;
  actionId: string | undefined;
  page: PageRecord;
  forever: boolean;
  /** The environment appliers get, one per action. */
  env: ChangeEnv;
  /** Clock time during the synchronous pass when the DOM is ready (undefined after: later starts read the clock). */
  now: number | undefined;
  changes: Change[];
  /** The ids of the action's changes. */
  ids: Set<string>;
  cycle: string[] | undefined;
  /** Whether each settled change was applied, by id. */
  results: Map<string, boolean>;
  /** What waits for a change to settle (its dependants), by id; made on first need. */
  waiters: Map<string, Array<(ok: boolean) => void>> | undefined;
  /** Changes not settled yet, plus one for the synchronous pass. */
  left: number;
  finish: () => void;
}

/**
 * One change of an action: a record the module's functions work on (see elements.ts for why not
 * closures per change). Element-based changes use it as their element run.
 */
interface ChangeRun extends ElementRun {
  id: string;
  run: Run;
  /** Ends the change's pre-hiding, once one was set up. */
  release: (() => void) | undefined;
}

/** The ids of the first dependency cycle among `changes`, or undefined. */
const findCycle = (changes: Change[]): string[] | undefined => {
  const byId = new Map(changes.map((change) => [change.id, change]));
  const state = new Map<string, number>();
  const visit = (id: string, trail: string[]): string[] | undefined => {
    if (state.get(id) === 2) return;
    if (state.get(id) === 1) return [...trail.slice(trail.indexOf(id)), id];
    state.set(id, 1);
    for (const dep of byId.get(id)?.dependencies ?? []) {
      const cycle = byId.has(dep) ? visit(dep, [...trail, id]) : undefined;
      if (cycle) return cycle;
    }
    state.set(id, 2);
  };
  for (const change of changes) {
    const cycle = visit(change.id, []);
    if (cycle) return cycle;
  }
};

/** Creates the module for one kernel. */
export const createChangesModule = (ctx: PluginContext, options: ChangesOptions = {}): ChangesModule => {
  const { win, clock } = ctx;
  const timeout = options.timeout ?? 2000;
  // A map, not an object: ids come and go with pages, and an object that keys are deleted from turns slow.
  const states = new Map<string, ChangeStatus>();
  const pages = new Map<string, PageRecord>();
  const prehider = createPrehide(win, clock, options.prehideTimeout ?? 3000);
  const load = createScriptLoader(win, options.scriptBase);
  let watchers: Watchers | undefined;
  let pending = 0;
  let undoing = false;

  const pageOf = (pageId: string): PageRecord => {
    let page = pages.get(pageId);
    if (!page) pages.set(pageId, (page = { epoch: 0, handles: [], stops: new Set(), lists: [] }));
    return page;
  };
  // Appliers found are cached (the registry is a list); a missing one is looked up again, since
  // project code may still register it.
  const appliers = new Map<unknown, ChangeApplierKind>();
  const applierOf = (change: Change): ChangeApplierKind | undefined => {
    let applier = appliers.get(change.type);
    if (!applier && (applier = ctx.plugin('changeApplier', change.type))) appliers.set(change.type, applier);
    return applier;
  };
  const indefinitely = () => options.observeIndefinitely ?? !!ctx.get<ControlsModule>(MODULES.controls)?.observeIndefinitely();

  /** Calls `fn` with whether `id` was applied, once it has settled. */
  const after = (run: Run, id: string, fn: (ok: boolean) => void) =>
    run.results.has(id) ? fn(run.results.get(id)!) : (run.waiters ??= new Map()).set(id, [...(run.waiters.get(id) ?? []), fn]);
  const countDown = (run: Run) => {
    if (--run.left) return;
    pending--;
    const data: ActionAppliedData = { ...run.meta, actionId: run.actionId };
    ctx.emit({ type: EVENT_TYPES.action, name: 'applied', data });
    run.finish();
  };
  /** Puts a change in its final `state` and ends its pre-hiding; it settles once (`ok`: applied), for its dependants and the action. */
  const end = (change: ChangeRun, ok: boolean, state: ChangeStatus) => {
    const { id, run } = change;
    states.set(id, state);
    change.release?.();
    if (run.results.has(id)) return;
    run.results.set(id, ok);
    run.waiters?.get(id)?.forEach((waiter) => waiter(ok));
    countDown(run);
  };
  const failed = (change: ChangeRun, error: unknown, state: 'error' | 'timed_out') => {
    change.run.page.stops.delete(change);
    ctx.report('ActionError', error, { changeId: change.id, ...change.run.meta });
    end(change, false, state);
  };
  // Made once: every element run reports through it.
  const hooks: ElementHooks<ChangeRun> = {
    keep: (change, handle) => void change.run.page.handles.push({ id: change.id, handle }),
    applied: (change) => end(change, true, 'applied'),
    failed,
    quiet: (change) => end(change, false, 'unapplied'),
  };

  /**
   * Applies one change whose dependencies are met. Settles it once, synchronously when it can (no
   * promise per change: they cost more than a simple change).
   */
  const start = (change: ChangeRun): void => {
    const { id, run } = change;
    const applier = applierOf(change.change);
    if (!applier) return failed(change, Error(msgUnknownType(change.change.type)), 'error');
    states.set(id, 'applying');
    if (!applier.perElement) {
      try {
        hooks.keep(change, applier.apply(change.change, undefined, run.env));
      } catch (thrown) {
        return failed(change, thrown, 'error');
      }
      return end(change, true, 'applied');
    }
    if (!win?.document || !change.change.selector) return failed(change, Error(MSG_NO_SELECTOR), 'error');
    change.applier = applier;
    change.watchers = watchersOf(win);
    run.page.stops.add(change);
    startElements(change, run.now);
  };

  /** A change with dependencies or a script to load: applied once they are met and loaded. */
  const wait = (change: ChangeRun): void => {
    const { id, run } = change;
    const { page, ids } = run;
    const deps = !change.change.dependencies?.length ? NO_DEPS : change.change.dependencies.filter((dep) => {
      if (ids.has(dep) || states.get(dep) === 'applied') return true;
      ctx.log.warn(msgAbsent(dep));
      return false;
    });
    states.set(id, deps.length ? 'blocked' : 'unapplied');
    const epoch = page.epoch;
    const src = change.change.src;
    const go = () => {
      // The page was deactivated (or undone) while this change waited.
      if (page.epoch !== epoch) return end(change, false, 'ignored');
      if (!src) return start(change);
      settle(
        load(src),
        () => (page.epoch === epoch ? start(change) : go()),
        (error) => failed(change, error, 'error'),
      );
    };
    let missing = deps.length;
    if (!missing) go();
    deps.forEach((dep) => {
      const met = (ok: boolean) => {
        if (missing < 0) return;
        if (!ok) {
          // A dependency failed: this change cannot be applied as authored.
          missing = -1;
          return end(change, false, 'ignored');
        }
        if (!--missing) go();
      };
      ids.has(dep) ? after(run, dep, met) : met(true);
    });
  };

  const begin = (run: Run, item: Change) => {
    const id = item.id;
    const change: ChangeRun = {
      change: item,
      id,
      run,
      release: undefined,
      applier: undefined!,
      env: run.env,
      watchers: undefined!,
      clock,
      timeout,
      indefinitely: run.forever,
      hooks,
      // The observation state, written out: one literal, one shape for every change.
      done: undefined,
      waiting: undefined,
      applied: false,
      stopped: false,
      deadline: undefined,
      fresh: false,
      inTask: false,
      tasks: undefined,
      kept: undefined,
    };
    if (run.cycle?.includes(id)) return end(change, false, 'error');
    // The usual change (no dependencies, no script) is applied at once: its 'unapplied' state
    // would be overwritten before anything could read it.
    if (!item.dependencies?.length && !item.src) start(change);
    else wait(change);
    // Pre-hide what a change still waiting will edit, until it is applied, fails or times out;
    // a change applied at once needs no rule (flicker-free either way, and cheaper).
    if (!run.results.has(id) && win?.document && item.selector && applierOf(item)?.perElement) {
      change.release = prehider.hide([item.selector]);
    }
  };
  const beginAll = (run: Run) => {
    for (let i = 0; i < run.changes.length; i++) begin(run, run.changes[i]);
  };
  const observedPass = (run: Run) => watchersOf(win!).batch(beginAll, run);

  const applyAction = (action: Action, meta: ActionMeta): Promise<void> => {
    // One indexed pass (no filter/map/some chain): the usable changes, their ids, whether any has dependencies.
    const list = action.changes ?? action.changeSet ?? [];
    const changes: Change[] = [];
    const ids = new Set<string>();
    let linked = false;
    for (let i = 0; i < list.length; i++) {
      const change = list[i];
      if (!change || typeof change !== 'object') continue;
      changes.push(change);
      ids.add(change.id);
      if (change.dependencies?.length) linked = true;
    }
    const page = pageOf(meta.pageId);
    page.lists.push(changes);
    const doc = win?.document;
    const run: Run = {
      meta,
      actionId: action.id,
      page,
      env: { meta, win: win!, ctx },
      now: doc && isReady(doc) ? clock.now() : undefined,
      forever: indefinitely(),
      changes,
      ids,
      // Most actions have no dependencies: skip the graph walk then.
      cycle: linked ? findCycle(changes) : undefined,
      results: new Map(),
      waiters: undefined,
      left: ids.size + 1,
      finish: undefined!,
    };
    const done = new Promise<void>((resolve) => (run.finish = resolve));
    pending++;
    // One observer pause for the whole synchronous pass: the runtime's own edits are not rescanned;
    // and one write of the pre-hiding rules for the changes that wait.
    if (doc) prehider.batch(observedPass, run);
    else beginAll(run);
    run.now = undefined;
    if (run.cycle) ctx.report('ActionError', Error(msgCircular(run.cycle)), { ...meta });
    countDown(run);
    return done;
  };

  const cancelObservation = (pageId: string) => {
    const page = pages.get(pageId);
    if (page) page.epoch++;
    page?.stops.forEach(cancelElements);
    page?.stops.clear();
  };

  const watchersOf = (w: Window & typeof globalThis) => (watchers ??= createWatchers(w, clock, options.pollInterval ?? 20));
  const observeSelector = createObserveSelector(ctx, watchersOf, timeout);

  return {
    applyAction,
    cancelObservation,
    undoPage(pageId) {
      const page = pages.get(pageId);
      if (!page) return;
      cancelObservation(pageId);
      undoing = true;
      const handles = page.handles.splice(0).reverse();
      handles.forEach(({ id }) => states.set(id, 'undoing'));
      for (const { id, handle } of handles) ctx.attempt('ActionError', () => handle.undo(), { changeId: id, pageId });
      handles.forEach(({ id }) => states.set(id, 'unapplied'));
      undoing = false;
    },
    removeActionState(pageId) {
      const page = pages.get(pageId);
      if (!page) return;
      cancelObservation(pageId);
      page.lists.forEach((list) => list.forEach((change) => states.delete(change.id)));
      pages.delete(pageId);
    },
    changeStates: () => Object.fromEntries(states),
    changeState: (id) => states.get(id),
    status: () =>
      undoing ? 'undoing' : pending ? 'applying' : [...pages.values()].some((page) => page.handles.length) ? 'applied' : 'unapplied',
    prehide: prehider.hide,
    observeSelector,
  };
};
