/**
 * Review and publish (EDT-12, EDT-13): the working copy against the live revision, the runtime's
 * validation with each problem linked to its entity, the snippet's size and its change, a note,
 * the clashes with other campaigns found on the pages (issue 37), and Publish (refused while the project
 * is invalid or a clash is neither resolved nor acknowledged).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LinkedProblem, Review, Sizes } from '../../../../editor-model/api-contract';
import type { EntityTable } from '../../../../editor-model/project-schema';
import { BackendError, callApi } from '../model/backend';
import { useModel } from '../model/hooks';
import { kb } from '../history/history-view';
import { DiffView } from '../history/diff-view';
import { focusField } from '../inspector/focus-field';
import { usePageCheck } from './page-check';
import { useConflictCheck } from './conflict-check';
import { changedSinceLive } from './conflicts';
import { useAcknowledged, useEditorSession } from '../session/editor-session';
import { ConflictList } from './conflict-list';
import { moveIntoCampaign } from './exclusion';
import { Icon } from '../shell/icons';
import type { Selection } from '../session/selection';

type Problem = LinkedProblem;

/** Props of {@link ReviewView}. */
export interface ReviewViewProps {
  projectId: string;
  onSelect(selection: Selection): void;
  onPublished(): void;
}

function SizeChange({ sizes, live }: { sizes: Sizes | null; live: Sizes | null }) {
  if (!sizes) return <span className="muted">not built (the project is invalid)</span>;
  const delta = live ? sizes.gzip - live.gzip : 0;
  return (
    <span className="size-change">
      <strong>{kb(sizes.gzip)}</strong> gzip · {kb(sizes.raw)} raw
      {live ? <span className={`size-change__delta${delta > 0 ? ' size-change__delta--up' : ''}`}>{delta >= 0 ? '+' : '−'}{Math.abs(delta)} B vs live</span> : null}
    </span>
  );
}

/** The review screen. */
export function ReviewView({ projectId, onSelect, onPublished }: ReviewViewProps) {
  const model = useModel();
  const [review, setReview] = useState<Review | null>(null);
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ busy: boolean; tone?: 'ok' | 'error'; text?: string; problems?: Problem[] }>({ busy: false });
  // The clashes the publisher chose to run anyway: the session keeps them, so leaving Review loses none.
  const session = useEditorSession();
  const acknowledgedKeys = useAcknowledged(projectId);
  const acknowledged = useMemo(() => new Set(acknowledgedKeys), [acknowledgedKeys]);

  const load = useCallback(async () => {
    setReview(null);
    await model.save().catch(() => undefined);
    try {
      setReview(await callApi('review', { params: { id: projectId } }));
    } catch (error) {
      setState({ busy: false, tone: 'error', text: (error as Error).message });
    }
  }, [model, projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  const publish = async () => {
    setState({ busy: true });
    try {
      await model.save();
      const acknowledgedConflicts = conflictCheck.conflicts
        .filter((conflict) => acknowledged.has(conflict.key))
        .map((conflict) => ({ experimentId: conflict.experiment.experimentId, otherExperimentId: conflict.other.experimentId, viewId: conflict.viewId, description: conflict.message }));
      const made = await callApi('publish', { params: { id: projectId }, body: { note, ...(acknowledgedConflicts.length ? { acknowledgedConflicts } : {}) } });
      setState({ busy: false, tone: 'ok', text: `Revision ${made.revision} is live. The local services now serve it at /snippets/${projectId}.js.` });
      setNote('');
      // Recorded on the revision now; the next review compares only what changes after it.
      session.forgetAcknowledged(projectId);
      onPublished();
      void load();
    } catch (error) {
      const problems = error instanceof BackendError ? (error.body.problems as Problem[] | undefined) : undefined;
      setState({ busy: false, tone: 'error', text: (error as Error).message, problems });
    }
  };

  const pageCheck = usePageCheck(model.store, review);
  const conflictCheck = useConflictCheck(model, review, () => (review ? changedSinceLive(review.diff) : undefined));
  const unresolved = conflictCheck.conflicts.filter((conflict) => !acknowledged.has(conflict.key));
  const refusal = !review || !review.valid
    ? review ? 'Publishing is refused while the project is invalid.' : ''
    : !conflictCheck.done
      ? 'Publishing waits for the check for clashes with other campaigns.'
      : unresolved.length
        ? `Publishing is refused: ${unresolved.length} clash${unresolved.length > 1 ? 'es' : ''} with another campaign ${unresolved.length > 1 ? 'are' : 'is'} neither made mutually exclusive nor acknowledged (Run anyway).`
        : '';
  const acknowledge = (key: string, on: boolean) => session.acknowledge(projectId, key, on);
  const problems = [...(review?.problems ?? []), ...pageCheck.problems];
  const errors = problems.filter((problem) => problem.severity === 'error');
  return (
    <div className="review">
      <header className="detail-header">
        <div>
          <h2 className="detail-header__title">Review and publish</h2>
          <p className="muted">{review ? `Working copy against live revision ${review.liveRevision ?? '—'}` : 'Validating and building the working copy…'}</p>
        </div>
        <button type="button" className="button" onClick={() => void load()}><Icon name="review" /> Refresh</button>
      </header>
      <div className="review__grid">
        <div className="review__main">
          <section className="card" aria-label="Validation">
            <h3 className="card__title">
              {review ? (errors.length ? <><Icon name="error" className="tone-error" /> {errors.length} problem{errors.length > 1 ? 's' : ''} to fix</> : <><Icon name="check" className="tone-ok" /> Valid</>) : 'Validation'}
            </h3>
            {review && !problems.length ? <p className="muted">The runtime's structural and plugin rules find nothing wrong.</p> : null}
            {pageCheck.status ? <p className="muted page-check" role="status" data-testid="page-check">{pageCheck.status}</p> : null}
            <ul className="problems">
              {problems.map((problem, index) => (
                <li key={index} className={`problem problem--${problem.severity}`}>
                  <Icon name={problem.severity === 'error' ? 'error' : 'warning'} size={14} />
                  <span className="problem__text">
                    {problem.table && problem.rowId ? (
                      <button
                        type="button"
                        className="link"
                        onClick={() => {
                          onSelect({ table: problem.table as EntityTable, rowId: problem.rowId! } as Selection);
                          if (problem.field) focusField(problem.field);
                        }}
                      >
                        {problem.entity}
                      </button>
                    ) : <strong>{problem.entity}</strong>}
                    : {problem.message} <code className="problem__path">{problem.path}</code>
                  </span>
                </li>
              ))}
            </ul>
            {review?.buildError ? <p className="notice notice--error">{review.buildError}</p> : null}
          </section>
          <ConflictList
            store={model.store}
            check={conflictCheck}
            acknowledged={acknowledged}
            onAcknowledge={(conflict, on) => acknowledge(conflict.key, on)}
            onExclude={(conflict) => {
              moveIntoCampaign(model, conflict.experiment.experimentId, conflict.other.experimentId);
              void load();
            }}
          />
        </div>
        <section className="card" aria-label="Snippet size">
          <h3 className="card__title">Snippet</h3>
          <p><SizeChange sizes={review?.sizes ?? null} live={review?.liveSizes ?? null} /></p>
          <label className="field">
            <span className="field__label">Note</span>
            <textarea className="input textarea" name="note" rows={3} placeholder="What changes for visitors, and why" value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
          <button type="button" className="button button--primary button--block" disabled={!review || !!refusal || state.busy} onClick={() => void publish()}>
            <Icon name="publish" /> {state.busy ? 'Publishing…' : 'Publish'}
          </button>
          {refusal ? <p className="field__hint" data-testid="publish-refusal">{refusal}</p> : null}
        </section>
      </div>
      {state.text ? <p className={`notice notice--${state.tone}`} role={state.tone === 'error' ? 'alert' : 'status'}>{state.text}</p> : null}
      <section aria-label="Changes since live">
        <h3 className="section-title">Changes since live</h3>
        <DiffView diff={review?.diff ?? null} emptyText="The working copy equals the live revision." />
      </section>
    </div>
  );
}
