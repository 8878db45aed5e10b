/**
 * The editor part of `npm start` (EDT-1): make sure the desktop build (`out/`) is current, then
 * open the desktop window where Electron can start, and otherwise say in one line why not; the same
 * renderer is always served in web mode by the local services at `/editor/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES_URL_ENV } from '../../desktop/main/services-url';
import { runNpmScript } from './run-command';
import { ROOT } from '../../compiler/snippet';

/** Newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * The sources the desktop build bundles: its own, and the runtime code the renderer borrows (URL
 * matching, the audience matchers, the widgets' schemas for the JSON editor). A renderer built before
 * a widget's schema changed would validate widget JSON against the old one.
 */
const DESKTOP_SOURCES = ['desktop', 'core', 'plugins'];

/** Whether `out/` is older than any source the desktop build bundles (or missing). */
export function desktopBuildIsStale(root = ROOT): boolean {
  const built = join(root, 'out/renderer/index.html');
  if (!existsSync(built) || !existsSync(join(root, 'out/main/index.js'))) return true;
  const builtAt = statSync(built).mtimeMs;
  return DESKTOP_SOURCES.some((dir) => newest(join(root, dir)) > builtAt);
}

/** Builds the desktop app (`npm run build:desktop`) when its sources changed; false when the build failed. */
export async function ensureDesktopBuild(): Promise<boolean> {
  if (!desktopBuildIsStale()) return true;
  console.log('Building the editor (npm run build:desktop)...');
  return (await runNpmScript('build:desktop')) === 0;
}

/** Where Electron's binary would be, per its package's own `path.txt`; undefined when not installed. */
export function electronBinary(root = ROOT): string | undefined {
  const dir = join(root, 'node_modules/electron');
  try {
    const relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const binary = join(dir, 'dist', relative);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The oldest Node that Electron's own installer runs on, from the installed Electron's `engines`
 * (Electron 42 and later fetch their binary on first run, with Node 22.12 or later); undefined when
 * Electron states none. The runtime, the services and web mode need only the project's own
 * `engines` (Node 20.19).
 */
export function electronNodeRequirement(root = ROOT): string | undefined {
  try {
    const range = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).engines?.node as string | undefined;
    return range?.match(/(\d+\.\d+\.\d+)/)?.[1];
  } catch {
    return undefined;
  }
}

/** Whether Node version `have` is at least `need` (both `major.minor.patch`). */
export const nodeAtLeast = (have: string, need: string): boolean => {
  const [a, b] = [have, need].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

/**
 * Why the desktop window cannot open here, in one line; undefined when it can try. Checked without
 * starting anything: a Linux session without a display, or no Electron binary (it is downloaded on
 * first use, which needs a network that can reach Electron's releases, and a Node that Electron's
 * installer supports: `needNode`).
 */
export function desktopUnavailableReason(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  binary: string | undefined,
  node: string = process.versions.node,
  needNode: string | undefined = electronNodeRequirement(),
): string | undefined {
  if (env.VARIA_EDITOR === 'web') return 'VARIA_EDITOR=web asks for web mode.';
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (DISPLAY and WAYLAND_DISPLAY are not set).';
  if (!binary && needNode && !nodeAtLeast(node, needNode)) {
    return `Electron's binary is not installed, and Electron fetches it on first run only with Node ${needNode} or later (this is Node ${node}).`;
  }
  if (!binary) return "Electron's binary is not installed (node_modules/electron/dist is missing; it is downloaded from Electron's releases, which this machine cannot reach).";
  return undefined;
}

/** What {@link openEditor} did. */
export type EditorLaunch = { mode: 'desktop'; child: ChildProcess } | { mode: 'web'; reason: string };

/**
 * Opens the desktop window on the services at `servicesUrl`, or reports why it cannot. A window
 * that exits within two seconds counts as not opened (with its exit code as the reason).
 */
export async function openEditor(servicesUrl: string): Promise<EditorLaunch> {
  if (!(await ensureDesktopBuild())) return { mode: 'web', reason: 'the desktop build failed (see above).' };
  const binary = electronBinary();
  const reason = desktopUnavailableReason(process.env, process.platform, binary);
  if (reason || !binary) return { mode: 'web', reason: reason ?? 'Electron is not available.' };
  const child = spawn(binary, [ROOT], { env: { ...process.env, [SERVICES_URL_ENV]: servicesUrl }, stdio: 'ignore' });
  return new Promise<EditorLaunch>((resolve) => {
    const timer = setTimeout(() => resolve({ mode: 'desktop', child }), 2000);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ mode: 'web', reason: `Electron could not start (${error.message}).` });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ mode: 'web', reason: `Electron exited at once (${signal ?? `code ${code}`}).` });
    });
  });
}
