/**
 * URL changes of a single-page app: `history.pushState`/`replaceState` (patched, once per window, however
 * many pages watch) and the `popstate` and `hashchange` events. The patch is removed when the last
 * watcher stops, so a destroyed runtime leaves the page's history as it found it.
 */

/** A window's patch: the watchers to call (one entry per watch) and the function that removes the patch. */
type Patch = [listeners: Set<() => void>, restore: () => void];

const patches = new WeakMap<object, Patch>();
type HistoryMethod = 'pushState' | 'replaceState';
const EVENTS = ['popstate', 'hashchange'] as const;

const install = (win: Window): Patch => {
  const history = win.history;
  const listeners = new Set<() => void>();
  let last = win.location.href;
  const notify = () => {
    const href = win.location.href;
    if (href === last) return; // replaceState with the same URL, or a popstate that changed nothing
    last = href;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // The host page's navigation must go on whatever a watcher does.
      }
    }
  };
  const wrap = (name: HistoryMethod) => {
    const original = history[name];
    const own = Object.prototype.hasOwnProperty.call(history, name);
    const patched = function (this: History, ...args: Parameters<History[HistoryMethod]>) {
      const result = original.apply(this, args); // the host's own errors (SecurityError) stay the host's
      notify();
      return result;
    };
    history[name] = patched;
    // Another script may have wrapped ours since: then ours stays in place, inert once nobody listens.
    return () => {
      if (history[name] !== patched) return;
      if (own) history[name] = original;
      else delete (history as Partial<History>)[name]; // back to the prototype's method, as the page had it
    };
  };
  const unwrap = [wrap('pushState'), wrap('replaceState')];
  for (const type of EVENTS) win.addEventListener(type, notify);
  return [
    listeners,
    () => {
      unwrap.forEach((undo) => undo());
      for (const type of EVENTS) win.removeEventListener(type, notify);
      patches.delete(win);
    },
  ];
};

/** Calls `listener` after each change of the window's URL; returns the function that stops it. */
export const onUrlChange = (win: Window, listener: () => void): (() => void) => {
  let patch = patches.get(win);
  if (!patch) patches.set(win, (patch = install(win)));
  const [listeners, restore] = patch;
  // A function of its own per watch, so the same listener watching twice is two entries.
  const entry = () => listener();
  listeners.add(entry);
  return () => {
    if (listeners.delete(entry) && !listeners.size) restore();
  };
};

/** Whether the window's history is currently patched (for tests and diagnostics). */
export const historyPatched = (win: Window): boolean => patches.has(win);
