/**
 * The snippet's stand-in of ./access.ts (same exports; compiler/snippet-parts.ts swaps it in): the QA
 * log's explanations are the `qa-log` part (plugins/_shared/parts.ts), fetched from beside the snippet the
 * first time there is something to explain at INFO. What happens meanwhile is kept, in order, and explained
 * once the part is here (the listeners take what can change, the change states, when it happens), so no
 * line is lost, only written a little later. A part that cannot be had is logged once; nothing else is lost:
 * the QA log only writes lines.
 */
// It stands in for ./access.ts, so it imports nothing from it (that import would resolve to itself).
import type { PluginContext } from '../../../core';
import { loadPart } from '../../_shared/parts';
import type { Explainer } from './explain';
import { settle } from '../../../core/sequence';

export type { Explainer };

/** Runs `use` with the kernel's explainer once the part is loaded (see the file comment). */
export const explaining = (ctx: PluginContext): ((use: (explain: Explainer) => void) => void) => {
  let explain: Explainer | undefined;
  let waiting: Array<(explain: Explainer) => void> | undefined;
  let failed = false;
  return (use) => {
    if (explain) return use(explain);
    if (failed) return;
    if (waiting) return void waiting.push(use);
    waiting = [use];
    settle(
      settle(loadPart<{ explainer?: (ctx: PluginContext) => Explainer }>(ctx.win, 'qa-log', { clock: ctx.clock }), (part) => {
        if (typeof part?.explainer != 'function') throw Error('the qa-log part has no explainer');
        const made = part.explainer(ctx);
        for (const next of waiting!.splice(0)) ctx.attempt('PluginError', () => next(made));
        explain = made;
      }),
      () => {},
      (error) => {
        // Nothing more is kept: the part will not come.
        failed = true;
        waiting = undefined;
        ctx.log.error((error as Error).message);
      },
    );
  };
};
