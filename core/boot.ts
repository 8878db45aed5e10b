import { GLOBAL_NAME, PREFIX } from './constants';
import type { ProjectDefinition } from './define';
import { createKernel } from './kernel';
import { parseLogSetting } from './logger';
import { readQuery } from './query';
import type { Kernel, ProjectPreparer } from './types';

/** Options of {@link boot}. */
export interface BootOptions {
  /** The window to install into (default: the global window). */
  win?: Window;
  /** Project preparation: defaults and validation (a built snippet passes `prepareBuilt(data)` or, fitted to its project, `prepareFitted(data)`; see core/project/). */
  prepare?: ProjectPreparer;
}

/** The page global once the snippet has loaded: only `push` and `get` are public. */
export interface PublicApi {
  push(call: unknown): unknown;
  get(name: string): unknown;
}

/**
 * The snippet's entry: takes the calls queued in `window.varia`, creates the kernel with the project,
 * replaces the queue with `{ push, get }` and starts the kernel. When `window.varia` is already an API
 * object, another snippet runs on the page and this one stays out of its way. Never throws.
 */
export const boot = (project: ProjectDefinition, options: BootOptions = {}): Kernel | undefined => {
  try {
    const win = (options.win ?? window) as Window & Record<string, unknown>;
    const queued = win[GLOBAL_NAME];
    if (queued && !Array.isArray(queued)) return;
    // The log parameter wins over the default level (ruling 11) and over a `log` call the page queued
    // before the snippet loaded (a person debugging must not be overridden); modes that raise it are plugins'.
    const logLevel = readQuery(win.location.search)[PREFIX + 'log'];
    const queue = ((queued as unknown[]) ?? []).filter(
      (call) => !parseLogSetting(logLevel) || (Array.isArray(call) ? call[0] : (call as { type?: unknown } | null)?.type) != 'log',
    );
    const kernel = createKernel({
      data: project.data,
      plugins: project.plugins,
      win,
      queue,
      logLevel,
      prepare: options.prepare,
    });
    const api: PublicApi = { push: kernel.push, get: kernel.get };
    win[GLOBAL_NAME] = api;
    kernel.start();
    return kernel;
  } catch (thrown) {
    // Only a broken environment (no window, a frozen global) gets here; the page must still load.
    try {
      console.error('[Varia]', thrown);
    } catch {
      // Nothing left to report to.
    }
  }
};
