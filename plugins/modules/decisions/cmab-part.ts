/**
 * The contextual bandit of a snippet of the whole preset (compiler/snippet-parts.ts puts this module in
 * place of ./cmab.ts): the bandit itself (prediction request, stored predictions, attribute hash) is part
 * `decisions-cmab`, fetched from beside the snippet before init when the data has an experiment using the
 * bandit policy (the decisions plugin says so through `wanted` and `swap`, as a plugin stand-in does,
 * core/project/prepare-on-demand.ts). Once it is here, the chooser answers through it, so a stored
 * prediction is reused synchronously as inline. An experiment that asks for the bandit before the part is
 * here (no swap) waits for it; when it cannot be had, the loader's message is logged once and the decision
 * is the normal bucketing one, as for a failed prediction (CMAB-9). Fitted snippets keep ./cmab.ts inline.
 */
import type { PluginContext } from '../../../core';
import type { Layer, ProjectData } from '../../../core/project/types';
import { loadPart, partNow } from '../../_shared/parts';
import type { CmabChooser, CmabOptions, createCmab as create } from './cmab';
import { isCmab } from './util';
import { settle as after } from '../../../core/sequence';

export type { CmabChooser, CmabOptions };

/** The part's name (its registry key and file suffix). */
export const CMAB_PART = 'decisions-cmab';

type Part = { createCmab?: typeof create };

/** Whether the data (unchecked: it may come from `load`) has an experiment using the bandit policy. */
const hasBandit = (data: unknown): boolean => {
  try {
    return ((data as ProjectData).layers || []).some((layer: Layer) => (layer.experiments || []).some((experiment) => isCmab(layer, experiment)));
  } catch {
    return false;
  }
};

const load = (ctx: PluginContext | undefined) => loadPart<Part>(ctx?.win, CMAB_PART, { clock: ctx?.clock });
// The loader's message, logged once per page whoever asked (the swap, a later decision).
let logged = false;
const logFailure = (ctx: PluginContext | undefined, error: Error) => {
  if (!logged) ctx?.log.error(error.message);
  logged = true;
};

/** The decisions plugin of the whole preset: fetches the bandit part before init when the data wants it. */
export const withCmabPart = <P extends object>(plugin: P, context: () => PluginContext | undefined): P =>
  Object.assign(plugin, {
    wanted: hasBandit,
    swap: () =>
      after(
        load(context()),
        () => plugin,
        (error) => {
          logFailure(context(), error as Error);
          throw error;
        },
      ),
  });

/** The bandit: through the part once it is here (see the file comment). */
export const createCmab = (ctx: PluginContext, options: CmabOptions): CmabChooser => {
  let real: CmabChooser | undefined;
  const made = (part: Part | undefined) => (real ??= typeof part?.createCmab == 'function' ? part.createCmab(ctx, options) : undefined);
  const now = () => real || made(partNow<Part>(ctx.win, CMAB_PART));
  return {
    choose: (layer, experiment, id, fallback) => {
      const bandit = now();
      if (bandit) return bandit.choose(layer, experiment, id, fallback);
      return after(
        load(ctx),
        (part) => made(part)?.choose(layer, experiment, id, fallback) ?? fallback,
        (error) => (logFailure(ctx, error as Error), fallback),
      );
    },
    // Without the part no prediction was stored by this page; a stored one is settled at the next decision.
    settle: (layer, decided) => now()?.settle(layer, decided),
  };
};
