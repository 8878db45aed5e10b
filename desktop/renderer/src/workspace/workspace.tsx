/**
 * An open project (EDT-2): title bar with the views (Design, History, Review, Results), undo and
 * redo, save and publish; the project tree; the centre (canvas slot, history, review or results);
 * the inspector; the status bar. Keyboard: the shortcut table of session/shortcuts.ts (save, undo,
 * redo), run here for presses in the window and in the page on the canvas alike.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ProjectInfo } from '../../../../editor-model/api-contract';
import { callApi } from '../model/backend';
import { ModelProvider, useModelStatus, useUndoState } from '../model/hooks';
import { takeProjectOpening } from '../model/opening';
import { openProjectModel, type ProjectModel } from '../model/project-model';
import { Icon, type IconName } from '../shell/icons';
import { StatusBar } from '../shell/status-bar';
import type { RuntimeInfo } from '../bridge/use-runtime-info';
import { IS_MAC, runShortcut, runShortcutsWith } from '../session/shortcuts';
import { ProjectTree } from '../tree/project-tree';
import { useEditorSession, useSession } from '../session/editor-session';
import { variationOf, type Selection } from '../session/selection';
import { CanvasSlot } from './slots';

// The other views and the inspector are chunks of their own, loaded when first shown: the tree needs none.
const HistoryView = lazy(() => import('../history/history-view').then((module) => ({ default: module.HistoryView })));
const ReviewView = lazy(() => import('../review/review-view').then((module) => ({ default: module.ReviewView })));
const ResultsView = lazy(() => import('../results/results-view').then((module) => ({ default: module.ResultsView })));
const Inspector = lazy(() => import('../inspector/inspector').then((module) => ({ default: module.Inspector })));
const inspectorFallback = (
  <aside className="inspector" aria-label="Inspector" aria-busy="true">
    <header className="panel-header"><span className="panel-header__title">Inspector</span></header>
  </aside>
);
const viewFallback = <div className="loading-screen loading-screen--panel" aria-busy="true"><span className="spinner" /> Loading…</div>;

/** The centre views. */
export type WorkspaceView = 'design' | 'history' | 'review' | 'results';
const VIEWS: Array<{ id: WorkspaceView; label: string; icon: IconName }> = [
  { id: 'design', label: 'Design', icon: 'design' },
  { id: 'history', label: 'History', icon: 'history' },
  { id: 'review', label: 'Review', icon: 'review' },
  { id: 'results', label: 'Results', icon: 'results' },
];


const modKey = IS_MAC ? '⌘' : 'Ctrl+';

/** Props of {@link Workspace}. */
export interface WorkspaceProps {
  projectId: string;
  view: WorkspaceView;
  runtime: RuntimeInfo;
  onView(view: WorkspaceView): void;
  onClose(): void;
}

function OpenWorkspace({ model, info, props, reloadInfo }: { model: ProjectModel; info: ProjectInfo; props: WorkspaceProps; reloadInfo(): void }) {
  const status = useModelStatus(model);
  const undo = useUndoState(model);
  const session = useEditorSession();
  const selection = useSession((state) => state.selection);
  const [published, setPublished] = useState(0);
  const [focus, setFocus] = useState<string | undefined>();
  const variationRowId = useMemo(() => variationOf(model.store, selection), [model, selection]);

  useEffect(() => {
    const stop = runShortcutsWith((command) => {
      if (command === 'save') {
        (document.activeElement as HTMLElement | null)?.blur?.();
        void model.save().catch(() => undefined);
      } else if (command === 'undo') model.undo();
      else model.redo();
    });
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const inTextField = !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      const press = { key: event.key, ctrl: event.ctrlKey, meta: event.metaKey, shift: event.shiftKey };
      if (runShortcut(press, { inTextField })) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      stop();
      window.removeEventListener('keydown', onKey);
    };
  }, [model]);

  const onPublished = () => {
    setPublished((count) => count + 1);
    reloadInfo();
  };
  const select = (next: Selection) => {
    session.select(next);
    if (props.view !== 'design') props.onView('design');
  };

  return (
    <div className={`app-shell app-shell--${props.view}`}>
      <header className="title-bar">
        <button type="button" className="title-bar__mark" title="All projects" aria-label="All projects" onClick={props.onClose}>V</button>
        <div className="title-bar__project">
          <span className="title-bar__crumb" onClick={props.onClose}>Projects</span>
          <Icon name="chevronRight" size={12} />
          <h1 className="title-bar__title">{info.name}</h1>
        </div>
        <nav className="tabs" aria-label="Views">
          {VIEWS.map((view) => (
            <button key={view.id} type="button" className={`tab${props.view === view.id ? ' tab--active' : ''}`} aria-current={props.view === view.id ? 'page' : undefined} onClick={() => props.onView(view.id)}>
              <Icon name={view.icon} size={14} /> {view.label}
            </button>
          ))}
        </nav>
        <div className="title-bar__actions">
          <button type="button" className="icon-button" aria-label="Undo" title={undo.undo ? `Undo ${undo.undo} (${modKey}Z)` : 'Nothing to undo'} disabled={!undo.undo} onClick={() => model.undo()}><Icon name="undo" /></button>
          <button type="button" className="icon-button" aria-label="Redo" title={undo.redo ? `Redo ${undo.redo} (${modKey}Shift+Z)` : 'Nothing to redo'} disabled={!undo.redo} onClick={() => model.redo()}><Icon name="redo" /></button>
          <button type="button" className="button" title={`Save (${modKey}S)`} onClick={() => void model.save().catch(() => undefined)}><Icon name="save" /> Save</button>
          <button type="button" className="button button--primary" onClick={() => props.onView('review')}><Icon name="publish" /> Publish…</button>
        </div>
      </header>
      {info.notice ? <p className="banner" role="alert"><Icon name="warning" size={14} /> {info.notice}</p> : null}
      <aside className="sidebar" aria-label="Project">
        <header className="panel-header"><span className="panel-header__title">Project</span></header>
        <ProjectTree onSelect={select} />
      </aside>
      <main className="centre" aria-label={VIEWS.find((view) => view.id === props.view)?.label}>
        {props.view === 'design' ? <CanvasSlot selection={selection} variationRowId={variationRowId} onSelect={select} /> : null}
        <Suspense fallback={viewFallback}>
          {props.view === 'history' ? <HistoryView projectId={props.projectId} version={published} onPublished={onPublished} /> : null}
          {props.view === 'review' ? <ReviewView projectId={props.projectId} onSelect={select} onPublished={onPublished} /> : null}
          {props.view === 'results' ? <ResultsView projectId={props.projectId} focus={focus} /> : null}
        </Suspense>
      </main>
      {props.view === 'design' ? (
        <Suspense fallback={inspectorFallback}>
          <Inspector selection={selection} variationRowId={variationRowId} onSelect={select} onShowResults={() => {
            setFocus(String(model.store.getCell('experiments', selection.rowId, 'id') ?? selection.rowId));
            props.onView('results');
          }} />
        </Suspense>
      ) : null}
      <StatusBar runtime={props.runtime} project={{ status, liveRevision: info.liveRevision, undo }} />
    </div>
  );
}

/** Opens the project's model, then shows the workspace. */
export function Workspace(props: WorkspaceProps) {
  const [model, setModel] = useState<ProjectModel | null>(null);
  const [info, setInfo] = useState<ProjectInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = useEditorSession();
  const reloadInfo = () => void callApi('projectInfo', { params: { id: props.projectId } }).then(setInfo, (failure: Error) => setError(failure.message));

  useEffect(() => {
    let opened: ProjectModel | undefined;
    let active = true;
    setModel(null);
    // One answer carries the project's info and its working copy (prefetched by main.tsx when the
    // editor starts on a project's address); the model opens from it and synchronises afterwards.
    const opening = takeProjectOpening(props.projectId);
    Promise.all([opening, openProjectModel(props.projectId, opening)]).then(
      ([loaded, model]) => {
        opened = model;
        if (!active) return void model.destroy();
        const { content: _content, ...loadedInfo } = loaded;
        // The project opens on its settings, its tree as it starts: never another project's selection.
        session.startProject();
        setInfo(loadedInfo);
        setModel(model);
      },
      (failure: Error) => {
        if (active) setError(failure.message);
      },
    );
    return () => {
      active = false;
      void opened?.destroy();
    };
  }, [props.projectId, session]);

  if (error) {
    return (
      <div className="start"><div className="start__inner">
        <p className="notice notice--error" role="alert"><Icon name="error" /> {error}</p>
        <button type="button" className="button" onClick={props.onClose}><Icon name="back" /> All projects</button>
      </div></div>
    );
  }
  if (!model || !info) return <div className="loading-screen" aria-busy="true"><span className="spinner" /> Opening {props.projectId}…</div>;
  return (
    <ModelProvider model={model}>
      <OpenWorkspace model={model} info={info} props={props} reloadInfo={reloadInfo} />
    </ModelProvider>
  );
}
