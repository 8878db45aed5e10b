/**
 * The IPC contract between the editor's main process and its preload bridge.
 *
 * This file is imported by the main process, the preload script and (for types
 * only) the renderer, so it must stay free of `electron` and Node imports: the
 * renderer also runs in a plain browser (web mode) and the sandboxed preload can
 * only bundle plain code.
 */

/** Product name shown in the window title, the app shell and `app:getInfo`. */
export const APP_NAME = 'Varia Editor';

/**
 * IPC channel names, grouped by domain. Channels are `<domain>:<action>` so a
 * handler's owner is obvious from the name alone.
 */
export const IPC_CHANNELS = {
  app: {
    getInfo: 'app:getInfo',
  },
} as const;

/** What the running desktop app reports about itself. */
export interface AppInfo {
  /** Always {@link APP_NAME}. */
  name: string;
  /** The app version (the `version` of the root package.json when unpackaged). */
  version: string;
  /** The main process's `process.platform`, e.g. `darwin`, `win32`, `linux`. */
  platform: string;
}

/**
 * Arguments and result of every `invoke`/`handle` channel. Main-process
 * handlers and the preload bridge are both typed from this map, so a payload
 * type is written once.
 */
export interface IpcContract {
  [IPC_CHANNELS.app.getInfo]: { args: []; result: AppInfo };
}

/** Every channel name in {@link IpcContract}. */
export type IpcChannel = keyof IpcContract;

/** Arguments the renderer passes when invoking channel `C`. */
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args'];

/** What the main process answers on channel `C`. */
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result'];
