/**
 * Activation type `url_changed` (PAG-6): for single-page apps. The page is evaluated at activation and
 * again after each URL change (history pushState/replaceState, popstate, hashchange): it activates when
 * its conditions match, and deactivates when they stop matching if deactivation is enabled. A page
 * already active stays active (one activation, one pageview) until it deactivates.
 */
import { definePlugin } from '../../../core';
import { onUrlChange } from '../_shared/history';

export default definePlugin({
  type: 'viewProvider',
  name: 'url_changed',
  watch(page, update, env) {
    update(true);
    return env.win ? onUrlChange(env.win, () => update(true)) : () => {};
  },
});
