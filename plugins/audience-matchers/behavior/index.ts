/**
 * `behavior` conditions: `value` is a behaviour rule (spec 0.1 or 0.2, with `version`) or an event query
 * (without `version`), as an object or its JSON text, evaluated over the visitor's behaviour events
 * (the newest 1000, AUD-23 windows: last 60 days or the current session). Invalid rules are reported at
 * validation with every problem; at run time an invalid rule is unknown (null). See
 * `_shared/behavior/rule.ts` and `query.ts` for the formats.
 *
 * The engine that compiles and runs them is reached through `_shared/behavior/access.ts`: in a snippet it
 * is a part loaded on demand, and an evaluation waits for it (the {@link ENGINE_FIELD} profile field); a
 * condition met before it is there, or when it cannot be loaded, is unknown.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { ProfileTime } from '../../../core/kinds/audiences';
import { ENGINE_FIELD, engineNow, requestEngine, waitForEngine } from '../_shared/behavior/access';
import { validationOnly } from '../../_shared/validation-only';

export default function behavior(): PluginOf<'audienceMatcher'> {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'audienceMatcher',
    name: 'behavior',
    fields: ['behaviourEvents', 'time', ENGINE_FIELD],
    setup: (context) => {
      ctx = context;
      waitForEngine(context);
    },
    match: (condition, profile) => {
      const events = profile.behaviourEvents;
      if (!Array.isArray(events)) return null;
      const engine = engineNow(ctx);
      if (!engine) return requestEngine(ctx), null;
      try {
        const compiled = engine.compileBehaviour(condition.value);
        if (compiled.problems.some((problem) => !problem.warning)) return null;
        const time = profile.time as ProfileTime | undefined;
        return compiled.run(events, typeof time?.now === 'number' ? time.now : ctx ? ctx.clock.now() : Date.now());
      } catch {
        return null; // hostile event data (getters, cycles): cannot tell
      }
    },
    check: validationOnly((condition) =>
      engineNow(ctx)
        ?.compileBehaviour(condition.value)
        .problems.map((problem) => (problem.warning ? { message: problem.message, warning: true } : problem.message))),
  });
}
