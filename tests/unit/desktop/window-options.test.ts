/**
 * Main-window options of the desktop editor. Electron is mocked because its
 * binary cannot be downloaded or run on these machines; the options are a pure
 * function, so the mock only guards against an accidental runtime import.
 */
import { describe, expect, it, vi } from 'vitest';
import { getMainWindowOptions } from '../../../desktop/main/window-options';
import { resolvePreloadPath, resolveRendererUrl } from '../../../desktop/main/paths';

vi.mock('electron', () => import('./fake-electron'));

describe('getMainWindowOptions', () => {
  const options = getMainWindowOptions('/app/out/preload/index.cjs');

  it('keeps context isolation and the sandbox on', () => {
    expect(options.webPreferences?.contextIsolation).toBe(true);
    expect(options.webPreferences?.sandbox).toBe(true);
  });

  it('keeps Node integration off in the page, its subframes and its workers', () => {
    expect(options.webPreferences?.nodeIntegration).toBe(false);
    expect(options.webPreferences?.nodeIntegrationInSubFrames).toBe(false);
    expect(options.webPreferences?.nodeIntegrationInWorker).toBe(false);
  });

  it('keeps web security on and insecure content off', () => {
    expect(options.webPreferences?.webSecurity).toBe(true);
    expect(options.webPreferences?.allowRunningInsecureContent).toBe(false);
  });

  it('enables the webview tag for the page canvas and uses the given preload', () => {
    expect(options.webPreferences?.webviewTag).toBe(true);
    expect(options.webPreferences?.preload).toBe('/app/out/preload/index.cjs');
  });

  it('is titled Varia Editor and waits for ready-to-show', () => {
    expect(options.title).toBe('Varia Editor');
    expect(options.show).toBe(false);
  });
});

describe('build output paths', () => {
  it('points the preload at the CommonJS bundle beside out/main', () => {
    expect(resolvePreloadPath('/app/out/main')).toBe('/app/out/preload/index.cjs');
  });

  it('EDT-3 loads the editor page the local services serve (the same page and checks as web mode)', () => {
    expect(resolveRendererUrl('http://127.0.0.1:4477')).toBe('http://127.0.0.1:4477/editor/');
    expect(resolveRendererUrl('http://127.0.0.1:5123/')).toBe('http://127.0.0.1:5123/editor/');
  });
});
