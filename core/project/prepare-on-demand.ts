import type { Logger, Plugin, ProjectPreparer } from '../types';
import { isPlain, loadProblem } from './load-check';
import { normalizeProjectData } from './normalize';
import type { ProjectData, ProjectInput } from './types';
import { settle, settleAll } from '../sequence';

/** What the `validate` part exports (built from ./prepare.ts by compiler/snippet-parts.ts). */
export interface ValidatePart {
  prepareProject(input: unknown, plugins: readonly Plugin[], log: Logger): ProjectData | undefined;
}

/** Logged after the reason when the validators of data handed over by `load` cannot be had. */
export const MSG_LOAD_NOT_RUN = 'The project data handed over by load is not run without its validators';

/** A plugin built as a part, as its stand-in offers it (plugins/_shared/stand-in.ts). */
type StandIn = Plugin & { swap?: () => Promise<Plugin>; wanted?: (data: unknown) => boolean };

/**
 * The types the data names: of conditions (any `...conditions` list: audiences, pages, URL conditions) and
 * of changes, at any depth. A plugin built as a part is wanted when its name is among them. Each plain
 * object or array is walked once inside and once outside a named list, so shared or cyclic data costs
 * its size, not its number of paths (data from `load` has passed `loadProblem` before).
 */
export const namedTypes = (data: unknown): Set<string> => {
  const names = new Set<string>();
  const seen = [new Set<object>(), new Set<object>()];
  const walk = (value: unknown, named: boolean): void => {
    if (!isPlain(value) || seen[+named].has(value)) return;
    seen[+named].add(value);
    if (named && typeof (value as { type?: unknown }).type == 'string') names.add((value as { type: string }).type);
    for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], named || /conditions$|^changes$/i.test(key));
  };
  walk(data, false);
  return names;
};

/**
 * Swaps in the plugins built as parts that `data` names, or that say they are wanted anyway (`wanted`: a preset
 * option that is on, such as cross-domain storage; data with feature values; a preview cookie), before
 * init: undefined
 * when none is wanted (the start stays synchronous), else the plugin list with the swapped ones in place. A
 * part that cannot be had is logged by its stand-in (the loader's catalogue message) and the stand-in stays.
 */
const swapNamed = (data: unknown, plugins: readonly Plugin[]): Promise<readonly Plugin[]> | undefined => {
  const standIns = plugins.filter((plugin) => (plugin as StandIn).swap);
  // No walk of the data for a snippet without stand-ins.
  const names = standIns.length ? namedTypes(data) : undefined;
  const wanted = standIns.filter((plugin) => (plugin as StandIn).wanted?.(data) || names!.has(plugin.name));
  if (wanted.length)
    return settleAll(
      plugins.map((plugin) =>
        wanted.includes(plugin)
          ? settle(
              (plugin as StandIn).swap!(),
              (swapped) => swapped,
              () => plugin,
            )
          : plugin,
      ),
    );
};

/**
 * The preparer of a snippet built with the whole preset (not fitted). Like `prepareBuilt` (./prepare.ts),
 * its own data, validated when it was built, only gets its defaults, synchronously. The validators of data
 * handed over at run time (the `load` call: about a third of the whole preset) are not in the snippet:
 * they are the `validate` part, which `load` (the part loader, plugins/_shared/parts.ts) fetches from beside
 * the snippet; the kernel's init waits for them. When they cannot be had (no network, a broken part), the
 * reason is logged and the data is refused like invalid data: data that was never checked is not run.
 * The rarely used plugins the snippet holds as stand-ins (plugins/_shared/stand-in.ts) are swapped for the
 * real ones, loaded as parts, when the data names them, before validation and before init. Data that
 * cannot be a project ({@link loadProblem}) is refused at once, before any other walk, and the snippet's
 * own project runs instead: one bad `load` call does not switch the runtime off.
 * The promise never rejects, and is waited for with `await`, never the page's `then` (core/sequence.ts).
 */
export const prepareOnDemand =
  (built: unknown, load: (name: string) => Promise<unknown>): ProjectPreparer =>
  (input, plugins, log) => {
    // Data that is no project (a DOM node, the window, a cycle, too large) costs only its own call.
    const problem = input !== built && loadProblem(input);
    if (problem) {
      log.error(problem);
      input = built;
    }
    if (input === built) {
      const data = normalizeProjectData(input as ProjectInput);
      const swapping = swapNamed(input, plugins);
      return swapping ? settle(swapping, () => data) : data;
    }
    // The validators and the plugins the data names load side by side; the validators check the data
    // against the real plugins.
    return (async () => {
      try {
        const [part, swapped] = await settleAll<unknown>([load('validate'), swapNamed(input, plugins) ?? plugins]);
        const prepare = (part as Partial<ValidatePart> | undefined)?.prepareProject;
        if (typeof prepare != 'function') throw Error('the validate part has no prepareProject');
        const data = prepare(input, swapped as readonly Plugin[], log);
        return data && typeof data == 'object' ? data : undefined;
      } catch (error) {
        log.error((error as Error)?.message ?? error);
        log.error(MSG_LOAD_NOT_RUN);
        return undefined;
      }
    })();
  };
