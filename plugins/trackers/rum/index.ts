/**
 * The `rum` tracker: performance reporting (runtime-spec §7, §9; TRK-43..46). Once per page load, 3 s
 * after the load event, a sampled page (1 percent by default) POSTs, with credentials, its navigation
 * timings, user timings (marks and measures), the extras given through the `rum` push call and the
 * size of the runtime's local storage. The `rum` call is high priority: it may run before load.
 */
import { CLIENT_VERSION, definePlugin, PREFIX } from '../../../core';
import type { PluginOf } from '../../../core';
import { isBot } from '../_shared/bots';
import { request } from '../_shared/request';
import { uuid } from '../_shared/uuid';
import { settle } from '../../../core/sequence';

/** Options of the rum tracker. */
export interface RumOptions {
  /** Where reports go; default `{page origin}/v1/rum`. */
  url?: string;
  /** Share of page loads reported (TRK-45). Default 0.01. */
  sampleRate?: number;
  /** Delay after the load event, ms (TRK-44). Default 3000. */
  delay?: number;
}

/** What a performance report carries (TRK-43). */
export interface RumReport {
  id: string;
  v: string;
  project: string;
  navigationTimings: Record<string, unknown>;
  userTimings: Array<{ name: string; entryType: string; startTime: number; duration: number }>;
  extras: Record<string, unknown>;
  sampleRate: number;
  lsMetrics: { keys: number; bytes: number };
}

/** Creates the rum tracker. */
export default function rum(options: RumOptions = {}): PluginOf<'tracker'> {
  const { sampleRate = 0.01, delay = 3000 } = options;
  return definePlugin({
    type: 'tracker',
    name: 'rum',
    setup(ctx) {
      const win = ctx.win;
      const extras: Record<string, unknown> = {};
      // Sampled once per page load; `['rum', { force: true }]` reports this page whatever the sample.
      let inSample = Math.random() < sampleRate;
      let sent = false;
      ctx.defineCall(
        'rum',
        ({ extras: given }) => {
          if (!given || typeof given != 'object') return;
          const { force, ...rest } = given as Record<string, unknown>;
          if (force) inSample = true;
          Object.assign(extras, rest);
        },
        ['extras'],
      );
      if (!win) return;
      const lsMetrics = () => {
        let keys = 0;
        let bytes = 0;
        try {
          const storage = win.localStorage;
          for (let i = 0; i < storage.length; i++) {
            const key = storage.key(i) ?? '';
            if (!key.startsWith(PREFIX)) continue;
            keys++;
            bytes += key.length + (storage.getItem(key) ?? '').length;
          }
        } catch {
          // No local storage: nothing to count.
        }
        return { keys, bytes };
      };
      const report = (): RumReport => {
        const performance = win.performance;
        const navigation = performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
        return {
          id: uuid(win),
          v: CLIENT_VERSION,
          project: ctx.data.projectId,
          navigationTimings: (navigation?.toJSON() ?? {}) as Record<string, unknown>,
          userTimings: ['mark', 'measure'].flatMap((type) =>
            (performance?.getEntriesByType?.(type) ?? []).map(({ name, entryType, startTime, duration }) => ({ name, entryType, startTime, duration })),
          ),
          extras,
          sampleRate,
          lsMetrics: lsMetrics(),
        };
      };
      const send = () => {
        if (sent || !inSample || ctx.disabled('tracking') || isBot(win.navigator.userAgent)) return;
        sent = true;
        settle(
          request(win, { url: options.url ?? win.location.origin + '/v1/rum', method: 'POST', withCredentials: true, data: report() }),
          () => {},
          (error) => ctx.log.debug('Performance report not sent:', error),
        );
      };
      const start = () => void ctx.clock.setTimeout(send, delay);
      if (win.document.readyState == 'complete') start();
      else win.addEventListener('load', start, { once: true });
      return () => win.removeEventListener('load', start);
    },
  });
}
