/**
 * Navigation guard of the desktop editor (`will-navigate`, `will-redirect`,
 * `setWindowOpenHandler`). Electron is mocked (./fake-electron) because its
 * binary cannot be downloaded or run on these machines.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { hardenWebContents } from '../../../desktop/main/harden-web-contents';
import { getServicesUrl } from '../../../desktop/main/services-url';
import { createAppUrlMatcher, createCanvasUrlMatcher, isHttpUrl, isLoopbackHttpUrl } from '../../../desktop/main/url-policy';
import { createFakeEvent, FakeWebContents, resetFakeElectron, shell } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const APP_URL = 'file:///app/out/renderer/index.html';

function guarded(type: 'window' | 'webview', appUrl = APP_URL) {
  const contents = new FakeWebContents(type);
  hardenWebContents(contents as unknown as WebContents, {
    isAppUrl: createAppUrlMatcher(appUrl),
    isAllowedWebviewUrl: isLoopbackHttpUrl,
    openExternal: (url) => shell.openExternal(url),
  });
  const navigate = (url: string, kind: 'will-navigate' | 'will-redirect' = 'will-navigate') => {
    const event = createFakeEvent(url);
    contents.emit(kind, event, url);
    return event;
  };
  return { contents, navigate };
}

describe('navigation guard on the editor window', () => {
  beforeEach(resetFakeElectron);

  it('lets the renderer reload its own page', () => {
    const { navigate } = guarded('window');
    expect(navigate(`${APP_URL}#/project`).preventDefault).not.toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies a foreign http(s) navigation and opens it in the system browser', () => {
    const { navigate } = guarded('window');
    expect(navigate('https://example.com/docs').preventDefault).toHaveBeenCalledOnce();
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/docs');
  });

  it('denies other files and non-http schemes without handing them to the OS', () => {
    const { navigate } = guarded('window');
    expect(navigate('file:///etc/passwd').preventDefault).toHaveBeenCalledOnce();
    expect(navigate('smb://host/share').preventDefault).toHaveBeenCalledOnce();
    expect(navigate('javascript:alert(1)').preventDefault).toHaveBeenCalledOnce();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies the loopback site in the editor window itself: it belongs in the webview', () => {
    const { navigate } = guarded('window');
    expect(navigate('http://127.0.0.1:4173/').preventDefault).toHaveBeenCalledOnce();
  });

  it('allows only the dev server origin when the renderer comes from one', () => {
    const { navigate } = guarded('window', 'http://localhost:5173/');
    expect(navigate('http://localhost:5173/index.html').preventDefault).not.toHaveBeenCalled();
    expect(navigate('http://localhost:5174/').preventDefault).toHaveBeenCalledOnce();
  });

  it('also guards server redirects', () => {
    const { navigate } = guarded('window');
    expect(navigate('https://example.com/', 'will-redirect').preventDefault).toHaveBeenCalledOnce();
  });

  it('never opens a new Electron window, and sends http(s) targets to the system browser', () => {
    const { contents } = guarded('window');
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/');
  });

  it('survives the system browser failing to open', async () => {
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { navigate } = guarded('window');
    expect(navigate('https://example.com/').preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    warn.mockRestore();
  });
});

describe('navigation guard on webview guests', () => {
  beforeEach(resetFakeElectron);

  it('lets the site move between loopback pages', () => {
    const { navigate } = guarded('webview');
    expect(navigate('http://127.0.0.1:4173/de/').preventDefault).not.toHaveBeenCalled();
    expect(navigate('http://localhost:4174/storage.html').preventDefault).not.toHaveBeenCalled();
  });

  it('sends links off the local site to the system browser', () => {
    const { navigate } = guarded('webview');
    expect(navigate('https://www.example.com/pricing').preventDefault).toHaveBeenCalledOnce();
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.example.com/pricing');
  });

  it('keeps the guest away from the editor renderer', () => {
    const { navigate } = guarded('webview');
    expect(navigate(APP_URL).preventDefault).toHaveBeenCalledOnce();
  });
});

describe('URL rules', () => {
  it('recognises http(s) and loopback URLs, and tolerates garbage', () => {
    expect(isHttpUrl('https://example.com/')).toBe(true);
    expect(isHttpUrl('mailto:someone@example.com')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(isLoopbackHttpUrl('http://[::1]:3000/')).toBe(true);
    expect(isLoopbackHttpUrl('http://127.0.0.1.example.com/')).toBe(false);
    expect(isLoopbackHttpUrl('ws://127.0.0.1:3000/')).toBe(false);
  });

  it('matches the built renderer by file path, not by opaque file origin', () => {
    const isAppUrl = createAppUrlMatcher(APP_URL);
    expect(isAppUrl('file:///app/out/renderer/index.html?x=1')).toBe(true);
    expect(isAppUrl('file:///app/out/renderer/other.html')).toBe(false);
  });

  it('EDT-3 matches the editor served by the local services by origin and folder: the site on the same origin is not the app', () => {
    const isAppUrl = createAppUrlMatcher('http://127.0.0.1:4477/editor/');
    expect(isAppUrl('http://127.0.0.1:4477/editor/#/p/homepage/design')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:4477/editor/assets/index.js')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:4477/')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:4477/demo/example')).toBe(false);
    expect(isAppUrl('http://localhost:4477/editor/')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:4478/editor/')).toBe(false);
  });

  it('EDT-3 lets the canvas show only the services under the canvas origin (localhost, the same port)', () => {
    const isCanvasUrl = createCanvasUrlMatcher('http://127.0.0.1:4477');
    expect(isCanvasUrl('http://localhost:4477/?varia_editor=true')).toBe(true);
    expect(isCanvasUrl('http://localhost:4477/pt-br')).toBe(true);
    expect(isCanvasUrl('http://127.0.0.1:4477/')).toBe(false);
    expect(isCanvasUrl('http://localhost:4478/')).toBe(false);
    expect(isCanvasUrl('https://example.com/')).toBe(false);
    expect(isCanvasUrl('file:///etc/passwd')).toBe(false);
  });

  it('EDT-3 takes the services address npm start passed when it is on loopback, else the default', () => {
    expect(getServicesUrl({ VARIA_SERVICES_URL: 'http://127.0.0.1:5123/' })).toBe('http://127.0.0.1:5123');
    expect(getServicesUrl({ VARIA_SERVICES_URL: 'https://evil.example' })).toBe('http://127.0.0.1:4477');
    expect(getServicesUrl({})).toBe('http://127.0.0.1:4477');
  });

  it('rejects an invalid app URL up front', () => {
    expect(() => createAppUrlMatcher('nonsense')).toThrow(/Invalid app URL/);
  });
});
