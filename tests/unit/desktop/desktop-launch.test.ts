/**
 * EDT-1: how `npm start` decides between the desktop window and web mode. Electron itself is not
 * started (its binary cannot be downloaded on these machines); the decision is a pure function of
 * the environment, the platform and whether the binary is installed.
 */
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopBuildIsStale, desktopUnavailableReason, electronBinary, electronNodeRequirement, nodeAtLeast } from '../../../scripts/lib/desktop-launch';
import { ROOT } from '../../../compiler/snippet';

describe('desktop or web mode', () => {
  it('EDT-1 names the reason the desktop window cannot open, in one line', () => {
    const display = { DISPLAY: ':0' };
    expect(desktopUnavailableReason({}, 'linux', '/bin/electron')).toMatch(/no display/);
    expect(desktopUnavailableReason(display, 'linux', undefined, '22.12.0', '22.12.0')).toMatch(/binary is not installed \(node_modules/);
    expect(desktopUnavailableReason({ ...display, VARIA_EDITOR: 'web' }, 'linux', '/bin/electron')).toMatch(/VARIA_EDITOR=web/);
    expect(desktopUnavailableReason(display, 'linux', '/bin/electron')).toBeUndefined();
    expect(desktopUnavailableReason({}, 'darwin', '/Applications/Electron')).toBeUndefined();
    for (const reason of [desktopUnavailableReason({}, 'linux', undefined)]) expect(reason).not.toContain('\n');
  });

  it("EDT-1 on a Node older than Electron's installer needs, the reason names both versions", () => {
    const reason = desktopUnavailableReason({ DISPLAY: ':0' }, 'linux', undefined, '20.20.2', '22.12.0');
    expect(reason).toBe("Electron's binary is not installed, and Electron fetches it on first run only with Node 22.12.0 or later (this is Node 20.20.2).");
    expect(nodeAtLeast('22.12.0', '22.12.0')).toBe(true);
    expect(nodeAtLeast('22.9.1', '22.12.0')).toBe(false);
    expect(nodeAtLeast('24.0.0', '22.12.0')).toBe(true);
    // The requirement comes from the installed Electron itself, so package.json and the check agree.
    const electron = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8'));
    expect(electron.engines?.node ?? '').toContain(electronNodeRequirement() ?? 'none stated');
  });

  it('EDT-1 finds the Electron binary only where its package says it is', () => {
    const root = mkdtempSync(join(tmpdir(), 'electron-'));
    expect(electronBinary(root)).toBeUndefined();
    mkdirSync(join(root, 'node_modules/electron/dist'), { recursive: true });
    writeFileSync(join(root, 'node_modules/electron/path.txt'), 'electron');
    expect(electronBinary(root)).toBeUndefined();
    writeFileSync(join(root, 'node_modules/electron/dist/electron'), '');
    expect(electronBinary(root)).toBe(join(root, 'node_modules/electron/dist/electron'));
  });

  it('EDT-1 rebuilds the editor when a desktop source is newer than the build', () => {
    const root = mkdtempSync(join(tmpdir(), 'desktop-build-'));
    expect(desktopBuildIsStale(root)).toBe(true);
    for (const file of ['out/renderer/index.html', 'out/main/index.js', 'desktop/renderer/src/app.tsx']) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    utimesSync(join(root, 'desktop/renderer/src/app.tsx'), new Date(1000), new Date(1000));
    expect(desktopBuildIsStale(root)).toBe(false);
    utimesSync(join(root, 'desktop/renderer/src/app.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(desktopBuildIsStale(root)).toBe(true);
  });

  it('EDT-1 rebuilds the editor when runtime code it bundles (a widget schema) is newer than the build', () => {
    const root = mkdtempSync(join(tmpdir(), 'desktop-build-'));
    for (const file of ['out/renderer/index.html', 'out/main/index.js', 'desktop/renderer/src/app.tsx', 'plugins/widgets/hero/schema.ts']) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '');
      utimesSync(join(root, file), new Date(1000), new Date(file.startsWith('out/') ? 5000 : 1000));
    }
    expect(desktopBuildIsStale(root)).toBe(false);
    utimesSync(join(root, 'plugins/widgets/hero/schema.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(desktopBuildIsStale(root)).toBe(true);
  });
});
