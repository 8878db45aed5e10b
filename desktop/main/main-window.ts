import { BrowserWindow } from 'electron';
import { getMainWindowOptions } from './window-options';

/** Where the main window's code and page come from. */
export interface MainWindowSources {
  /** Absolute path of the built CommonJS preload. */
  preloadPath: string;
  /** The renderer URL: the dev server, or the built `index.html` as a file URL. */
  rendererUrl: string;
}

/**
 * Creates the editor window, loads the renderer and shows the window once its
 * first frame is ready.
 *
 * @returns The window, already loading.
 */
export function createMainWindow({ preloadPath, rendererUrl }: MainWindowSources): BrowserWindow {
  const window = new BrowserWindow(getMainWindowOptions(preloadPath));
  window.once('ready-to-show', () => window.show());
  window.loadURL(rendererUrl).catch((error: unknown) => {
    console.error(`[main-window] could not load the renderer from ${rendererUrl}`, error);
  });
  return window;
}
