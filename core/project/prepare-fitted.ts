import type { Logger, Plugin } from '../types';
import { normalizeProjectData } from './normalize';
import type { ProjectData, ProjectInput } from './types';

/**
 * The error a fitted snippet logs when `load` hands it other data: short, as it ships in every fitted
 * snippet (use `load` with a snippet built from the whole standard preset).
 */
export const MSG_FITTED_LOAD = 'A fitted snippet refuses load: build with the whole preset';

/**
 * The preparer of a snippet fitted to its project (`"plugins": { "preset": "standard" }`). Its own data was
 * validated when it was built, so at start it only gets its defaults. Unlike {@link prepareBuilt}, it does
 * not carry the validators (about a sixth of a fitted snippet): data handed over by `load` is refused, as
 * it would have to be validated and could need plugins the fitted snippet left out. The kernel then
 * reports the project as invalid and stays off.
 */
export const prepareFitted =
  (built: unknown) =>
  (input: unknown, _plugins: readonly Plugin[], log: Logger): ProjectData | undefined => {
    if (input === built) return normalizeProjectData(input as ProjectInput);
    log.error(MSG_FITTED_LOAD);
  };
