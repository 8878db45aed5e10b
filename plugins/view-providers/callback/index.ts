/**
 * Activation type `callback` (PAG-3): the page's activation code runs once per activation and receives
 * `activate`; calling it activates the page (`activate(false)` deactivates it). What the code throws is
 * an ActivationCodeError (reported by the pages module); other pages are not affected.
 */
import { definePlugin } from '../../../core';

export default definePlugin({
  type: 'viewProvider',
  name: 'callback',
  watch(page, update, env) {
    let stopped = false;
    env.runCode((isActive) => void (!stopped && update(isActive !== false)));
    return () => {
      stopped = true;
    };
  },
});
