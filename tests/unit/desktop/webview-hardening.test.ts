/**
 * `will-attach-webview` hardening of the desktop editor. Electron is mocked
 * (./fake-electron) because its binary cannot be downloaded or run on these
 * machines; the handler is driven through a fake web contents instead.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents, WebPreferences } from 'electron';
import { hardenWebContents } from '../../../desktop/main/harden-web-contents';
import { hardenWebviewAttach } from '../../../desktop/main/webview-hardening';
import { createAppUrlMatcher, isLoopbackHttpUrl } from '../../../desktop/main/url-policy';
import { createFakeEvent, FakeWebContents, resetFakeElectron, shell } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const APP_URL = 'file:///app/out/renderer/index.html';

/** Preferences as a careless or compromised renderer might request them. */
function riskyPreferences(): WebPreferences {
  return {
    preload: '/tmp/evil-preload.js',
    nodeIntegration: true,
    nodeIntegrationInSubFrames: true,
    nodeIntegrationInWorker: true,
    contextIsolation: false,
    sandbox: false,
    webSecurity: false,
    allowRunningInsecureContent: true,
    webviewTag: true,
  };
}

function attach(src: string) {
  const contents = new FakeWebContents('window');
  hardenWebContents(contents as unknown as WebContents, {
    isAppUrl: createAppUrlMatcher(APP_URL),
    isAllowedWebviewUrl: isLoopbackHttpUrl,
    openExternal: (url) => shell.openExternal(url),
  });
  const event = createFakeEvent();
  const webPreferences = riskyPreferences();
  const params: Record<string, string> = { src, preload: 'file:///tmp/evil-preload.js' };
  contents.emit('will-attach-webview', event, webPreferences, params);
  return { event, webPreferences, params };
}

describe('will-attach-webview', () => {
  beforeEach(resetFakeElectron);

  it('strips the preload from the guest preferences and parameters', () => {
    const { webPreferences, params } = attach('http://127.0.0.1:4173/');
    expect(webPreferences).not.toHaveProperty('preload');
    expect(params).not.toHaveProperty('preload');
  });

  it('forces context isolation and the sandbox, and turns Node integration off', () => {
    const { webPreferences } = attach('http://127.0.0.1:4173/');
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('lets a guest on a loopback site attach', () => {
    expect(attach('http://127.0.0.1:4173/en/').event.preventDefault).not.toHaveBeenCalled();
    expect(attach('http://localhost:8080/').event.preventDefault).not.toHaveBeenCalled();
  });

  it('refuses a guest on a foreign, file or missing source', () => {
    expect(attach('https://example.com/').event.preventDefault).toHaveBeenCalledOnce();
    expect(attach('file:///etc/passwd').event.preventDefault).toHaveBeenCalledOnce();
    expect(attach('').event.preventDefault).toHaveBeenCalledOnce();
  });

  it('treats a missing src attribute as not allowed', () => {
    const event = createFakeEvent();
    hardenWebviewAttach(event, riskyPreferences(), {}, isLoopbackHttpUrl);
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });
});
