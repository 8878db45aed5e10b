import type { Logger, Plugin, ProjectPreparer } from '../types';
import { normalizeProjectData } from './normalize';
import type { ProjectData, ProjectInput } from './types';
import { formatProblem, validateProject, type ProjectRule } from './validate';

/**
 * Prepares project input for the kernel (KernelOptions.prepare): fills the defaults, validates it with
 * the structural rules plus the rules the registered plugins bring, logs every problem (warnings at WARN,
 * errors at ERROR) and returns the data, or undefined when any error makes the project unusable.
 */
export const prepareProject = (input: unknown, plugins: readonly Plugin[], log: Logger): ProjectData | undefined => {
  const data = normalizeProjectData(input as ProjectInput);
  const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
  let valid = true;
  for (const problem of validateProject(data, { rules, plugins })) {
    if (problem.severity === 'warning') log.warn(formatProblem(problem));
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
 * call) is prepared and validated like any other.
 */
export const prepareBuilt =
  (built: unknown): ProjectPreparer =>
  (input, plugins, log) =>
    input === built ? normalizeProjectData(input as ProjectInput) : prepareProject(input, plugins, log);
