/**
 * The holdbacks of a fitted snippet whose project holds nobody back (no global `holdback`, no layer
 * `holdback` above 0; plugins/presets/fit.ts puts this module in place of ./holdback.ts at build time):
 * every draw would compare a bucket with a threshold of 0, which no bucket is below (ruling 3), so none
 * is made. Deciding the global holdback twice in one activation is still ERR-36, as in ./holdback.ts.
 */
import type { PluginContext } from '../../../core';
import { MSG_GLOBAL_HOLDBACK_SET } from './messages';

/** No draw is made: there is no bucket function to find. */
export const bucketOf = (_ctx: PluginContext, _policy?: string): ((bucketingId: string, entityId: string) => number) | undefined => undefined;

/** No threshold above 0: nobody is held back. */
export const heldBack = (_bucket: unknown, _bucketingId: string, _entity: string, _threshold: unknown): boolean => false;

/** The global holdback state of one kernel: decided once per activation, never held back. */
export const createGlobalHoldback = (ctx: PluginContext) => {
  let decided = false;
  const decide = (activationId: string): void => {
    if (decided) ctx.report('PluginError', MSG_GLOBAL_HOLDBACK_SET, { activationId });
    decided = true;
  };
  return {
    decide,
    get: (_activationId: string): boolean => (decided = true) && false,
    reset: () => void (decided = false),
  };
};
