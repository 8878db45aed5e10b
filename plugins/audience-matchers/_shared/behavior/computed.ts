/**
 * Visitor attributes computed from their rule (CFG-18 `rule_json`, read as `ruleJson` too): the value of
 * such an attribute is what its behaviour rule yields over the visitor's behaviour events. A spec 0.1 or
 * 0.2 rule without a `test` yields its result (a count, an aggregate, the nth value or the list of values);
 * with a test, or an event query, it yields true or false. Used by the custom_attribute matcher.
 */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import type { VisitorAttribute } from '../../../../core/project/types';
import { queryProblems, runQuery, type Query } from './query';
import { compileRule, type Plan, type RuleProblem } from './rule';
import { resultOf, runPlan } from './run';

/** A compiled attribute rule: its problems, and its value for the events at a time. */
export interface AttributeRule {
  problems: RuleProblem[];
  value(events: readonly BehaviourEvent[], now: number): unknown;
}

const cache = new WeakMap<object, AttributeRule | null>();

/** The attribute's rule as written, in either spelling (spec `rule_json`, or `ruleJson`). */
export const ruleText = (attribute: VisitorAttribute): unknown => {
  const loose = attribute as VisitorAttribute & { rule_json?: unknown };
  return loose.ruleJson ?? loose.rule_json;
};

/** The attribute's compiled rule, or null when it has none. Cached per attribute record. */
export const attributeRule = (attribute: VisitorAttribute): AttributeRule | null => {
  let rule = cache.get(attribute);
  if (rule !== undefined) return rule;
  let source = ruleText(attribute);
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source);
    } catch {
      // Left as text: compileRule reports it.
    }
  }
  if (source == null || source === '') rule = null;
  else if (typeof source === 'object' && !Array.isArray(source) && !('version' in source)) {
    const query = source as Query;
    rule = { problems: queryProblems(query), value: (events, now) => runQuery(query, events, now) };
  } else {
    const { plan, problems } = compileRule(source);
    rule = { problems, value: (events, now) => ((plan as Plan).test ? runPlan(plan as Plan, events, now) : resultOf(plan as Plan, events, now)) };
  }
  cache.set(attribute, rule);
  return rule;
};
