/**
 * When a page's DOM is ready, for the controls module's `domReady` and the pages module's fallback
 * without controls: DOMContentLoaded, or the window's `load` with `untilLoad` (an editor reads the
 * finished layout, URL-30); at once when that has passed, or without a document.
 */
export const whenDomReady = (win: Window | undefined, untilLoad?: boolean): Promise<void> => {
  const doc = win?.document;
  if (!doc || (untilLoad ? doc.readyState === 'complete' : doc.readyState !== 'loading')) return Promise.resolve();
  // One promise (and one listener) per window and event, however often it is asked for: each listener
  // added costs Chromium a search of the ones already there.
  const key = untilLoad ? 'load' : 'DOMContentLoaded';
  let waits = pending.get(win!);
  if (!waits) pending.set(win!, (waits = {}));
  return (waits[key] ??= new Promise<void>((resolve) => win!.addEventListener(key, () => resolve(), { once: true })));
};
const pending = new WeakMap<Window, Partial<Record<string, Promise<void>>>>();
