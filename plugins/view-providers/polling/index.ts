/**
 * Activation type `polling` (PAG-4): the page's activation code runs every `interval` ms until it
 * succeeds (returns a truthy value, or calls its `activate` argument) or the DOM-ready timeout passes:
 * `afterDomReady` ms after DOM ready (default 2000, the spec's polling maximum after DOM ready).
 * A throwing attempt is reported as an ActivationCodeError and polling goes on.
 */
import { definePlugin, type PluginOf, type TimerId } from '../../../core';
import { settle } from '../../../core/sequence';

/** Options of the polling provider. */
export interface PollingOptions {
  /** Milliseconds between attempts; default 50 (the generic poll interval of runtime-spec §9). */
  interval?: number;
  /** How long polling continues after DOM ready, in ms; default 2000. */
  afterDomReady?: number;
}

export default function polling(options: PollingOptions = {}): PluginOf<'viewProvider'> {
  const interval = options.interval ?? 50;
  const afterDomReady = options.afterDomReady ?? 2000;
  return definePlugin({
    type: 'viewProvider',
    name: 'polling',
    watch(page, update, env) {
      const { clock } = env;
      let stopped = false;
      let timer: TimerId | undefined;
      let deadline = Infinity;
      const stop = () => {
        stopped = true;
        if (timer !== undefined) clock.clearTimeout(timer);
      };
      const succeed = (isActive = true) => {
        if (stopped) return;
        stop();
        update(isActive);
      };
      const attempt = () => {
        timer = undefined;
        if (stopped) return;
        if (env.runCode((isActive) => succeed(isActive !== false))) return succeed();
        if (stopped) return;
        if (clock.now() >= deadline) {
          env.log.debug(`Polling for page ${page.apiName} timed out`);
          return stop();
        }
        timer = clock.setTimeout(attempt, interval);
      };
      void settle(env.domReady(), () => {
        deadline = clock.now() + afterDomReady;
      });
      attempt();
      return stop;
    },
  });
}
