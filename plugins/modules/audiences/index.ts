/**
 * The `audiences` module (get('audiences'), AudiencesModule): evaluates audience conditions with the
 * matcher plugins (looked up by condition type) over the visitor profile (profile providers plus the
 * visitor module), with three-valued and/or/not logic (ruling 6), nested audience id expressions, forced
 * audiences, and a wait for pending profile fields up to the layer's activation timeout.
 *
 * Waiting: a condition whose declared fields are still pending counts as unknown. Kleene logic is
 * monotone, so when the result is decided anyway it is returned at once (synchronously); otherwise the
 * module waits for the pending fields it met, up to the timeout (default 2000 ms, on the kernel clock),
 * and decides with what it has: matchers then see a pending field as missing.
 */
import { definePlugin, type AudienceMatcherKind, type AudiencesModule, type PluginContext, type PluginOf, type ProfileFields, type QualifyOptions } from '../../../core';
import type { Audience, AudienceCondition, AudienceConditions, AudienceIdExpression, ProjectData } from '../../../core/project/types';
import { evaluateList, flattenIds, MAX_DEPTH, type Tri } from './logic';
import { isThenable } from '../../_shared/checks';
import { createProfile, type ProfileStore } from './profile';
import { pluginsRule } from './validate';
import { validationOnly } from '../../_shared/validation-only';
import { settle as after, settleAll } from '../../../core/sequence';
import { specialisedAudience } from './specialised';

/** Default wait for pending fields, ms (runtime-spec §9 default campaign activation timeout). */
export const DEFAULT_TIMEOUT = 2000;

/** A compiled audience expression: its verdict over the current pass's profile. */
type Node = () => Tri;
const UNKNOWN: Node = () => null;

export default function audiences(): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  let store: ProfileStore | undefined;
  let byId = new Map<string, Audience>();
  const warned = new Set<string>();

  // Evaluation state of the current pass (evaluation is synchronous, so one set of variables serves).
  let fields: Record<string, unknown> = {};
  let forced: readonly string[] | undefined;
  let checkPending = false;
  let waitingOn: PromiseLike<unknown>[] | null = null;

  // Matchers by type, cached until the next load (the registry lookup is a scan); misses are not cached,
  // so a matcher registered later is found.
  const matchers = new Map<string, AudienceMatcherKind>();
  // The last type asked and its matcher: audiences mostly use one condition type, and comparing the
  // (interned) type string is cheaper than a map lookup per condition.
  let lastType: string | undefined;
  let lastMatcher: AudienceMatcherKind | undefined;
  const matcherOf = (type: string): AudienceMatcherKind | undefined => {
    if (type === lastType) return lastMatcher;
    let matcher = matchers.get(type);
    if (matcher) {
      lastType = type;
      return (lastMatcher = matcher);
    }
    matcher = ctx!.plugin('audienceMatcher', type);
    if (matcher) matchers.set(type, matcher);
    else if (!warned.has(type)) {
      warned.add(type);
      ctx!.log.warn(`No audience matcher for condition type "${type}"`);
    }
    return matcher;
  };

  const condition = (item: unknown): Tri => {
    if (item === null || typeof item !== 'object') return null; // a stray operand: unknown
    const cond = item as AudienceCondition;
    const matcher = matcherOf(cond.type);
    return matcher ? judge(cond, matcher, undefined) : null;
  };

  /**
   * One condition's verdict through its matcher's compiled predicate `test`, or its `match`: unknown while
   * a field the matcher reads is pending (it joins the fields the pass waits for) or when the test
   * throws, which is reported.
   */
  const judge = (cond: AudienceCondition, matcher: AudienceMatcherKind, test: ((profile: ProfileFields) => boolean | null) | undefined): Tri => {
    if (checkPending && matcher.fields && anyPending(matcher.fields)) return null;
    try {
      const result = test ? test(fields) : matcher.match(cond, fields);
      return result === true || result === false ? result : null;
    } catch (error) {
      ctx!.report('PluginError', error, { plugin: cond.type });
      return null;
    }
  };

  /** Whether one of `needed` is pending (a promise): it joins the fields the pass waits for. */
  const anyPending = (needed: readonly string[]): boolean => {
    for (const field of needed) {
      const value = fields[field];
      if (isThenable(value)) {
        (waitingOn ??= []).push(value);
        return true;
      }
    }
    return false;
  };

  // Compiled audiences: each audience's conditions become a tree of closures once per project data (and
  // per load, which may bring other matchers), so an evaluation does not walk the lists, look matchers up
  // or re-parse conditions. The tree answers exactly what `evaluateList(conditions, condition)` answers.
  let compiled = new Map<string, Node>();
  let compiledOf: ProjectData | undefined;

  /** A leaf over a matcher: waits on its pending fields, then its compiled predicate (or `match`). */
  const leafOf = (cond: AudienceCondition, matcher: AudienceMatcherKind): Node => {
    let test: ((profile: ProfileFields) => boolean | null) | undefined;
    if (matcher.compile) {
      try {
        test = matcher.compile(cond, ctx!.data);
      } catch {
        // Left to `match`, which then reports the failure at evaluation like before.
      }
    }
    const compiledTest = typeof test === 'function' ? test : undefined;
    return () => judge(cond, matcher, compiledTest);
  };

  const compileItem = (item: unknown, depth: number): Node => {
    if (Array.isArray(item)) return compileList(item, depth + 1);
    if (item === null || typeof item !== 'object') return UNKNOWN;
    const matcher = matcherOf((item as AudienceCondition).type);
    // No matcher yet: looked up again at every evaluation (a matcher registered later is found).
    return matcher ? leafOf(item as AudienceCondition, matcher) : () => condition(item);
  };

  /** A leaf of a generated predicate: a condition bound as an operand of a list is. */
  const leafNode = (item: unknown): Node => compileItem(item, 0);

  /** `evaluateList(list, condition, depth)` as a closure (see ./logic.ts for the rules). */
  const compileList = (list: readonly unknown[], depth: number): Node => {
    if (depth > MAX_DEPTH) return UNKNOWN;
    const first = list[0];
    const op = first === 'and' || first === 'not' ? first : 'or';
    if (op === 'not') {
      if (list.length < 2) return UNKNOWN;
      const operand = compileItem(list[1], depth);
      return () => {
        const result = operand();
        return result == null ? null : !result;
      };
    }
    const items: Node[] = [];
    for (let i = first === op ? 1 : 0; i < list.length; i++) items.push(compileItem(list[i], depth));
    // `or` stops at the first true, `and` at the first false.
    const stop = op === 'or';
    // One operand: `and` and `or` of it are the operand itself.
    if (items.length === 1) return items[0];
    return () => {
      let unknown = false;
      for (let i = 0; i < items.length; i++) {
        const result = items[i]();
        if (result == null) unknown = true;
        else if (result === stop) return stop;
      }
      return unknown ? null : !stop;
    };
  };

  const audience = (id: unknown): Tri => {
    if (typeof id !== 'string') return null;
    if (forced) return forced.includes(id);
    const data = ctx!.data;
    if (compiledOf !== data) {
      compiledOf = data;
      compiled = new Map();
      byId = new Map((Array.isArray(data.audiences) ? data.audiences : []).filter((a) => a && typeof a.id === 'string').map((a) => [a.id, a]));
    }
    let node = compiled.get(id);
    if (!node) {
      const found = byId.get(id);
      // Only the project's audiences are cached: an unknown id is unknown without growing the map.
      if (!found) return null;
      // A compiled snippet's own audience has a generated predicate over the same leaves.
      node = specialisedAudience(ctx!, found, leafNode) ?? (Array.isArray(found.conditions) ? compileList(found.conditions, 0) : UNKNOWN);
      compiled.set(id, node);
    }
    return node();
  };

  /** Starts a pass over the live profile (first) or the settled one (after the wait). */
  const begin = (options: QualifyOptions | undefined, settled: boolean) => {
    const profile = store!;
    fields = settled ? (profile.settled() as Record<string, unknown>) : profile.fields();
    checkPending = !settled && profile.pending() > 0;
    waitingOn = null;
    forced = options?.forcedAudienceIds?.length ? options.forcedAudienceIds : undefined;
  };

  /** Waits for the pending fields met by the last pass (up to the timeout), then runs `compute` on what is known. */
  const later = <R>(options: QualifyOptions | undefined, compute: () => R): Promise<R> => {
    const awaited = waitingOn as PromiseLike<unknown>[];
    const timeout = options?.timeout;
    return after(
      new Promise<void>((resolve) => {
        const timer = ctx!.clock.setTimeout(resolve, typeof timeout === 'number' && timeout >= 0 ? timeout : DEFAULT_TIMEOUT);
        after(settleAll(awaited), () => {
          ctx!.clock.clearTimeout(timer);
          resolve();
        });
      }),
      () => {
        begin(options, store!.pending() > 0);
        return compute();
      },
    );
  };

  /** Runs `compute`; when it met pending fields and is not decided, waits and runs it again on what is known. */
  const settle = <R>(options: QualifyOptions | undefined, compute: () => R, decided: (result: R) => boolean): R | Promise<R> => {
    begin(options, false);
    const result = compute();
    return !waitingOn || decided(result) ? result : later(options, compute);
  };

  // Its own function: a closure inside `qualifies` would cost a context allocation on every call.
  const qualifiesLater = (audienceIds: AudienceIdExpression, options: QualifyOptions | undefined): Promise<boolean> =>
    later(options, () => evaluateList(audienceIds, audience) === true);

  const module: AudiencesModule = {
    load: () => {
      matchers.clear();
      lastType = lastMatcher = undefined;
      compiledOf = undefined;
      store!.load();
    },
    profile: () => store!.fields(),
    qualifies: (audienceIds: AudienceIdExpression | undefined, options?: QualifyOptions) => {
      // Ruling 6: no audience ids qualifies everyone; unknown does not qualify.
      if (!Array.isArray(audienceIds) || !audienceIds.length) return true;
      // The hot path of every decision: no closures, no promises unless a needed field is pending.
      begin(options, false);
      // One audience id (the usual expression) is that audience's verdict; anything else is a list.
      const only = audienceIds.length === 1 ? audienceIds[0] : undefined;
      const result = typeof only === 'string' && only !== 'and' && only !== 'or' && only !== 'not' ? audience(only) : evaluateList(audienceIds, audience);
      return result !== null || !waitingOn ? result === true : qualifiesLater(audienceIds, options);
    },
    matching: (audienceIds: AudienceIdExpression | undefined, options?: QualifyOptions) => {
      if (!Array.isArray(audienceIds) || !audienceIds.length) return [];
      const ids = flattenIds(audienceIds);
      let undecided = false;
      return settle(
        options,
        () => {
          undecided = false;
          return ids.filter((id) => {
            // The list of awaited fields only grows during a pass: a longer one means this audience met a pending field.
            const before = waitingOn?.length;
            const result = audience(id);
            if (result === null && waitingOn?.length !== before) undecided = true;
            return result === true;
          });
        },
        () => !undecided,
      );
    },
    evaluate: (conditions: AudienceConditions, options?: QualifyOptions) =>
      Array.isArray(conditions) ? settle(options, () => evaluateList(conditions, condition), (r) => r !== null) : null,
  };

  return definePlugin({
    type: 'apiModule',
    name: 'audiences',
    setup: (context) => {
      ctx = context;
      store = createProfile(context);
    },
    // The rule gets the project's plugins, so it runs alike at snippet build and at kernel start.
    validate: validationOnly(pluginsRule),
    create: () => module,
  });
}
