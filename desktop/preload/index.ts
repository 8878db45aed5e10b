/**
 * The editor's preload: the only bridge between the sandboxed renderer and the
 * main process. It exposes a small API, split by domain, on
 * `window.variaDesktop`; the renderer never sees `ipcRenderer` itself.
 *
 * Built as CommonJS (`out/preload/index.cjs`) because sandboxed preloads cannot
 * be ES modules, and bundled, because they can only `require('electron')`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type IpcArgs, type IpcChannel, type IpcResult } from '../shared/ipc-contract';

/** `ipcRenderer.invoke`, typed by the IPC contract. */
function invoke<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcResult<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<C>>;
}

const api = {
  /** The running app. */
  app: {
    /** Resolves with the app's name, version and OS platform. */
    getInfo: () => invoke(IPC_CHANNELS.app.getInfo),
  },
};

/** The API the preload exposes as `window.variaDesktop`, inferred from its implementation. */
export type DesktopApi = typeof api;

contextBridge.exposeInMainWorld('variaDesktop', api);
