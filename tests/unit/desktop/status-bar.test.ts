/**
 * What the editor's status bar says in Electron and in web mode. Pure
 * functions of the runtime state, so no DOM and no Electron are needed.
 */
import { describe, expect, it } from 'vitest';
import { describeRuntime, formatPlatform } from '../../../desktop/renderer/src/shell/status-bar';

describe('describeRuntime', () => {
  it('says web mode when the preload API is absent', () => {
    expect(describeRuntime({ mode: 'web' })).toEqual({
      mode: 'Web mode',
      detail: 'Running in a browser, without the desktop bridge',
    });
  });

  it('shows the app info once the desktop app answers', () => {
    const app = { name: 'Varia Editor', version: '0.1.0', platform: 'darwin' };
    expect(describeRuntime({ mode: 'electron', status: 'ready', app })).toEqual({
      mode: 'Desktop',
      detail: 'Varia Editor 0.1.0 · macOS',
    });
  });

  it('reports a desktop app that is still connecting or did not answer', () => {
    expect(describeRuntime({ mode: 'electron', status: 'loading' }).detail).toMatch(/Connecting/);
    expect(describeRuntime({ mode: 'electron', status: 'error', message: 'boom' }).detail).toBe(
      'The desktop app did not answer: boom',
    );
  });

  it('names known platforms and passes unknown ones through', () => {
    expect(formatPlatform('win32')).toBe('Windows');
    expect(formatPlatform('linux')).toBe('Linux');
    expect(formatPlatform('freebsd')).toBe('freebsd');
  });
});

describe('describeModel', () => {
  it('EDT-2 says whether the backend is connected and whether every edit is saved', async () => {
    const { describeModel } = await import('../../../desktop/renderer/src/shell/status-bar');
    expect(describeModel({ connection: 'online', unsaved: 0 })).toEqual({ connection: 'Connected', saved: 'All changes saved', tone: 'ok' });
    expect(describeModel({ connection: 'online', unsaved: 2 })).toMatchObject({ saved: '2 unsaved changes', tone: 'busy' });
    expect(describeModel({ connection: 'offline', unsaved: 1 })).toEqual({ connection: 'Offline', saved: '1 unsaved change', tone: 'warn' });
  });
});
