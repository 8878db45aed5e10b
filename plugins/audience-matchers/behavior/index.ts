/**
 * `behavior` conditions: `value` is a behaviour rule (spec 0.1 or 0.2, with `version`) or an event query
 * (without `version`), as an object or its JSON text, evaluated over the visitor's behaviour events
 * (the newest 1000, AUD-23 windows: last 60 days or the current session). Invalid rules are reported at
 * validation with every problem; at run time an invalid rule is unknown (null). See
 * `_shared/behavior/rule.ts` and `query.ts` for the formats.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { ProfileTime } from '../../../core/kinds/audiences';
import type { BehaviourEvent } from '../../../core/kinds/visitor';
import { queryProblems, runQuery, type Query } from '../_shared/behavior/query';
import { compileRule, type Plan, type RuleProblem } from '../_shared/behavior/rule';
import { runPlan } from '../_shared/behavior/run';

interface Compiled {
  run(events: readonly BehaviourEvent[], now: number): boolean;
  problems: RuleProblem[];
}

const byObject = new WeakMap<object, Compiled>();
const byText = new Map<string, Compiled>();

/** Compiles a condition value once (cached by object or text). */
export const compileBehaviour = (value: unknown): Compiled => {
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
  let compiled: Compiled;
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

export default function behavior(): PluginOf<'audienceMatcher'> {
  let clock: PluginContext['clock'] | undefined;
  return definePlugin({
    type: 'audienceMatcher',
    name: 'behavior',
    fields: ['behaviourEvents', 'time'],
    setup: (ctx) => {
      clock = ctx.clock;
    },
    match: (condition, profile) => {
      const events = profile.behaviourEvents;
      if (!Array.isArray(events)) return null;
      const compiled = compileBehaviour(condition.value);
      if (compiled.problems.some((problem) => !problem.warning)) return null;
      const time = profile.time as ProfileTime | undefined;
      const now = typeof time?.now === 'number' ? time.now : clock ? clock.now() : Date.now();
      try {
        return compiled.run(events, now);
      } catch {
        return null; // hostile event data (getters, cycles): cannot tell
      }
    },
    check: (condition) => compileBehaviour(condition.value).problems.map((problem) => (problem.warning ? { message: problem.message, warning: true } : problem.message)),
  });
}
