/**
 * Plugins built as parts (plugins/_shared/parts.ts): in a snippet of the whole preset a rarely used plugin
 * (an audience matcher of a condition type few projects name...) is a stand-in of a few bytes, registered
 * under the real plugin's type and name, and the real plugin is a part of its own beside the snippet
 * (compiler/snippet-parts.ts `ON_DEMAND_PLUGINS`). When the project's data names it, the preparer
 * (core/project/prepare-on-demand.ts) calls {@link StandIn.swap} before init: the part is fetched, its
 * plugin registered in the stand-in's place (marked `replaces`, so the registry lets it take the taken name) and
 * set up, so activation sees only the real plugin. A snippet fitted to its project keeps the real plugins
 * inline (it knows its data when it is built).
 *
 * When the part cannot be had, the stand-in stays: a matcher answers unknown (null), as for a condition it
 * cannot tell, and the loader's catalogue message is logged once.
 */
import type { Plugin, PluginContext, PluginType } from '../../core';
import { settle } from '../../core/sequence';
import { loadPart, msgPartFailed, partUrl } from './parts';

/** A stand-in's own members (see the file comment). */
export interface StandIn {
  /** Loads the part and registers its plugin in the stand-in's place; resolves with it, or logs the loader's message once and rejects with it. */
  swap(): Promise<Plugin>;
  /** The real plugin once swapped in. */
  real(): Plugin | undefined;
  /** Whether `data` (or the page) wants the real plugin even when the data does not name it. */
  wanted?(data: unknown): boolean;
}

/** What a stand-in does around the swap (see {@link standIn}). */
export interface StandInHooks {
  /** Whether the data or the page wants the real plugin even when the data does not name it ({@link StandIn.wanted}). */
  wanted?(data: unknown, ctx: PluginContext | undefined): boolean;
  /** Runs in the stand-in's setup (define the calls a page may make before the swap). */
  setup?(ctx: PluginContext): void;
  /** Runs once the real plugin is registered and set up (hand it what the stand-in kept). */
  swapped?(plugin: Plugin, ctx: PluginContext): void;
}

/** Whether a registered plugin is a stand-in. */
export const isStandIn = (plugin: unknown): plugin is Plugin & StandIn => typeof (plugin as Partial<StandIn> | null)?.swap == 'function';

/**
 * A stand-in for the plugin of type `type` and name `name` built as part `part`. The part registers the
 * module's default export: the plugin, or its factory, which gets `options`. `rest` is what the kind needs
 * before the swap (a matcher's `match`).
 */
export const standIn = <T extends PluginType>(type: T, name: string, part: string, rest: object, options?: unknown, hooks: StandInHooks = {}): Plugin & StandIn => {
  let ctx: PluginContext | undefined;
  let swapping: Promise<Plugin> | undefined;
  let real: Plugin | undefined;
  const plugin = {
    ...rest,
    type,
    name,
    wanted: hooks.wanted && ((data: unknown) => hooks.wanted!(data, ctx)),
    setup: (context: PluginContext) => {
      ctx = context;
      hooks.setup?.(context);
    },
    swap: () =>
      (swapping ??= settle<Plugin, Plugin>(
        settle(loadPart<unknown>(ctx?.win, part, { clock: ctx?.clock }), (made) => {
          const plugin = (typeof made == 'function' ? made(options) : made) as Plugin | undefined;
          // A part is code from the network: only the plugin this stand-in holds the place of may take it,
          // and it replaces the stand-in on purpose (the registry refuses a taken name otherwise).
          if (plugin?.type !== type || plugin.name !== name || !ctx!.registerPlugin(Object.assign(plugin, { replaces: true }))) throw Error(msgPartFailed(part, partUrl(part) ?? '', `it is not the ${name} plugin`));
          hooks.swapped?.(plugin, ctx!);
          return (real = plugin);
        }),
        (plugin) => plugin,
        (error) => {
          // Logged once, whoever asked (the preparer, a later evaluation): the loader's catalogue message.
          ctx?.log.error((error as Error).message);
          throw error;
        },
      )),
    real: () => real,
  } as Plugin & StandIn;
  return plugin;
};

/** For a swap asked for its effect only: its failure is logged by the stand-in already. */
export const ignore = () => {};

/** Always wanted: a preset option that is on (the page asked for the plugin). */
export const always = () => true;

/**
 * A stand-in `get` module: the kernel keeps the first module it creates, so the stand-in's module answers
 * through the real plugin's module once it is swapped in, and with `answers` until then.
 */
export const moduleStandIn = (name: string, part: string, answers: Record<string, (...args: never[]) => unknown>, hooks: StandInHooks) => {
  let module: Record<string, (...args: unknown[]) => unknown> | undefined;
  const plugin = standIn(
    'apiModule',
    name,
    part,
    {
      create: () => {
        const through: Record<string, unknown> = {};
        for (const key in answers)
          through[key] = (...args: never[]) => {
            const real = plugin.real() as { create(): typeof module } | undefined;
            return real ? (module ??= real.create())![key](...args) : answers[key](...args);
          };
        return through;
      },
    },
    undefined,
    hooks,
  );
  return plugin;
};

/**
 * A stand-in audience matcher: unknown (null) for every condition until its part is swapped in. A condition
 * the data does not name (a page's own `evaluate`) asks for the part, so a later evaluation has the real
 * matcher (the audiences module looks matchers up again at the next profile load), as the behaviour
 * engine does.
 */
export const matcherStandIn = (name: string, part: string, options?: unknown) => {
  const plugin: Plugin & StandIn = standIn('audienceMatcher', name, part, {
    match: () => {
      settle(plugin.swap(), ignore, ignore);
      return null;
    },
  }, options);
  return plugin;
};

