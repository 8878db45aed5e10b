/**
 * The global holdback (DEC-2, DEC-11..13, ruling 3): drawn once per activation from
 * `bucketingId + "global_holdback"` against global data `holdback`; deciding it again within the same
 * activation is ERR-36 and keeps the first value; each activation resets it. The hash comes from the
 * decider plugins (`DeciderKind.bucket`), so the decisions plugin carries no copy of it.
 */
import { MODULES, type PluginContext, type VisitorModule } from '../../../core';
import { MSG_GLOBAL_HOLDBACK_SET, MSG_VISITOR_BUCKETING_ID_NOT_SET } from './messages';

/** The bucket function of the first decider plugin that has one; undefined when none is registered. */
export const bucketOf = (ctx: PluginContext, policy?: string): ((bucketingId: string, entityId: string) => number) | undefined => {
  const own = policy ? ctx.plugin('decider', policy) : undefined;
  if (own?.bucket) return own.bucket;
  const found = ctx.plugins('decider').find((decider) => decider.bucket);
  return found?.bucket;
};

/** Whether `bucketingId` is held back by a threshold in basis points, for one draw entity (ruling 3: `bucket < holdback`). */
export const heldBack = (bucket: ((id: string, entity: string) => number) | undefined, bucketingId: string, entity: string, threshold: unknown): boolean =>
  typeof threshold === 'number' && threshold > 0 && !!bucket && bucket(bucketingId, entity) < threshold;

/** The global holdback state of one kernel. */
export const createGlobalHoldback = (ctx: PluginContext) => {
  let decided: { activationId: string; value: boolean } | undefined;
  const decide = (activationId: string): void => {
    if (decided) {
      ctx.report('PluginError', MSG_GLOBAL_HOLDBACK_SET, { activationId });
      return;
    }
    const bucketingId = ctx.get<VisitorModule>(MODULES.visitor)?.bucketingId();
    const threshold = ctx.data.holdback;
    if (!bucketingId) {
      if (threshold > 0) ctx.log.error(MSG_VISITOR_BUCKETING_ID_NOT_SET);
      decided = { activationId, value: false };
      return;
    }
    decided = { activationId, value: heldBack(bucketOf(ctx), bucketingId, 'global_holdback', threshold) };
    if (decided.value) ctx.log.info('Decisions: visitor is in the global holdback');
  };
  return {
    decide,
    /** Whether the visitor is held back in this activation; decided now when nobody did yet. */
    get: (activationId: string): boolean => {
      if (!decided) decide(activationId);
      return decided!.value;
    },
    reset: () => void (decided = undefined),
  };
};
