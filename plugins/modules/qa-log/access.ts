/**
 * How the QA log reaches its explanations (./explain.ts). Here, in Node and in tests, they are imported and
 * run at once. A snippet build puts ./access-part.ts in its place (same exports, compiler/snippet-parts.ts
 * PART_STUBS), where they are the `qa-log` part, loaded the first time a page logs at INFO.
 */
import type { PluginContext } from '../../../core';
import { explainer, type Explainer } from './explain';

export type { Explainer };

/** Runs `use` with the kernel's explainer (here: at once). */
export const explaining = (ctx: PluginContext): ((use: (explain: Explainer) => void) => void) => {
  const explain = explainer(ctx);
  return (use) => use(explain);
};
