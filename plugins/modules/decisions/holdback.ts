/**
 * The global holdback (DEC-2, DEC-11..13, ruling 3): drawn once per activation from
 * `bucketingId + "global_holdback"` against global data `holdback`; deciding it again within the same
 * activation is ERR-36 and keeps the first value; each activation resets it. The hash comes from the
 * decider plugins (`DeciderKind.bucket`), so the decisions plugin carries no copy of it.
 */
import { MODULES, type PluginContext, type VisitorModule } from '../../../core';
import { MSG_GLOBAL_HOLDBACK_SET, MSG_VISITOR_BUCKETING_ID_NOT_SET } from './messages';

/** The bucket function of the policy's decider, else of the first decider plugin that has one; undefined when none does. */
export const bucketOf = (ctx: PluginContext, policy?: string): ((bucketingId: string, entityId: string) => number) | undefined =>
  (policy && ctx.plugin('decider', policy)?.bucket) || ctx.plugins('decider').find((decider) => decider.bucket)?.bucket;

/** Whether `bucketingId` is held back by a threshold in basis points, for one draw entity (ruling 3: `bucket < holdback`). */
export const heldBack = (bucket: ((id: string, entity: string) => number) | undefined, bucketingId: string, entity: string, threshold: unknown): boolean =>
  typeof threshold === 'number' && threshold > 0 && !!bucket && bucket(bucketingId, entity) < threshold;

/** The global holdback state of one kernel. */
export const createGlobalHoldback = (ctx: PluginContext) => {
  // Whether the visitor is held back in this activation; undefined until decided.
  let held: boolean | undefined;
  const decide = (activationId: string): void => {
    if (held !== undefined) return void ctx.report('PluginError', MSG_GLOBAL_HOLDBACK_SET, { activationId });
    const bucketingId = ctx.get<VisitorModule>(MODULES.visitor)?.bucketingId();
    const threshold = ctx.data.holdback;
    if (!bucketingId && threshold > 0) ctx.log.error(MSG_VISITOR_BUCKETING_ID_NOT_SET);
    held = !!bucketingId && heldBack(bucketOf(ctx), bucketingId, 'global_holdback', threshold);
    if (held) ctx.log.info('Decisions: visitor is in the global holdback');
  };
  return {
    decide,
    /** Whether the visitor is held back in this activation; decided now when nobody did yet. */
    get: (activationId: string): boolean => {
      if (held === undefined) decide(activationId);
      return held!;
    },
    reset: () => void (held = undefined),
  };
};
