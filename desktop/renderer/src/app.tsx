import { useEffect, useState } from 'react';
import { ProjectList } from './projects/project-list';
import { useRuntimeInfo } from './bridge/use-runtime-info';
import { StatusBar } from './shell/status-bar';
import { Workspace, type WorkspaceView } from './workspace/workspace';

/** Where the editor is: the project list, or a project and one of its views (`#/p/<id>/<view>`). */
type Route = { projectId: null } | { projectId: string; view: WorkspaceView };

const VIEWS: WorkspaceView[] = ['design', 'history', 'review', 'results'];

function readRoute(): Route {
  const match = /^#\/p\/([a-z0-9_-]+)(?:\/([a-z]+))?/.exec(window.location.hash);
  if (!match) return { projectId: null };
  const view = VIEWS.includes(match[2] as WorkspaceView) ? (match[2] as WorkspaceView) : 'design';
  return { projectId: match[1], view };
}

const writeRoute = (route: Route) => {
  window.location.hash = route.projectId ? `#/p/${route.projectId}/${route.view}` : '#/';
};

/**
 * The editor: the project list, or an open project's workspace. The route lives in the URL hash,
 * so a reload (or a second window opened on the same address) comes back to the same place.
 * Works both inside Electron and in a plain browser (web mode).
 */
export function App() {
  const runtime = useRuntimeInfo();
  const [route, setRoute] = useState<Route>(readRoute);
  useEffect(() => {
    const onHash = () => setRoute(readRoute());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  if (route.projectId === null) {
    return (
      <div className="app-shell app-shell--start">
        <ProjectList onOpen={(projectId) => writeRoute({ projectId, view: 'design' })} />
        <StatusBar runtime={runtime} />
      </div>
    );
  }
  return (
    <Workspace
      projectId={route.projectId}
      view={route.view}
      runtime={runtime}
      onView={(view) => writeRoute({ projectId: route.projectId, view })}
      onClose={() => writeRoute({ projectId: null })}
    />
  );
}
