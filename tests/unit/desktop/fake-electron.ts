/**
 * A small stand-in for the `electron` module, for main-process unit tests.
 * Electron's binary cannot be downloaded on these machines, so the real module
 * cannot even be imported; test files route `electron` here with
 * `vi.mock('electron', () => import('./fake-electron'))` and drive the fakes.
 * Only what the desktop main process uses is modelled.
 */
import { vi } from 'vitest';

type Listener = (...args: any[]) => unknown;

/** Minimal EventEmitter: records listeners so tests can emit Electron events by hand. */
class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapper: Listener = (...args) => {
      this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== wrapper));
      return listener(...args);
    };
    return this.on(event, wrapper);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

/** A fake `webContents` of the given type, with the navigation hooks the guard uses. */
export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: ((details: { url: string }) => unknown) | undefined;

  constructor(private readonly type: 'window' | 'webview' = 'window') {
    super();
  }

  getType(): string {
    return this.type;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }
}

/** A fake `Event` as Electron passes it to `will-navigate` and friends. */
export function createFakeEvent(url = '') {
  return { url, preventDefault: vi.fn(), defaultPrevented: false };
}

export const app = Object.assign(new FakeEmitter(), {
  isPackaged: false,
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
  exit: vi.fn(),
  getVersion: vi.fn(() => '1.2.3'),
  whenReady: vi.fn(() => Promise.resolve()),
});

const handlers = new Map<string, Listener>();

export const ipcMain = {
  handlers,
  handle: vi.fn((channel: string, handler: Listener) => {
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, handler);
  }),
};

export const shell = {
  openExternal: vi.fn((_url: string) => Promise.resolve()),
};

export class BrowserWindow extends FakeEmitter {
  static readonly instances: BrowserWindow[] = [];

  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances.filter((window) => !window.destroyed);
  }

  destroyed = false;
  readonly webContents = new FakeWebContents('window');
  readonly loadURL = vi.fn((_url: string) => Promise.resolve());
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly isMinimized = vi.fn(() => false);

  constructor(readonly options: Record<string, any>) {
    super();
    BrowserWindow.instances.push(this);
  }

  /** Test helper: what closing the window does in Electron. */
  close(): void {
    this.destroyed = true;
    this.emit('closed');
  }
}

/** Puts every fake back to its initial state; call in `beforeEach`. */
export function resetFakeElectron(): void {
  app.listeners.clear();
  app.isPackaged = false;
  app.requestSingleInstanceLock.mockReset().mockReturnValue(true);
  app.quit.mockReset();
  app.exit.mockReset();
  app.getVersion.mockReset().mockReturnValue('1.2.3');
  app.whenReady.mockReset().mockResolvedValue(undefined);
  handlers.clear();
  ipcMain.handle.mockClear();
  shell.openExternal.mockReset().mockResolvedValue(undefined);
  BrowserWindow.instances.length = 0;
}
