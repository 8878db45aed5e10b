/**
 * Stand-in modules for the pages tests: tiny `visitor`, `decisions`, `audiences` and `changes` modules
 * that only record the calls the pages plugin makes, in one shared list, so that the order of the
 * activation sequence (PAG-28..38) and of deactivation (PAG-18) can be checked without the other
 * helpers' plugins. These are stand-ins, not the real modules.
 */
import { definePlugin, type Plugin } from '../../../../../core';

export interface StandInOptions {
  /** The visitor id `id()` answers after identify; null: never set. */
  visitorId?: string | null;
  /** What `audiences.evaluate` answers. */
  evaluate?: (conditions: unknown[]) => boolean | null | Promise<boolean | null>;
  optedOut?: boolean;
  /** Called inside visitor.identify (to look at what earlier steps did). */
  onIdentify?: () => void;
  /** Leave these modules out. */
  without?: Array<'visitor' | 'decisions' | 'audiences' | 'changes'>;
}

export const standIns = (calls: string[], options: StandInOptions = {}): Plugin => {
  let identified = false;
  const modules: Record<string, object> = {
    visitor: {
      identify: () => {
        calls.push('visitor.identify');
        options.onIdentify?.();
        identified = true;
        return true;
      },
      id: () => (identified && options.visitorId !== null ? (options.visitorId ?? 'visitor-1') : undefined),
      mergeStoredVariationMaps: () => void calls.push('visitor.mergeStoredVariationMaps'),
      optedOut: () => options.optedOut ?? false,
    },
    decisions: {
      trackRedirectDecision: () => void calls.push('decisions.trackRedirectDecision'),
      decideGlobalHoldback: (activationId: string) => void calls.push(`decisions.decideGlobalHoldback ${activationId ? 'id' : 'none'}`),
      decidePage: (pageId: string) => {
        calls.push(`decisions.decidePage ${pageId}`);
        return Promise.resolve([]);
      },
    },
    audiences: {
      load: () => void calls.push('audiences.load'),
      evaluate: (conditions: unknown[]) => options.evaluate?.(conditions) ?? null,
    },
    changes: {
      cancelObservation: (pageId: string) => void calls.push(`changes.cancelObservation ${pageId}`),
      undoPage: (pageId: string) => void calls.push(`changes.undoPage ${pageId}`),
      removeActionState: (pageId: string) => void calls.push(`changes.removeActionState ${pageId}`),
    },
  };
  return definePlugin({
    type: 'tracker',
    name: 'stand-ins',
    setup(ctx) {
      for (const [name, module] of Object.entries(modules)) if (!options.without?.includes(name as never)) ctx.registerModule(name, module);
      ctx.on({ type: 'lifecycle' }, (event) => void calls.push(`lifecycle ${event.name}`));
      ctx.on({ type: 'tracking' }, (event) => void calls.push(`tracking ${event.name}`));
      ctx.on({ type: 'error' }, (event) => void calls.push(`error ${(event.data as { error: Error }).error.message}`));
    },
  });
};
