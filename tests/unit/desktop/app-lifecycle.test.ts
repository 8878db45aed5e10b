/**
 * Start-up and shutdown of the desktop editor's main process. Electron is
 * mocked (./fake-electron) because its binary cannot be downloaded or run on
 * these machines; app events are emitted by hand.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startDesktopApp } from '../../../desktop/main/app-lifecycle';
import { app, BrowserWindow, FakeWebContents, ipcMain, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const MAIN_DIR = '/app/out/main';

/** Lets the `whenReady().then(...)` chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startDesktopApp', () => {
  beforeEach(() => {
    resetFakeElectron();
    vi.unstubAllEnvs();
  });

  it('quits at once when another instance holds the lock', () => {
    app.requestSingleInstanceLock.mockReturnValue(false);
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    expect(app.quit).toHaveBeenCalledOnce();
    expect(app.whenReady).not.toHaveBeenCalled();
  });

  it('EDT-3 opens one hardened window on the editor page of the local services, with the CommonJS preload', async () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    await settle();
    expect(BrowserWindow.instances).toHaveLength(1);
    const [window] = BrowserWindow.instances;
    expect(window?.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    // The same page as web mode, so every backend call carries the same origin and session token.
    expect(window?.loadURL).toHaveBeenCalledWith('http://127.0.0.1:4477/editor/');
    window?.emit('ready-to-show');
    expect(window?.show).toHaveBeenCalledOnce();
    expect(ipcMain.handlers.has('app:getInfo')).toBe(true);
  });

  it('EDT-3 loads the editor from the services npm start names, never from another host', async () => {
    vi.stubEnv('VARIA_SERVICES_URL', 'http://127.0.0.1:5123');
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    await settle();
    expect(BrowserWindow.instances[0]?.loadURL).toHaveBeenCalledWith('http://127.0.0.1:5123/editor/');
    resetFakeElectron();
    vi.stubEnv('VARIA_SERVICES_URL', 'https://evil.example');
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    await settle();
    expect(BrowserWindow.instances[0]?.loadURL).toHaveBeenCalledWith('http://127.0.0.1:4477/editor/');
  });

  it('hardens every web contents created from then on', () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    const contents = new FakeWebContents('window');
    app.emit('web-contents-created', {}, contents);
    expect(contents.listenerCount('will-attach-webview')).toBe(1);
    expect(contents.listenerCount('will-navigate')).toBe(1);
    expect(contents.windowOpenHandler).toBeTypeOf('function');
  });

  it('quits when the last window closes on Linux and Windows', () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledOnce();
  });

  it('stays running when the last window closes on macOS', () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'darwin' });
    app.emit('window-all-closed');
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('focuses the existing window when a second instance starts', async () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'linux' });
    await settle();
    const [window] = BrowserWindow.instances;
    window?.isMinimized.mockReturnValue(true);
    app.emit('second-instance');
    expect(window?.restore).toHaveBeenCalledOnce();
    expect(window?.focus).toHaveBeenCalledOnce();
  });

  it('reopens the window on activate once all windows are gone (macOS dock)', async () => {
    startDesktopApp({ mainDir: MAIN_DIR, platform: 'darwin' });
    await settle();
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(1);
    BrowserWindow.instances[0]?.close();
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(2);
  });
});
