import type { ModelStatus, UndoState } from '../model/project-model';
import type { RuntimeInfo } from '../bridge/use-runtime-info';
import { Icon } from './icons';

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

/** What the status bar says about the backend connection and saving (EDT-2). */
export function describeModel(status: ModelStatus): { connection: string; saved: string; tone: 'ok' | 'warn' | 'busy' } {
  const connection = status.connection === 'online' ? 'Connected' : status.connection === 'connecting' ? 'Connecting…' : 'Offline';
  const saved = status.unsaved === 0 ? 'All changes saved' : `${status.unsaved} unsaved change${status.unsaved === 1 ? '' : 's'}`;
  const tone = status.connection === 'offline' ? 'warn' : status.connection === 'connecting' || status.unsaved > 0 ? 'busy' : 'ok';
  return { connection, saved, tone };
}

/** Props of {@link StatusBar}. */
export interface StatusBarProps {
  runtime: RuntimeInfo;
  /** The open project's state, when one is open. */
  project?: { status: ModelStatus; liveRevision: number | null; undo: UndoState };
}

/** Bottom bar: backend connection, live revision, unsaved changes, next undo; the runtime mode. */
export function StatusBar({ runtime, project }: StatusBarProps) {
  const { mode, detail } = describeRuntime(runtime);
  const tone = runtime.mode === 'web' ? 'web' : runtime.status;
  const model = project ? describeModel(project.status) : undefined;
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      {project && model ? (
        <>
          <span className={`status-bar__item status-bar__item--${model.tone}`} data-status="connection">
            <Icon name={project.status.connection === 'offline' ? 'cloudOff' : 'cloud'} size={13} /> {model.connection}
          </span>
          <span className="status-bar__item" data-status="live">Live revision {project.liveRevision ?? '—'}</span>
          <span className="status-bar__item" data-status="saved">{model.saved}</span>
          {project.undo.undo ? <span className="status-bar__item status-bar__item--muted">Undo: {project.undo.undo}</span> : null}
          {project.status.message ? <span className="status-bar__item status-bar__item--warn" title={project.status.message}>{project.status.message}</span> : null}
        </>
      ) : null}
      <span className="status-bar__spacer" />
      <span className={`status-bar__mode status-bar__mode--${tone}`}>
        <span className="status-bar__dot" aria-hidden="true" />
        {mode}
      </span>
      <span className="status-bar__detail">{detail}</span>
    </footer>
  );
}
