import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { hardenWebContents } from './harden-web-contents';
import { createSenderCheck } from './ipc/handle-channel';
import { registerIpcHandlers } from './ipc/index';
import { createMainWindow } from './main-window';
import { resolvePreloadPath, resolveRendererUrl } from './paths';
import { getServicesUrl } from './services-url';
import { createAppUrlMatcher, createCanvasUrlMatcher } from './url-policy';

/** What {@link startDesktopApp} needs to know about its surroundings. */
export interface DesktopAppOptions {
  /** Directory of the built main bundle (`out/main`); the preload and renderer sit beside it. */
  mainDir: string;
  /** The OS the app runs on; `process.platform` unless a test says otherwise. */
  platform?: NodeJS.Platform;
}

/**
 * Starts the editor: takes the single-instance lock (or quits), hardens every
 * web contents, registers the IPC handlers and opens the main window when
 * Electron is ready. Called once from the main entry.
 */
export function startDesktopApp({ mainDir, platform = process.platform }: DesktopAppOptions): void {
  // A second copy would compete with the first for the project files and the local service ports.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const preloadPath = resolvePreloadPath(mainDir);
  const servicesUrl = getServicesUrl();
  const rendererUrl = resolveRendererUrl(servicesUrl);
  const isAppUrl = createAppUrlMatcher(rendererUrl);
  let mainWindow: BrowserWindow | undefined;

  const openMainWindow = (): void => {
    const window = createMainWindow({ preloadPath, rendererUrl });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    mainWindow = window;
  };

  // Registered before `ready` so even the first window's contents go through it.
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, {
      isAppUrl,
      isAllowedWebviewUrl: createCanvasUrlMatcher(servicesUrl),
      openExternal: (url) => shell.openExternal(url),
    }),
  );

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  // macOS apps stay alive without windows until the user quits from the menu or dock.
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(() => {
      registerIpcHandlers(ipcMain, createSenderCheck(isAppUrl));
      openMainWindow();
      // Clicking the dock icon with no window open (macOS) brings the editor back.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('[app-lifecycle] the editor failed to start', error);
      app.exit(1);
    });
}
