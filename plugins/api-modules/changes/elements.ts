/**
 * Applying one element-based change: every element matching its selector now, then each new match
 * as it appears, until the timeout (CHG-18..22), or indefinitely with the overheat guard (CHG-23..25).
 */
import type { ChangeApplierKind, ChangeEnv, Clock, UndoHandle } from '../../../core';
import type { Change } from '../../../core/project/types';
import { hideElement, isParsed, isReady, type Watchers } from './dom';

/** Catalogue text (ERR-23). */
export const MSG_NO_SELECTOR = 'Unable to find selector.';
/** Overheat limits (runtime-spec §9, CHG-24). */
export const OVERHEAT_WINDOW_MS = 1000;
export const OVERHEAT_MAX_TASKS = 10;

/** The overheat error's text. */
export const msgOverheat = (id: string) =>
  `Change "${id}" overheated: applied in more than ${OVERHEAT_MAX_TASKS} macrotasks within ${OVERHEAT_WINDOW_MS} ms, cancelled`;

/** What the element runner reports back to the changes module. */
export interface ElementRun {
  change: Change;
  applier: ChangeApplierKind;
  env: ChangeEnv;
  watchers: Watchers;
  clock: Clock;
  /** ms after DOM ready to keep observing (CHG-22). */
  timeout: number;
  /** Clock time of the call when the DOM is already ready (observation ends `timeout` after it); else undefined. */
  now?: number;
  indefinitely: boolean;
  /** Keeps an undo handle (in the page's list). */
  keep(handle: UndoHandle): void;
  /** The change is applied (first matches changed), called once. */
  applied(): void;
  /** The change failed (thrown applier, bad selector, timeout, overheat): report it; `state` is the change state. */
  failed(error: unknown, state: 'error' | 'timed_out'): void;
  /** Nothing found, no error: the timeout passed while observing indefinitely, or observation was cancelled. */
  quiet(): void;
}

/**
 * Starts the run; returns the function that stops observing (PAG-18 step 1), settling the change
 * as unapplied when nothing had matched yet. The first scan runs
 * synchronously, so a change whose elements are already there is applied before this returns.
 */
export const runOnElements = (run: ElementRun): (() => void) => {
  const { change, applier, env, clock } = run;
  const doc = env.win.document;
  const selector = change.selector!;
  // Elements this change already handled (changed, or created by it): never changed twice (CHG-21).
  const done = new WeakSet<Element>();
  // Matches the parser is still filling, hidden until it is done with them.
  // Made on first need: once the DOM is ready (the usual case) nothing ever waits.
  let waiting: Map<Element, () => void> | undefined;
  let applied = false;
  let stopped = false;
  // When observation ends (ms, clock time); checked by each scan, which the shared poll runs every
  // 20 ms: no timer per change, which would cost more than the change itself.
  // Undefined until known: the change started before DOM ready, whose time the shared watchers keep.
  let deadline: number | undefined;
  let inTask = false;
  let tasks: number[] | undefined;
  // Attribute edits other than html, and moves, create no element that could match again.
  const creates = !(change.type === 'rearrange' || (change.type === 'attribute' && change.attributes?.html == null));

  const stop = () => {
    if (stopped) return;
    stopped = true;
    unwatch();
    waiting?.forEach((show) => show());
    waiting = undefined;
  };
  const fail = (error: unknown, state: 'error' | 'timed_out') => {
    stop();
    run.failed(error, state);
  };
  // Overheat: count the macrotasks in which the change had to be applied again (CHG-23..25).
  const overheated = () => {
    if (!run.indefinitely || inTask) return false;
    inTask = true;
    clock.setTimeout(() => (inTask = false), 0);
    const now = clock.now();
    tasks = (tasks ?? []).filter((at) => at > now - OVERHEAT_WINDOW_MS);
    tasks.push(now);
    return tasks.length > OVERHEAT_MAX_TASKS;
  };

  const expire = () => {
    deadline = Infinity;
    if (run.indefinitely) return applied || run.quiet();
    if (applied) stop();
    else fail(Error(MSG_NO_SELECTOR), 'timed_out');
  };

  // True during the first scan when the deadline was just set from the current time: no clock read.
  let fresh = false;
  const scan = () => {
    if (stopped) return;
    if (deadline === undefined) {
      const ready = run.watchers.readyAt();
      if (ready !== undefined) deadline = ready + run.timeout;
    }
    if (deadline !== undefined && !(fresh && run.timeout > 0) && clock.now() >= deadline) return expire();
    let found: NodeListOf<Element>;
    try {
      found = doc.querySelectorAll(selector);
    } catch (thrown) {
      return fail(thrown, 'error');
    }
    let changed = false;
    const ready = isReady(doc);
    // Indexed, not for-of: a NodeList iterator costs more than the lookups here.
    for (let i = 0, n = found.length; i < n; i++) {
      const el = found[i];
      if (done.has(el)) continue;
      if (!ready && !isParsed(el)) {
        if (!(waiting ??= new Map()).has(el)) waiting.set(el, hideElement(el));
        continue;
      }
      if (!changed && overheated()) return fail(Error(msgOverheat(change.id)), 'error');
      if (waiting?.size) {
        waiting.get(el)?.();
        waiting.delete(el);
      }
      done.add(el);
      changed = true;
      try {
        run.keep(applier.apply(change, el, env));
      } catch (thrown) {
        return fail(thrown, 'error');
      }
    }
    if (!changed) return;
    // What now matches and was not waiting was made by this change (appended copies, new markup);
    // only appliers that create elements need this second query.
    if (creates) {
      const now = doc.querySelectorAll(selector);
      for (let i = 0, n = now.length; i < n; i++) if (!waiting?.has(now[i])) done.add(now[i]);
    }
    if (!applied) {
      applied = true;
      run.applied();
    }
  };

  const unwatch = run.watchers.watch(scan);
  // Started after DOM ready: observe `timeout` from now (the caller read the clock once for the
  // whole action). Before: from DOM ready, which the shared watchers date (no listener per change).
  const since = run.now ?? (isReady(doc) ? clock.now() : undefined);
  if (since !== undefined) deadline = since + run.timeout;
  fresh = since !== undefined;
  scan();
  fresh = false;
  // Cancelled from outside (page deactivated) before anything matched: settle without an error.
  return () => {
    if (stopped) return;
    stop();
    if (!applied) run.quiet();
  };
};
