/**
 * The `app` IPC domain of the desktop editor. Electron is mocked
 * (./fake-electron) because its binary cannot be downloaded or run on these
 * machines; handlers are called the way `ipcMain.handle` would call them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { createSenderCheck } from '../../../desktop/main/ipc/handle-channel';
import { registerIpcHandlers } from '../../../desktop/main/ipc/index';
import { createAppUrlMatcher } from '../../../desktop/main/url-policy';
import { IPC_CHANNELS } from '../../../desktop/shared/ipc-contract';
import { app, ipcMain, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const APP_URL = 'file:///app/out/renderer/index.html';

function invoke(channel: string, senderUrl: string | undefined, ...args: unknown[]) {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { senderFrame: senderUrl === undefined ? null : { url: senderUrl } };
  // ipcMain.handle turns a throwing handler into a rejected invoke.
  return Promise.resolve().then(() => handler(event, ...args));
}

describe('app:getInfo', () => {
  beforeEach(() => {
    resetFakeElectron();
    registerIpcHandlers(ipcMain as unknown as IpcMain, createSenderCheck(createAppUrlMatcher(APP_URL)));
  });

  it('is registered under the contract channel name', () => {
    expect(IPC_CHANNELS.app.getInfo).toBe('app:getInfo');
    expect(ipcMain.handlers.has('app:getInfo')).toBe(true);
  });

  it('answers the editor renderer with name, version and platform', async () => {
    app.getVersion.mockReturnValue('0.1.0');
    await expect(invoke('app:getInfo', APP_URL)).resolves.toEqual({
      name: 'Varia Editor',
      version: '0.1.0',
      platform: process.platform,
    });
  });

  it('refuses a sender that is not the editor renderer', async () => {
    await expect(invoke('app:getInfo', 'http://127.0.0.1:4173/')).rejects.toThrow(/not the editor renderer/);
    await expect(invoke('app:getInfo', undefined)).rejects.toThrow(/not the editor renderer/);
  });
});
