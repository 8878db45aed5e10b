import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Paths of the sibling build outputs, resolved from the directory of the built
 * main bundle (`out/main`). electron-vite writes `out/main`, `out/preload` and
 * `out/renderer` side by side, in development and when packaged alike.
 */

/** Absolute path of the CommonJS preload; CommonJS because sandboxed preloads cannot be ES modules. */
export function resolvePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
}

/**
 * URL the main window loads: the renderer dev server when electron-vite runs
 * `dev` (it sets `ELECTRON_RENDERER_URL`) and the app is unpackaged, otherwise
 * the built `index.html` as a file URL.
 */
export function resolveRendererUrl(mainDir: string, options: { isPackaged: boolean; devServerUrl?: string }): string {
  if (!options.isPackaged && options.devServerUrl) return options.devServerUrl;
  return pathToFileURL(join(mainDir, '..', 'renderer', 'index.html')).href;
}
