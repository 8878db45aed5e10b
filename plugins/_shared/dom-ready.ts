/**
 * When a page's DOM is ready, for the controls module's `domReady` and the pages module's fallback
 * without controls: DOMContentLoaded, or the window's `load` with `untilLoad` (an editor reads the
 * finished layout, URL-30); at once when that has passed, or without a document.
 */
export const whenDomReady = (win: Window | undefined, untilLoad?: boolean): Promise<void> =>
  new Promise<void>((resolve) => {
    const doc = win?.document;
    if (!doc || (untilLoad ? doc.readyState === 'complete' : doc.readyState !== 'loading')) return resolve();
    win!.addEventListener(untilLoad ? 'load' : 'DOMContentLoaded', () => resolve(), { once: true });
  });
