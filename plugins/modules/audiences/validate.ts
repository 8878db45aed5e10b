/**
 * The audiences project rule (AUD-4): every audience condition must have a matcher for its type, and
 * each matcher checks its own conditions (`check`: regex syntax and safety, ranges, behaviour rules,
 * attribute lookups...). Problems are reported at validation (snippet build, kernel start) rather than
 * in the visitor's page.
 */
import type { PluginOf } from '../../../core';
import type { AudienceMatcherKind, ConditionProblem } from '../../../core/kinds/audiences';
import type { ProjectData } from '../../../core/project/types';
import type { ProblemReport, ProjectRule } from '../../../core/project/validate';

/** Finds the matcher of a condition type. */
export type MatcherFinder = (type: string) => AudienceMatcherKind | undefined;

/** Message of a condition whose type has no matcher (AUD-4; the spec gives no text). */
export const noMatcherMessage = (type: string): string => `No audience matcher for condition type "${type}"`;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The rule, given how to find matchers (the plugin passes the kernel's registry). */
export const audienceRule =
  (find: MatcherFinder): ProjectRule =>
  (data: ProjectData, report: (problem: ProblemReport) => void) => {
    if (!Array.isArray(data.audiences)) return;
    data.audiences.forEach((audience, index) => {
      if (!isObject(audience)) return; // the structural rules report it
      const entity = `audience ${typeof audience.id === 'string' ? `"${audience.id}"` : `#${index}`}${typeof audience.name === 'string' ? ` (${audience.name})` : ''}`;
      const walk = (expression: unknown, path: string, depth: number): void => {
        if (!Array.isArray(expression) || depth > 32) return; // structural rules report it
        expression.forEach((item, i) => {
          const at = `${path}[${i}]`;
          if (Array.isArray(item)) return walk(item, at, depth + 1);
          if (!isObject(item) || typeof item.type !== 'string' || !item.type) return;
          const matcher = find(item.type);
          if (!matcher) return report({ entity, path: `${at}.type`, message: noMatcherMessage(item.type) });
          let found: ConditionProblem | readonly ConditionProblem[] | undefined;
          try {
            found = matcher.check?.(item as never, data);
          } catch (error) {
            found = `The ${item.type} matcher failed to check the condition: ${error instanceof Error ? error.message : String(error)}`;
          }
          for (const problem of ([] as ConditionProblem[]).concat(found ?? [])) {
            const message = typeof problem === 'string' ? problem : problem.message;
            report({ entity, path: at, message, severity: typeof problem === 'object' && problem.warning ? 'warning' : 'error' });
          }
        });
      };
      walk(audience.conditions, `audiences[${index}].conditions`, 0);
    });
  };

/** The rule over the project's own plugins, as the audiences plugin registers it (`validate`). */
export const pluginsRule: ProjectRule = (data, report, plugins) =>
  audienceRule((type) => plugins.find((plugin): plugin is PluginOf<'audienceMatcher'> => plugin.type === 'audienceMatcher' && plugin.name === type))(data, report, plugins);
