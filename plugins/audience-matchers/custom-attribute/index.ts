/**
 * `custom_attribute` conditions: a custom attribute of the visitor (set with the `user` call), compared
 * with the value matchers. A project attribute with a rule (`rule_json`/`ruleJson`, CFG-18) is computed
 * instead: its value is what the rule yields over the visitor's behaviour events (an invalid rule is
 * reported at validation and unknown at run time). The attribute is named by `name`, or by `id` (a visitor attribute of the
 * project, CFG-18), never both (CFG-25). An unknown id, and a name shared by several project attributes,
 * are lookup errors (CFG-26, CFG-27): reported at validation, unknown (null) at run time. A name the
 * project does not declare is a plain custom attribute, unless `declaredOnly` makes it an error too.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { AudienceCondition, ProjectData, VisitorAttribute } from '../../../core/project/types';
import type { ProfileTime } from '../../../core/kinds/audiences';
import type { BehaviourEvent } from '../../../core/kinds/visitor';
import { ENGINE_FIELD, engineNow, requestEngine, waitForEngine } from '../_shared/behavior/access';
import { lookupAttribute } from '../_shared/lookup';
import { compileValue, matchValue, read, valueProblem } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

/** Options of the custom_attribute matcher. */
export interface CustomAttributeOptions {
  /** Names must name a visitor attribute of the project (CFG-26 for names). Default false. */
  declaredOnly?: boolean;
}

/** The condition's `id` (not in the shared condition type: a matcher-specific field). */
const idOf = (condition: AudienceCondition): unknown => (condition as { id?: unknown }).id;

/** The value of an attribute entry: entries are AttributeEntry records ({ value, lastModified }); a bare value is accepted too. */
const valueOf = (entry: unknown): unknown =>
  entry !== null && typeof entry === 'object' && 'lastModified' in entry ? (entry as unknown as { value: unknown }).value : entry;

const unknown = () => null;

/**
 * The value of a computed attribute for a profile; undefined (a missing value: unknown) when it cannot tell.
 * The behaviour engine computes it (`_shared/behavior/access.ts`: in a snippet, a part loaded on demand).
 */
const computed = (attribute: VisitorAttribute, profile: Record<string, unknown>, ctx: PluginContext | undefined): unknown => {
  const events = profile.behaviourEvents;
  const engine = engineNow(ctx);
  if (!engine) return requestEngine(ctx);
  const rule = engine.attributeRule(attribute);
  if (!Array.isArray(events) || !rule || rule.problems.some((problem) => !problem.warning)) return undefined;
  const time = profile.time as ProfileTime | undefined;
  try {
    return rule.value(events as BehaviourEvent[], typeof time?.now === 'number' ? time.now : ctx ? ctx.clock.now() : 0);
  } catch {
    return undefined; // hostile event data: cannot tell
  }
};

/** The project attribute named `name` when it has a rule (`ruleJson`, or the spec's `rule_json`). */
const ruleOf = (data: ProjectData | undefined, name: string): VisitorAttribute | null => {
  const list = data && Array.isArray(data.visitorAttributes) ? data.visitorAttributes : [];
  for (const attribute of list) {
    if (attribute && attribute.name === name) {
      const rule = attribute.ruleJson ?? (attribute as { rule_json?: unknown }).rule_json;
      return rule == null || rule === '' ? null : attribute;
    }
  }
  return null;
};

export default function customAttribute(options: CustomAttributeOptions = {}): PluginOf<'audienceMatcher'> {
  let ctx: PluginContext | undefined;
  let names: Map<string, string | null> | undefined;
  let namesOf: ProjectData | undefined;
  // Attribute name per lookup key (`#id` or name), null for a failed lookup; rebuilt when data changes.
  const resolve = (condition: AudienceCondition, data: ProjectData | undefined = ctx?.data): string | null => {
    const id = idOf(condition);
    const name = condition.name;
    if (id == null && typeof name === 'string' && !options.declaredOnly) return name;
    if (!data) return null;
    if (namesOf !== data) {
      names = new Map();
      namesOf = data;
    }
    const key = id == null ? String(name) : `#${String(id)}`;
    let found = names!.get(key);
    if (found === undefined) {
      found = lookupAttribute(data, { name, id }).attribute?.name ?? null;
      names!.set(key, found);
    }
    return found;
  };
  return definePlugin({
    type: 'audienceMatcher',
    name: 'custom_attribute',
    fields: ['attributes', ENGINE_FIELD],
    setup: (context) => {
      ctx = context;
      waitForEngine(context);
    },
    match: (condition, profile) => {
      const name = resolve(condition);
      if (name === null) return null;
      const rule = ruleOf(ctx?.data, name);
      const actual = rule ? computed(rule, profile, ctx) : valueOf(read(profile.attributes, name));
      return matchValue(condition.match, condition.value, actual);
    },
    // The attribute name is looked up and the match parsed once per project data, not per evaluation.
    compile: (condition, data) => {
      const name = resolve(condition, data);
      if (name === null) return unknown;
      const test = compileValue(condition.match, condition.value);
      const rule = ruleOf(data, name);
      if (rule) return (profile) => test(computed(rule, profile, ctx));
      return (profile) => test(valueOf(read(profile.attributes, name)));
    },
    check: validationOnly((condition, data) => {
      const id = idOf(condition);
      if (id != null || options.declaredOnly || condition.name == null) {
        const found = lookupAttribute(data, { name: condition.name, id });
        if (found.error) return found.error;
      } else if (typeof condition.name !== 'string' || !condition.name) return 'A custom_attribute condition needs the attribute name in "name" (or its id in "id")';
      else if ((data.visitorAttributes ?? []).filter((attribute) => attribute?.name === condition.name).length > 1) {
        return lookupAttribute(data, { name: condition.name }).error;
      }
      const named = id != null ? lookupAttribute(data, { id }).attribute?.name : condition.name;
      const attribute = typeof named === 'string' ? ruleOf(data, named) : null;
      const rule = attribute && engineNow(ctx)?.attributeRule(attribute);
      const ruleProblems = rule
        ? rule.problems.map((problem) => ({ message: `The rule of visitor attribute "${named}": ${problem.message}`, warning: problem.warning }))
        : [];
      const problem = valueProblem(condition);
      return problem ? [problem, ...ruleProblems] : ruleProblems;
    }),
  });
}
