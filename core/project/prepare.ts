import type { Logger, Plugin } from '../types';
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
