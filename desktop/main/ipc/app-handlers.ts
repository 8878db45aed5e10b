import { app, type IpcMain } from 'electron';
import { APP_NAME, IPC_CHANNELS, type AppInfo } from '../../shared/ipc-contract';
import { handleChannel, type SenderCheck } from './handle-channel';

/** Answers `app:getInfo`: the product name, the app version and the OS platform. */
export function getAppInfo(): AppInfo {
  return { name: APP_NAME, version: app.getVersion(), platform: process.platform };
}

/** Registers the `app` domain's handlers; called once when the app is ready. */
export function registerAppHandlers(ipcMain: IpcMain, isTrustedSender: SenderCheck): void {
  handleChannel(ipcMain, IPC_CHANNELS.app.getInfo, isTrustedSender, () => getAppInfo());
}
