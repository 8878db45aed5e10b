import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_NAME } from '../shared/ipc-contract';

/** Background painted before the renderer's first frame; matches the shell's canvas grey. */
const WINDOW_BACKGROUND = '#f4f5f7';

/**
 * Builds the options of the editor's main window. Called once per window by
 * `createMainWindow`; pure so the security-relevant preferences can be asserted
 * in unit tests without Electron.
 *
 * @param preloadPath Absolute path of the built CommonJS preload (`out/preload/index.cjs`).
 * @returns Options with context isolation and the sandbox on, Node integration
 *   off everywhere, and the `<webview>` tag enabled for the page canvas.
 */
export function getMainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: APP_NAME,
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    backgroundColor: WINDOW_BACKGROUND,
    // Shown on `ready-to-show` so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // The page canvas hosts the site in a <webview>; `will-attach-webview` hardens each one.
      webviewTag: true,
    },
  };
}
