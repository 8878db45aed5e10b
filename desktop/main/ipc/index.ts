import type { IpcMain } from 'electron';
import { registerAppHandlers } from './app-handlers';
import type { SenderCheck } from './handle-channel';

/**
 * Registers every IPC domain's handlers. Called once, after `app.whenReady()`
 * and before the first window loads, so no `invoke` can race a missing handler.
 */
export function registerIpcHandlers(ipcMain: IpcMain, isTrustedSender: SenderCheck): void {
  registerAppHandlers(ipcMain, isTrustedSender);
}
