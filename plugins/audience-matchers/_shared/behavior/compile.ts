/**
 * `behavior` condition values compiled once: a behaviour rule (spec 0.1 or 0.2, with `version`) or an
 * event query (without `version`), as an object or its JSON text (see ./rule.ts and ./query.ts).
 */
import type { BehaviourEvent } from '../../../../core/kinds/visitor';
import { queryProblems, runQuery, type Query } from './query';
import { compileRule, type Plan, type RuleProblem } from './rule';
import { runPlan } from './run';

/** A compiled condition value: its problems, and whether the events match it at a time. */
export interface CompiledBehaviour {
  run(events: readonly BehaviourEvent[], now: number): boolean;
  problems: RuleProblem[];
}

const byObject = new WeakMap<object, CompiledBehaviour>();
const byText = new Map<string, CompiledBehaviour>();

/** Compiles a condition value once (cached by object or text). */
export const compileBehaviour = (value: unknown): CompiledBehaviour => {
  const cached = value !== null && typeof value === 'object' ? byObject.get(value) : typeof value === 'string' ? byText.get(value) : undefined;
  if (cached) return cached;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  let compiled: CompiledBehaviour;
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && !('version' in parsed)) {
    const query = parsed as Query;
    compiled = { problems: queryProblems(query), run: (events, now) => runQuery(query, events, now) };
  } else {
    const { plan, problems } = compileRule(parsed ?? value);
    compiled = { problems, run: (events, now) => runPlan(plan as Plan, events, now) };
  }
  if (value !== null && typeof value === 'object') byObject.set(value, compiled);
  else if (typeof value === 'string') byText.set(value, compiled);
  return compiled;
};
