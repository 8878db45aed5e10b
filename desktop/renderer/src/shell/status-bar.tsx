import type { RuntimeInfo } from '../runtime/use-runtime-info';

const PLATFORM_NAMES: Record<string, string> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/** Human name of a Node `process.platform` value; unknown values are shown as they are. */
export function formatPlatform(platform: string): string {
  return PLATFORM_NAMES[platform] ?? platform;
}

/** The left-hand mode label and the right-hand detail for a runtime state. */
export function describeRuntime(runtime: RuntimeInfo): { mode: string; detail: string } {
  if (runtime.mode === 'web') return { mode: 'Web mode', detail: 'Running in a browser, without the desktop bridge' };
  switch (runtime.status) {
    case 'loading':
      return { mode: 'Desktop', detail: 'Connecting to the desktop app…' };
    case 'ready':
      return {
        mode: 'Desktop',
        detail: `${runtime.app.name} ${runtime.app.version} · ${formatPlatform(runtime.app.platform)}`,
      };
    case 'error':
      return { mode: 'Desktop', detail: `The desktop app did not answer: ${runtime.message}` };
  }
}

/** Props of {@link StatusBar}. */
export interface StatusBarProps {
  runtime: RuntimeInfo;
}

/** Bottom bar saying whether the editor runs in Electron or in web mode. */
export function StatusBar({ runtime }: StatusBarProps) {
  const { mode, detail } = describeRuntime(runtime);
  const tone = runtime.mode === 'web' ? 'web' : runtime.status;
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className={`status-bar__mode status-bar__mode--${tone}`}>
        <span className="status-bar__dot" aria-hidden="true" />
        {mode}
      </span>
      <span className="status-bar__detail">{detail}</span>
    </footer>
  );
}
