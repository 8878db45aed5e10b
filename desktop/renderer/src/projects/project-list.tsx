/**
 * The start screen (EDT-2): every project under config/ and every project created in the editor,
 * with its live revision, and a form to create a project.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ProjectListing } from '../../../../editor-model/api-contract';
import { BackendError, callApi } from '../model/backend';
import { Icon } from '../shell/icons';
import './projects.css';

/** Props of {@link ProjectList}. */
export interface ProjectListProps {
  onOpen(projectId: string): void;
}

/** The project list with the create form. */
export function ProjectList({ onOpen }: ProjectListProps) {
  const [projects, setProjects] = useState<ProjectListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState({ projectId: '', name: '' });

  const load = () =>
    callApi('listProjects', {}).then(setProjects, (failure: Error) => setError(failure.message));
  useEffect(() => {
    void load();
  }, []);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await callApi('createProject', { body: draft });
      onOpen(draft.projectId);
    } catch (failure) {
      setError(failure instanceof BackendError ? failure.message : String(failure));
    }
  };

  return (
    <main className="start" aria-labelledby="start-heading">
      <div className="start__inner">
        <header className="start__header">
          <div>
            <h1 id="start-heading" className="start__title">Projects</h1>
            <p className="start__lead">Open a project to edit its campaigns, experiments and audiences, review and publish revisions, and see results.</p>
          </div>
          <button type="button" className="button button--primary" onClick={() => setCreating((open) => !open)} aria-expanded={creating}>
            <Icon name="plus" /> New project
          </button>
        </header>
        {creating ? (
          <form className="card start__create" onSubmit={create} aria-label="New project">
            <label className="field">
              <span className="field__label">Project id</span>
              <input
                className="input"
                name="projectId"
                required
                pattern="[a-z0-9_-]+"
                placeholder="e.g. shop"
                value={draft.projectId}
                onChange={(event) => setDraft({ ...draft, projectId: event.target.value })}
              />
              <span className="field__hint">Lower-case letters, digits, "-" and "_". It names the snippet file.</span>
            </label>
            <label className="field">
              <span className="field__label">Name</span>
              <input className="input" name="name" placeholder="Shop" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
            </label>
            <div className="start__create-actions">
              <button type="button" className="button" onClick={() => setCreating(false)}>Cancel</button>
              <button type="submit" className="button button--primary">Create project</button>
            </div>
          </form>
        ) : null}
        {error ? <p className="notice notice--error" role="alert"><Icon name="error" /> {error}</p> : null}
        {projects === null && !error ? <p className="start__loading">Loading projects…</p> : null}
        <ul className="project-grid" aria-label="Projects">
          {(projects ?? []).map((project) => (
            <li key={project.projectId}>
              <button type="button" className="project-card" onClick={() => onOpen(project.projectId)} data-project={project.projectId}>
                <span className="project-card__icon"><Icon name="project" size={20} /></span>
                <span className="project-card__body">
                  <span className="project-card__name" title={project.name}>{project.name}</span>
                  <span className="project-card__meta" title={project.source ?? undefined}>
                    {project.source ?? (project.name === project.projectId ? 'Created in the editor' : `${project.projectId} · created in the editor`)}
                  </span>
                  <span className="project-card__status">
                    <span className={`badge${project.liveRevision === null ? '' : ' badge--live'}`}>{project.liveRevision === null ? (project.source ? 'from config' : 'not published') : `live r${project.liveRevision}`}</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
