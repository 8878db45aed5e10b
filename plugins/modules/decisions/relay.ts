/**
 * The redirect relay cookie (DEC-42..48). Before a redirect, the decision of the redirecting layer is
 * written to the cookie `varia_redirect` (5 s max age, text of ./relay-codec.ts). After the redirect,
 * activation step 4 reads it once, removes it and emits the decision for the tracker. The first layer
 * that announces a redirect on a page is kept (DEC-47).
 *
 * A fitted snippet whose project has no redirect change takes ./relay-off.ts instead (plugins/presets/fit.ts).
 */
import { EVENT_TYPES, type AnalyticsDecisionPayload, type PluginContext } from '../../../core';
import { COOKIE_NAMES } from '../../../core/kinds/visitor';
import { decodeRelay, encodeRelay, RELAY_MAX_AGE } from './relay-codec';

/** The relay of one kernel: write before a redirect, read once after it. */
export const createRelay = (ctx: PluginContext) => {
  let relayed = false;
  let tracked = false;
  let info: AnalyticsDecisionPayload | null = null;
  const cookie = () => ctx.plugin('storage', 'cookie');
  return {
    /** Writes the relay for a decided layer's payload; false when already relayed or not written. */
    write: (payload: AnalyticsDecisionPayload | null): boolean => {
      const store = cookie();
      if (relayed || !payload || !store) return false;
      return (relayed = store.write(COOKIE_NAMES.redirect, encodeRelay(payload), { maxAge: RELAY_MAX_AGE }));
    },
    /** Activation step 4 (DEC-46, DEC-48): reads, removes and emits the relayed decision, once per page. */
    track: (): void => {
      if (tracked) return;
      tracked = true;
      const store = cookie();
      const text = store?.read(COOKIE_NAMES.redirect);
      if (typeof text !== 'string' || !text) return;
      store!.remove(COOKIE_NAMES.redirect);
      info = decodeRelay(text, ctx.log) ?? null;
      if (info) ctx.emit({ type: EVENT_TYPES.tracking, name: 'redirectDecision', data: info });
    },
    info: () => info,
  };
};
