import { useRuntimeInfo } from './runtime/use-runtime-info';
import { EmptyState } from './shell/empty-state';
import { StatusBar } from './shell/status-bar';
import { TitleBar } from './shell/title-bar';

/**
 * The editor shell: title bar, project sidebar, page canvas and status bar.
 * Works both inside Electron and in a plain browser (web mode).
 */
export function App() {
  const runtime = useRuntimeInfo();
  return (
    <div className="app-shell">
      <TitleBar />
      <aside className="sidebar" aria-labelledby="sidebar-heading">
        <h2 id="sidebar-heading" className="region-heading">
          Project
        </h2>
        <EmptyState
          title="No project open"
          description="Once a project is open, its pages, experiments and variations are listed here."
        />
      </aside>
      <main className="canvas" aria-labelledby="canvas-heading">
        <h2 id="canvas-heading" className="region-heading">
          Page
        </h2>
        <div className="canvas__stage">
          <EmptyState title="No page loaded" description="Select a page in the project tree to edit it here." />
        </div>
      </main>
      <StatusBar runtime={runtime} />
    </div>
  );
}
