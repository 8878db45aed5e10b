import { shell, type IpcMain } from 'electron';
import { BACKEND_URL_ENV, DEFAULT_BACKEND_URL, IPC_CHANNELS } from '../../shared/ipc-contract';
import { isLoopbackHttpUrl } from '../url-policy';
import { handleChannel, type SenderCheck } from './handle-channel';

/**
 * The backend's address: what `npm start` passed in the environment when it is a loopback URL
 * (the services only ever listen there), else the default port.
 */
export function getBackendUrl(env: NodeJS.ProcessEnv = process.env): string {
  const given = env[BACKEND_URL_ENV];
  return given && isLoopbackHttpUrl(given) ? given.replace(/\/$/, '') : DEFAULT_BACKEND_URL;
}

/**
 * Validates the payload of `backend:openExternal`: a string that is a loopback http(s) URL. Any
 * other value (another scheme, a remote host, not a string) is refused, never opened.
 */
export function isOpenableUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 4096 && isLoopbackHttpUrl(value);
}

/** Registers the `backend` domain's handlers; called once when the app is ready. */
export function registerBackendHandlers(ipcMain: IpcMain, isTrustedSender: SenderCheck): void {
  handleChannel(ipcMain, IPC_CHANNELS.backend.getUrl, isTrustedSender, () => getBackendUrl());
  handleChannel(ipcMain, IPC_CHANNELS.backend.openExternal, isTrustedSender, async (_event, url) => {
    if (!isOpenableUrl(url)) return false;
    await shell.openExternal(url);
    return true;
  });
}
