import { join } from 'node:path';

/**
 * Where the window's code and page come from. The preload is the built CommonJS bundle beside the
 * main bundle (`out/main`, `out/preload`); the page is the editor as the local services serve it, so
 * the desktop window and a browser in web mode load the same page, with the same session token and
 * the same checks on every backend call (the services refuse a page loaded from disk: its `null`
 * origin could be any file's).
 */

/** Absolute path of the CommonJS preload; CommonJS because sandboxed preloads cannot be ES modules. */
export function resolvePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
}

/** URL the main window loads: the editor page of the local services at `servicesUrl`. */
export function resolveRendererUrl(servicesUrl: string): string {
  return `${servicesUrl.replace(/\/$/, '')}/editor/`;
}
