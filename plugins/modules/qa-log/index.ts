/**
 * The QA log (KRN logging, URL-1): with `?varia_log=INFO` it explains, layer by layer, what the runtime
 * decided and did: the audiences evaluated and their verdicts, the holdbacks, the experiment and
 * variation chosen and why (bucket number, forced, sticky, relayed, unallocated), the changes applied or
 * timed out (naming the selector it waited for), the events tracked, and the forced variation ids that
 * name no variation of the project. `?varia_log=INFO:decision` keeps the decision lines only: they are
 * the only lines containing the word.
 *
 * It works from the events the runtime already emits (layerDecided, the action-applied event, the
 * tracking events) and from the project data, so the decision path does no work for it; the bucket
 * numbers are drawn again, with the decider's own hash, only while logging. With logging below INFO each
 * listener returns at once. The explanations themselves (./explain.ts) are reached through ./access.ts:
 * in a snippet they are a part loaded the first time there is something to explain.
 */
import {
  definePlugin,
  EVENT_TYPES,
  MODULES,
  type ActionAppliedData,
  type AnalyticsDecisionPayload,
  type ChangesModule,
  type KernelEvent,
  type LayerDecidedData,
  type PluginOf,
  type TrackedEventData,
} from '../../../core';
import { explaining } from './access';

/** The QA log plugin: listens only; `get('qaLog')` returns nothing. */
export default function qaLog(): PluginOf<'apiModule'> {
  return definePlugin({
    type: 'apiModule',
    name: 'qaLog',
    setup(ctx) {
      const on = ctx.log.level;
      const explain = explaining(ctx);
      const stops = [
        ctx.on({ type: 'lifecycle', name: 'layerDecided' }, ({ data }: KernelEvent) => {
          if (on() > 2) explain((x) => x.decided(data as LayerDecidedData));
        }),
        ctx.on({ type: EVENT_TYPES.action, name: 'applied' }, ({ data }: KernelEvent) => {
          // The change states as they are now: the explanation may be written later.
          if (on() > 2) {
            const states = { ...ctx.get<ChangesModule>(MODULES.changes)?.changeStates() };
            explain((x) => x.applied(data as ActionAppliedData, states));
          }
        }),
        ctx.on({ type: EVENT_TYPES.tracking, name: 'eventTracked' }, ({ data }: KernelEvent) => {
          if (on() > 2) explain((x) => x.tracked(data as TrackedEventData));
        }),
        ctx.on({ type: EVENT_TYPES.tracking, name: 'redirectDecision' }, ({ data }: KernelEvent) => {
          if (on() > 2) explain((x) => x.relayed(data as AnalyticsDecisionPayload));
        }),
        ctx.on({ type: 'lifecycle', name: 'initialized' }, () => {
          if (on() > 2) explain((x) => x.started());
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
    create: () => undefined,
  });
}
