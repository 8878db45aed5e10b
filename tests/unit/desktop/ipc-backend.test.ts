/**
 * The `backend` IPC domain (EDT-3). Electron is mocked (./fake-electron) because its binary cannot
 * be downloaded or run on these machines; handlers are called the way `ipcMain.handle` calls them.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { getBackendUrl } from '../../../desktop/main/ipc/backend-handlers';
import { createSenderCheck } from '../../../desktop/main/ipc/handle-channel';
import { registerIpcHandlers } from '../../../desktop/main/ipc/index';
import { createAppUrlMatcher } from '../../../desktop/main/url-policy';
import { ipcMain, resetFakeElectron, shell } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const APP_URL = 'file:///app/out/renderer/index.html';

function invoke(channel: string, senderUrl: string | undefined, ...args: unknown[]) {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { senderFrame: senderUrl === undefined ? null : { url: senderUrl } };
  return Promise.resolve().then(() => handler(event, ...args));
}

describe('backend IPC (Electron mocked)', () => {
  beforeEach(() => {
    resetFakeElectron();
    registerIpcHandlers(ipcMain as unknown as IpcMain, createSenderCheck(createAppUrlMatcher(APP_URL)));
  });

  it('EDT-3 backend:getUrl answers the loopback address npm start passed, else the default', () => {
    expect(getBackendUrl({ VARIA_SERVICES_URL: 'http://127.0.0.1:5123/' })).toBe('http://127.0.0.1:5123');
    expect(getBackendUrl({ VARIA_SERVICES_URL: 'https://evil.example' })).toBe('http://127.0.0.1:4477');
    expect(getBackendUrl({})).toBe('http://127.0.0.1:4477');
  });

  it('EDT-3 backend:openExternal validates its payload: loopback http(s) only, strings only', async () => {
    await expect(invoke('backend:openExternal', APP_URL, 'http://127.0.0.1:4477/demo/homepage?varia_force=1')).resolves.toBe(true);
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    for (const bad of ['file:///etc/passwd', 'https://example.com/', 'javascript:alert(1)', 42, { url: 'http://127.0.0.1/' }, undefined]) {
      await expect(invoke('backend:openExternal', APP_URL, bad)).resolves.toBe(false);
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('EDT-3 backend channels refuse a sender that is not the editor renderer', async () => {
    await expect(invoke('backend:getUrl', 'http://127.0.0.1:4477/demo/homepage')).rejects.toThrow(/not the editor renderer/);
    await expect(invoke('backend:openExternal', undefined, 'http://127.0.0.1:1/')).rejects.toThrow(/not the editor renderer/);
  });
});
