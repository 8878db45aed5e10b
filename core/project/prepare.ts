import type { Logger, Plugin } from '../types';
import { loadProblem } from './load-check';
import { normalizeProjectData } from './normalize';
import type { ProjectData, ProjectInput } from './types';
import { formatProblem, validateProject, type ProjectRule } from './validate';

// The path of an audience condition: `audiences[i].conditions` then its list indexes (ruling 22).
const CONDITION_PATH = /^audiences\[(\d+)\]\.conditions((?:\[\d+\])+)/;

/**
 * Ruling 22: a problem within one audience condition does not refuse data given at run time; the
 * condition (or the list the problem is about) is replaced by null, which the audiences module evaluates
 * as unknown (a stray string operand is a malformed condition too: ruling 6). False for other problems.
 */
const makeUnknown = (data: ProjectData, path: string): boolean => {
  const found = CONDITION_PATH.exec(path);
  let list: unknown = found && (data.audiences as Array<{ conditions?: unknown }> | undefined)?.[+found[1]]?.conditions;
  if (!found) return false;
  const indexes = found[2].slice(1, -1).split('][').map(Number);
  const last = indexes.pop()!;
  for (const index of indexes) list = Array.isArray(list) ? list[index] : undefined;
  if (!Array.isArray(list)) return false;
  list[last] = null;
  return true;
};

/**
 * Prepares project input for the kernel (KernelOptions.prepare): fills the defaults, validates it with
 * the structural rules plus the rules the registered plugins bring, logs every problem (warnings at WARN,
 * errors at ERROR) and returns the data, or undefined when any error makes the project unusable. This runs
 * for data given at run time only (a build validates its own data and refuses any error), so a malformed
 * audience condition is not an error here: it is logged as a warning and evaluates as unknown (ruling 22).
 */
export const prepareProject = (input: unknown, plugins: readonly Plugin[], log: Logger): ProjectData | undefined => {
  const data = normalizeProjectData(input as ProjectInput);
  const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
  let valid = true;
  for (const problem of validateProject(data, { rules, plugins })) {
    if (problem.severity === 'warning') log.warn(formatProblem(problem));
    else if (makeUnknown(data, problem.path)) log.warn(`${formatProblem(problem)}; the condition is unknown`);
    else {
      valid = false;
      log.error(formatProblem(problem));
    }
  }
  return valid ? data : undefined;
};

/**
 * The preparer of a built snippet. Its own project data was validated, with the same plugins, when the
 * snippet was built (a project with errors is not built), so at start it only gets its defaults: the
 * validation is not paid again on every page view. Data handed over at run time instead (the `load`
 * call) is prepared and validated like any other, unless it cannot be a project at all (`loadProblem`:
 * cyclic, too large, not a plain object): then it is refused and the built data runs.
 */
export const prepareBuilt =
  (built: unknown) =>
  (input: unknown, plugins: readonly Plugin[], log: Logger): ProjectData | undefined => {
    const problem = input !== built && loadProblem(input);
    if (problem) log.error(problem);
    return input === built || problem ? normalizeProjectData(built as ProjectInput) : prepareProject(input, plugins, log);
  };
