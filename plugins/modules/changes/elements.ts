/**
 * Applying one element-based change: every element matching its selector now, then each new match
 * as it appears, until the timeout (CHG-18..22), or indefinitely with the overheat guard (CHG-23..25).
 *
 * A change being applied is a plain record ({@link ElementRun}) worked on by the module-level
 * functions below, not a set of closures made per change: a function made once keeps its optimised
 * code, while closures made per change start cold each time (their optimised code is dropped at the
 * next garbage collection once they are gone), which cost more than a simple change itself.
 */
import type { ChangeApplierKind, ChangeEnv, Clock, UndoHandle } from '../../../core';
import type { Change } from '../../../core/project/types';
import { hideElement, isParsed, isPolled, isReady, type Watchers } from './dom';

/** Catalogue text (ERR-23). */
export const MSG_NO_SELECTOR = 'Unable to find selector.';
/** Overheat limits (runtime-spec §9, CHG-24). */
export const OVERHEAT_WINDOW_MS = 1000;
export const OVERHEAT_MAX_TASKS = 10;

/** The overheat error's text. */
export const msgOverheat = (id: string) =>
  `Change "${id}" overheated: applied in more than ${OVERHEAT_MAX_TASKS} macrotasks within ${OVERHEAT_WINDOW_MS} ms, cancelled`;

/** Where an element run reports back (one object per module; each call gets the run). */
export interface ElementHooks<R> {
  /** Keeps an undo handle (in the page's list). */
  keep(run: R, handle: UndoHandle): void;
  /** The change is applied (first matches changed), called once. */
  applied(run: R): void;
  /** The change failed (thrown applier, bad selector, timeout, overheat): report it; `state` is the change state. */
  failed(run: R, error: unknown, state: 'error' | 'timed_out'): void;
  /** Nothing found, no error: the timeout passed while observing indefinitely, or observation was cancelled. */
  quiet(run: R): void;
}

/** One element-based change being applied: what it needs, and its observation state. */
export interface ElementRun {
  change: Change;
  applier: ChangeApplierKind;
  env: ChangeEnv;
  watchers: Watchers;
  clock: Clock;
  /** ms after DOM ready to keep observing (CHG-22). */
  timeout: number;
  indefinitely: boolean;
  hooks: ElementHooks<any>;
  /** Elements this change already handled (changed, or created by it): never changed twice (CHG-21). Made on first need. */
  done: WeakSet<Element> | undefined;
  /** Matches the parser is still filling, hidden until it is done with them. Made on first need. */
  waiting: Map<Element, () => void> | undefined;
  applied: boolean;
  stopped: boolean;
  /**
   * When observation ends (ms, clock time); checked by each scan, which the shared poll runs every
   * 20 ms: no timer per change. Undefined until known: the change started before DOM ready, whose
   * time the shared watchers keep.
   */
  deadline: number | undefined;
  /** True during the first scan when the deadline was just set from the current time: no clock read. */
  fresh: boolean;
  /** Overheat bookkeeping (indefinite observation; and re-applications after re-renders, always). */
  inTask: boolean;
  tasks: number[] | undefined;
  /** Handles of changed elements that can tell whether the change still holds (ruling 23). Made on first need. */
  kept: UndoHandle[] | undefined;
}

const stop = (run: ElementRun) => {
  if (run.stopped) return;
  run.stopped = true;
  run.watchers.unwatch(run);
  run.waiting?.forEach((show) => show());
  run.waiting = undefined;
  run.kept = undefined;
};

const fail = (run: ElementRun, error: unknown, state: 'error' | 'timed_out') => {
  stop(run);
  run.hooks.failed(run, error, state);
};

// Overheat: count the macrotasks in which the change had to be applied again (CHG-23..25).
const overheated = (run: ElementRun, always?: boolean) => {
  if (!(run.indefinitely || always) || run.inTask) return false;
  run.inTask = true;
  run.clock.setTimeout(() => (run.inTask = false), 0);
  const now = run.clock.now();
  const tasks = (run.tasks ?? []).filter((at) => at > now - OVERHEAT_WINDOW_MS);
  tasks.push(now);
  run.tasks = tasks;
  return tasks.length > OVERHEAT_MAX_TASKS;
};

const expire = (run: ElementRun) => {
  run.deadline = Infinity;
  if (run.indefinitely) {
    if (!run.applied) run.hooks.quiet(run);
  } else if (run.applied) stop(run);
  else fail(run, Error(MSG_NO_SELECTOR), 'timed_out');
};

/**
 * Ruling 23: applies the change again where the page's own code rewrote what it set on an element it
 * changed (a framework re-render resetting an attribute or the content). Once per macrotask at most, so
 * a page that rewrites in reply to every edit cannot loop within a task; those tasks count towards the
 * overheat guard in every mode. -1 when the run was cancelled by it, 1 when it applied again, else 0.
 */
const reapplyKept = (run: ElementRun): number => {
  const kept = run.kept!;
  let again = 0;
  for (let i = 0; i < kept.length; i++) {
    const handle = kept[i];
    if (handle.holds!()) continue;
    if (run.inTask) {
      // Already applied again in this task: the next poll looks again.
      run.watchers.wakeAt(run.clock.now());
      continue;
    }
    if (!again && overheated(run, true)) {
      fail(run, Error(msgOverheat(run.change.id)), 'error');
      return -1;
    }
    try {
      handle.reapply!();
    } catch (thrown) {
      fail(run, thrown, 'error');
      return -1;
    }
    again = 1;
  }
  return again;
};

/**
 * Where a change applied to `el` may have made new elements that match its selector: nowhere for edits
 * that create none (attribute edits other than html, moves); inside `el` for html and for nodes appended
 * or prepended to it; under its parent for nodes placed before or after it; anywhere for every other
 * applier (widgets, custom code). A query of the whole document costs in proportion to the page (in
 * Chromium, 57 µs for a class matching 1,000 of 8,000 elements, against 1 µs inside one of them).
 */
const madeIn = (change: Change, el: Element, doc: Document): ParentNode | undefined => {
  if (change.type === 'rearrange') return;
  if (change.type === 'attribute') return change.attributes?.html == null ? undefined : el;
  if (change.type === 'append') return change.operator === 'before' || change.operator === 'after' ? el.parentNode || doc : el;
  return doc;
};

/** Looks at the page once: changes the matches not handled yet. What the shared watchers call. */
const scan = (run: ElementRun): void => {
  if (run.stopped) return;
  const { change, env } = run;
  const doc = env.win.document;
  if (run.deadline === undefined) {
    const ready = run.watchers.readyAt();
    if (ready !== undefined) run.deadline = ready + run.timeout;
  }
  if (run.deadline !== undefined && !(run.fresh && run.timeout > 0) && run.clock.now() >= run.deadline) return expire(run);
  // A quiet page is not scanned: the watchers wake this scan at its deadline.
  if (run.deadline !== undefined) run.watchers.wakeAt(run.deadline);
  const again = run.kept ? reapplyKept(run) : 0;
  if (again < 0) return;
  let found: NodeListOf<Element>;
  try {
    found = doc.querySelectorAll(change.selector!);
  } catch (thrown) {
    return fail(run, thrown, 'error');
  }
  let changed = again > 0;
  let scopes: Set<ParentNode> | undefined;
  const ready = isReady(doc);
  // Indexed, not for-of: a NodeList iterator costs more than the lookups here.
  for (let i = 0, n = found.length; i < n; i++) {
    const el = found[i];
    if (run.done?.has(el)) continue;
    if (!ready && !isParsed(el)) {
      const waiting = (run.waiting ??= new Map());
      if (!waiting.has(el)) waiting.set(el, hideElement(el));
      continue;
    }
    if (!changed && overheated(run)) return fail(run, Error(msgOverheat(change.id)), 'error');
    if (run.waiting?.size) {
      run.waiting.get(el)?.();
      run.waiting.delete(el);
    }
    (run.done ??= new WeakSet()).add(el);
    changed = true;
    const scope = madeIn(change, el, doc);
    if (scope) (scopes ??= new Set()).add(scope);
    try {
      const handle = run.applier.apply(change, el, env);
      run.hooks.keep(run, handle);
      if (handle && handle.holds && handle.reapply) {
        (run.kept ??= []).push(handle);
        run.watchers.mark(el);
      }
    } catch (thrown) {
      return fail(run, thrown, 'error');
    }
  }
  if (!changed) return;
  // What now matches where the change made elements, and was not waiting, was made by this change
  // (appended copies, new markup): it is never changed in turn. Looked at once every match is changed,
  // so that a match the loop had still to reach is not taken for one. Past a few places, one query of
  // the document costs less than one per place.
  (scopes && scopes.size > 16 ? [doc] : scopes)?.forEach((scope) => {
    const now = scope.querySelectorAll(change.selector!);
    for (let i = 0, n = now.length; i < n; i++) if (!run.waiting?.has(now[i])) run.done!.add(now[i]);
  });
  if (!run.applied) {
    run.applied = true;
    run.hooks.applied(run);
  }
};

/**
 * Starts the run (its record built by the caller, observation state idle); `now` is the clock
 * time of the call when the DOM is already ready (the caller reads it once per action), else
 * undefined. The first scan runs synchronously, so a change whose elements are already there is
 * applied before this returns.
 */
export const startElements = (run: ElementRun, now: number | undefined): void => {
  run.watchers.watch(run, scan, isPolled(run.change.selector!));
  // Started after DOM ready: observe `timeout` from now. Before: from DOM ready, which the shared
  // watchers date (no listener per change).
  const since = now ?? (isReady(run.env.win.document) ? run.clock.now() : undefined);
  if (since !== undefined) run.deadline = since + run.timeout;
  run.fresh = since !== undefined;
  scan(run);
  run.fresh = false;
};

/** Stops observing (PAG-18 step 1), settling the change as unapplied when nothing had matched yet. */
export const cancelElements = (run: ElementRun): void => {
  if (run.stopped) return;
  stop(run);
  if (!run.applied) run.hooks.quiet(run);
};
