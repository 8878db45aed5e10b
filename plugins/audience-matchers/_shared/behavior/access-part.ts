/**
 * The snippet's stand-in of ./access.ts (same exports; compiler/snippet-parts.ts swaps it in): the
 * behaviour-query engine is the `behavior` part (plugins/_shared/parts.ts), fetched from beside the snippet.
 * - A project whose audiences or pages hold a behaviour condition, or whose visitor attributes have a rule,
 *   asks for it at activation: a profile provider supplies the {@link ENGINE_FIELD} field as the part's
 *   promise, so an evaluation that needs the engine waits for it (up to the layer's activation timeout,
 *   like any pending field) and no other evaluation does.
 * - A condition met before the engine is there (a page's own `evaluate` with a behaviour condition the
 *   project does not have) is unknown and asks for the engine, so a later evaluation has it.
 * - When the part cannot be had, the loader's message is logged once and behaviour conditions stay unknown;
 *   the behaviour events themselves are recorded by the visitor module as always.
 */
// It stands in for ./access.ts, so it imports nothing from it (that import would resolve to itself).
import type { PluginContext } from '../../../../core';
import { loadPart, partNow } from '../../../_shared/parts';
import type { BehaviourEngine } from './engine';
import { settle } from '../../../../core/sequence';

export type { BehaviourEngine };

/** As in ./access.ts. */
export const ENGINE_FIELD = 'behaviourEngine';
const PART = 'behavior';

/** The part's exports when they have the engine's shape (a part is code from the network). */
const checked = (part: unknown): BehaviourEngine | undefined =>
  typeof (part as BehaviourEngine | undefined)?.compileBehaviour == 'function' && typeof (part as BehaviourEngine).attributeRule == 'function'
    ? (part as BehaviourEngine)
    : undefined;

/** The engine, when the part is loaded. */
export const engineNow = (ctx: PluginContext | undefined): BehaviourEngine | undefined => checked(partNow(ctx?.win, PART));

const asked = new WeakSet<object>();

/** Loads the engine; its failure is logged once per kernel and resolves undefined. */
const load = (ctx: PluginContext): Promise<BehaviourEngine | undefined> =>
  settle(
    settle(loadPart(ctx.win, PART, { clock: ctx.clock }), (part) => {
      const engine = checked(part);
      if (!engine) throw Error('the behavior part is not the behaviour engine');
      return engine;
    }),
    (engine): BehaviourEngine | undefined => engine,
    (error) => {
      if (!asked.has(ctx.log)) ctx.log.error((error as Error).message);
      asked.add(ctx.log);
      return undefined;
    },
  );

/** Asks for the engine when it is not loaded yet. */
export const requestEngine = (ctx: PluginContext | undefined): void => {
  if (ctx && !engineNow(ctx)) void load(ctx);
};

const uses = new WeakMap<object, boolean>();

/** Whether project data holds a behaviour condition (audiences, pages) or a visitor attribute with a rule. */
const needsEngine = (data: PluginContext['data']): boolean => {
  let found = uses.get(data);
  if (found === undefined) {
    const walk = (value: unknown, depth: number): boolean =>
      depth < 40 && !!value && typeof value == 'object' && ((value as { type?: unknown }).type == 'behavior' || Object.values(value).some((item) => walk(item, depth + 1)));
    found =
      walk(data.audiences, 0) ||
      walk(data.pages, 0) ||
      (Array.isArray(data.visitorAttributes) && data.visitorAttributes.some((attribute) => attribute && ((attribute as { rule_json?: unknown }).rule_json ?? attribute.ruleJson) != null));
    uses.set(data, found);
  }
  return found;
};

/** Registers (once per kernel) the profile provider that makes evaluation wait for the engine (see the file comment). */
export const waitForEngine = (ctx: PluginContext): void => {
  if (ctx.plugin('profileProvider', ENGINE_FIELD)) return;
  ctx.registerPlugin({
    type: 'profileProvider',
    name: ENGINE_FIELD,
    fields: [ENGINE_FIELD],
    provide: () => (needsEngine(ctx.data) && !engineNow(ctx) ? { [ENGINE_FIELD]: load(ctx) } : {}),
  });
};
