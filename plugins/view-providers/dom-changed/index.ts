/**
 * Activation type `dom_changed` (PAG-6): the page is evaluated at activation and again when the document
 * changes (a MutationObserver on the whole document), at most once per `throttle` ms, so a page whose
 * conditions depend on content that arrives late activates when it arrives, and deactivates (if
 * enabled) when its conditions stop matching.
 */
import { definePlugin, type PluginOf } from '../../../core';
import { throttle } from '../_shared/throttle';

/** Options of the dom_changed provider. */
export interface DomChangedOptions {
  /** Minimum time between two evaluations, in ms; default 50. */
  throttle?: number;
}

export default function domChanged(options: DomChangedOptions = {}): PluginOf<'viewProvider'> {
  return definePlugin({
    type: 'viewProvider',
    name: 'dom_changed',
    watch(page, update, env) {
      const [check, cancel] = throttle(() => update(true), options.throttle ?? 50, env.clock);
      check();
      const win = env.win;
      const root = win?.document?.documentElement;
      if (!win?.MutationObserver || !root) return cancel;
      const observer = new win.MutationObserver(check);
      observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
      return () => {
        observer.disconnect();
        cancel();
      };
    },
  });
}
