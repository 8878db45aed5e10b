import type { Logger, Plugin, ProjectPreparer } from '../types';
import { normalizeProjectData } from './normalize';
import type { ProjectData, ProjectInput } from './types';

/** What the `validate` part exports (built from ./prepare.ts by scripts/lib/snippet-parts.ts). */
export interface ValidatePart {
  prepareProject(input: unknown, plugins: readonly Plugin[], log: Logger): ProjectData | undefined;
}

/** Logged after the reason when the validators of data handed over by `load` cannot be had. */
export const MSG_LOAD_NOT_RUN = 'The project data handed over by load is not run without its validators';

/**
 * The preparer of a snippet built with the whole preset (not fitted). Like `prepareBuilt` (./prepare.ts),
 * its own data, validated when it was built, only gets its defaults, synchronously. The validators of data
 * handed over at run time (the `load` call: about a third of the whole preset) are not in the snippet:
 * they are the `validate` part, which `load` (the part loader, plugins/_shared/parts.ts) fetches from beside
 * the snippet; the kernel's init waits for them. When they cannot be had (no network, a broken part), the
 * reason is logged and the data is refused like invalid data: data that was never checked is not run.
 * The promise never rejects.
 */
export const prepareOnDemand =
  (built: unknown, load: (name: string) => Promise<unknown>): ProjectPreparer =>
  (input, plugins, log) => {
    if (input === built) return normalizeProjectData(input as ProjectInput);
    return Promise.resolve()
      .then(() => load('validate'))
      .then((part) => {
        const prepare = (part as Partial<ValidatePart> | undefined)?.prepareProject;
        if (typeof prepare != 'function') throw Error('the validate part has no prepareProject');
        const data = prepare(input, plugins, log);
        return data && typeof data == 'object' ? data : undefined;
      })
      .catch((error: unknown) => {
        log.error((error as Error)?.message ?? error);
        log.error(MSG_LOAD_NOT_RUN);
        return undefined;
      });
  };
