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
import { MSG_NO_SELECTOR, runOnElements } from './elements';
import { createObserveSelector } from './observe-selector';
import { createPrehide } from './prehide';
import { createScriptLoader } from './script';

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
  stops: Set<() => void>;
  ids: Set<string>;
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
  const states: Record<string, ChangeStatus> = {};
  const pages = new Map<string, PageRecord>();
  const prehide = createPrehide(win, clock, options.prehideTimeout ?? 3000);
  const load = createScriptLoader(win, options.scriptBase);
  let watchers: Watchers | undefined;
  let pending = 0;
  let undoing = false;

  const pageOf = (pageId: string): PageRecord => {
    let page = pages.get(pageId);
    if (!page) pages.set(pageId, (page = { epoch: 0, handles: [], stops: new Set(), ids: new Set() }));
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

  /** One action being applied: where its changes report, and what they share. */
  interface Run {
    meta: ActionMeta;
    page: PageRecord;
    forever: boolean;
    /** The environment appliers get, one per action. */
    env: ChangeEnv;
    /** Clock time during the synchronous pass when the DOM is ready (undefined after: later starts read the clock). */
    now?: number;
    /** Settles a change once: true when applied. */
    settle(id: string, ok: boolean): void;
  }

  /**
   * Applies one change whose dependencies are met; `release` ends its pre-hiding. Calls
   * `run.settle` once, synchronously when it can (no promise per change: they cost more than a
   * simple change).
   */
  const start = (change: Change, run: Run, release: () => void): void => {
    const { id } = change;
    const { page, meta } = run;
    const keep = (handle: UndoHandle) => void page.handles.push({ id, handle });
    const end = (ok: boolean, state: ChangeStatus) => {
      states[id] = state;
      release();
      run.settle(id, ok);
    };
    const failed = (error: unknown, state: 'error' | 'timed_out') => {
      page.stops.delete(stop);
      ctx.report('ActionError', error, { changeId: id, ...meta });
      end(false, state);
    };
    let stop = () => {};
    const applier = applierOf(change);
    if (!applier) return failed(Error(msgUnknownType(change.type)), 'error');
    const env = run.env;
    states[id] = 'applying';
    if (!applier.perElement) {
      try {
        keep(applier.apply(change, undefined, env));
      } catch (thrown) {
        return failed(thrown, 'error');
      }
      return end(true, 'applied');
    }
    if (!win?.document || !change.selector) return failed(Error(MSG_NO_SELECTOR), 'error');
    stop = runOnElements({
      change,
      applier,
      env,
      watchers: watchersOf(win),
      clock,
      timeout,
      now: run.now,
      indefinitely: run.forever,
      keep,
      failed,
      applied: () => end(true, 'applied'),
      quiet: () => end(false, 'unapplied'),
    });
    page.stops.add(stop);
  };

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
    // Most actions have no dependencies: skip the graph walk then.
    const cycle = linked ? findCycle(changes) : undefined;
    const results = new Map<string, boolean>();
    const waiters = new Map<string, Array<(ok: boolean) => void>>();
    let left = ids.size + 1;
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const countDown = () => {
      if (--left) return;
      pending--;
      const data: ActionAppliedData = { ...meta, actionId: action.id };
      ctx.emit({ type: EVENT_TYPES.action, name: 'applied', data });
      finish();
    };
    const doc = win?.document;
    const run: Run = {
      meta,
      page,
      env: { meta, win: win!, ctx },
      now: doc && isReady(doc) ? clock.now() : undefined,
      forever: indefinitely(),
      settle(id, ok) {
        if (results.has(id)) return;
        results.set(id, ok);
        waiters.get(id)?.forEach((waiter) => waiter(ok));
        countDown();
      },
    };
    /** Calls `fn` with whether `id` was applied, once it has settled. */
    const after = (id: string, fn: (ok: boolean) => void) =>
      results.has(id) ? fn(results.get(id)!) : waiters.set(id, [...(waiters.get(id) ?? []), fn]);

    const begin = (change: Change) => {
      const id = change.id;
      page.ids.add(id);
      if (cycle?.includes(id)) {
        states[id] = 'error';
        return run.settle(id, false);
      }
      let release = () => {};
      const deps = !change.dependencies?.length ? NO_DEPS : change.dependencies.filter((dep) => {
        if (ids.has(dep) || states[dep] === 'applied') return true;
        ctx.log.warn(msgAbsent(dep));
        return false;
      });
      states[id] = deps.length ? 'blocked' : 'unapplied';
      const epoch = page.epoch;
      const go = () => {
        if (page.epoch !== epoch) {
          // The page was deactivated (or undone) while this change waited.
          states[id] = 'ignored';
          release();
          return run.settle(id, false);
        }
        if (!change.src) return start(change, run, () => release());
        load(change.src).then(
          () => (page.epoch === epoch ? start(change, run, () => release()) : go()),
          (error) => {
            states[id] = 'error';
            release();
            ctx.report('ActionError', error, { changeId: id, ...meta });
            run.settle(id, false);
          },
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
            states[id] = 'ignored';
            release();
            return run.settle(id, false);
          }
          if (!--missing) go();
        };
        ids.has(dep) ? after(dep, met) : met(true);
      });
      // Pre-hide what a change still waiting will edit, until it is applied, fails or times out;
      // a change applied at once needs no rule (flicker-free either way, and cheaper).
      if (!results.has(id) && win?.document && change.selector && applierOf(change)?.perElement) {
        release = prehide([change.selector]);
      }
    };
    pending++;
    // One observer pause for the whole synchronous pass: the runtime's own edits are not rescanned.
    const each = () => {
      for (let i = 0; i < changes.length; i++) begin(changes[i]);
    };
    if (win?.document) watchersOf(win).batch(each);
    else each();
    run.now = undefined;
    if (cycle) ctx.report('ActionError', Error(msgCircular(cycle)), { ...meta });
    countDown();
    return done;
  };

  const cancelObservation = (pageId: string) => {
    const page = pages.get(pageId);
    if (page) page.epoch++;
    page?.stops.forEach((stop) => stop());
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
      handles.forEach(({ id }) => (states[id] = 'undoing'));
      for (const { id, handle } of handles) ctx.attempt('ActionError', () => handle.undo(), { changeId: id, pageId });
      handles.forEach(({ id }) => (states[id] = 'unapplied'));
      undoing = false;
    },
    removeActionState(pageId) {
      const page = pages.get(pageId);
      if (!page) return;
      cancelObservation(pageId);
      page.ids.forEach((id) => delete states[id]);
      pages.delete(pageId);
    },
    changeStates: () => ({ ...states }),
    status: () =>
      undoing ? 'undoing' : pending ? 'applying' : [...pages.values()].some((page) => page.handles.length) ? 'applied' : 'unapplied',
    prehide,
    observeSelector,
  };
};
