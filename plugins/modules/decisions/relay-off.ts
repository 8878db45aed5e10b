/**
 * The redirect relay of a fitted snippet whose project has no redirect change (plugins/presets/fit.ts puts
 * this module in place of ./relay.ts at build time). Only a redirect change relays a decision, and the
 * relay cookie it writes is read by the next page of the same project, so such a project never writes one
 * and has none to read: a fitted snippet refuses data from `load`, so no redirect change can arrive later.
 * `relayRedirect` answers false (nothing written), as the relay does when a page has nothing to relay.
 */
import type { AnalyticsDecisionPayload } from '../../../core';

/** No relay: nothing written, nothing read, no relayed decision. */
export const createRelay = () => ({
  write: (_payload: AnalyticsDecisionPayload | null): boolean => false,
  track: (): void => {},
  info: (): AnalyticsDecisionPayload | null => null,
});
