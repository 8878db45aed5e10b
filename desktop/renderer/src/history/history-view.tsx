/**
 * Revisions (EDT-9..11): the history newest first; the diff of a revision against the one before
 * it, against any other revision, or against the working copy; rollback of any earlier revision
 * as a new revision.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RevisionSummary } from '../../../../editor-model/api-contract';
import type { EntityDiff } from '../../../../editor-model/project-diff';
import { BackendError, callApi } from '../model/backend';
import { Icon } from '../shell/icons';
import { DiffView } from './diff-view';
import { RollbackDialog } from './rollback-dialog';

/** `12.3 KB`. */
export const kb = (bytes: number | undefined) => (bytes === undefined ? '—' : `${(bytes / 1024).toFixed(1)} KB`);
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Loads the revisions; `reload` fetches them again (after a publish). */
export function useRevisions(projectId: string) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const reload = useCallback(() => callApi('revisions', { params: { id: projectId } }).then(setRevisions, () => setRevisions([])), [projectId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { revisions, reload };
}

/** Props of {@link HistoryView}. */
export interface HistoryViewProps {
  projectId: string;
  /** Bumped after each publish, to reload. */
  version: number;
  onPublished(): void;
}

/** The history screen. */
export function HistoryView({ projectId, version, onPublished }: HistoryViewProps) {
  const { revisions, reload } = useRevisions(projectId);
  const [selected, setSelected] = useState<number | null>(null);
  const [against, setAgainst] = useState<string>('previous');
  const [diff, setDiff] = useState<EntityDiff[] | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);

  useEffect(() => {
    void reload();
  }, [reload, version]);
  const current = selected ?? revisions?.[0]?.revision ?? null;
  const index = revisions?.findIndex((revision) => revision.revision === current) ?? -1;
  const previous = revisions && index >= 0 ? revisions[index + 1]?.revision : undefined;
  const from = against === 'previous' ? previous : against === 'working' ? current : Number(against);
  const to = against === 'working' ? 'working' : current;

  useEffect(() => {
    if (current === null) return;
    setDiff(null);
    const fromParam = from === undefined ? '' : String(from);
    if (!fromParam) {
      setDiff([]);
      return;
    }
    void callApi('diff', { params: { id: projectId }, query: { from: fromParam, to: String(to) } }).then(setDiff, () => setDiff([]));
  }, [projectId, current, from, to, version]);

  const rollback = async (revision: number, followWorkingCopy: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      const made = await callApi('rollback', { params: { id: projectId }, body: { revision, note: `Rolled back to revision ${revision}`, followWorkingCopy } });
      setMessage({
        tone: 'ok',
        text: `Revision ${made.revision} is live: the data of revision ${revision}, published again. ${followWorkingCopy ? `The working copy is revision ${revision} too.` : 'The working copy keeps its edits.'}`,
      });
      setSelected(made.revision);
      setAgainst('previous');
      onPublished();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof BackendError ? error.message : String(error) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <div className="split-view">
      <section className="split-view__list" aria-label="Revisions">
        <header className="panel-header"><span className="panel-header__title">Revisions</span><span className="panel-header__kind">newest first</span></header>
        {revisions === null ? <p className="muted pad">Loading…</p> : null}
        {revisions?.length === 0 ? <p className="muted pad">Nothing published yet.</p> : null}
        <ol className="revision-list">
          {(revisions ?? []).map((revision, position) => (
            <li key={revision.revision}>
              <button type="button" className={`revision${revision.revision === current ? ' revision--selected' : ''}`} data-revision={revision.revision} onClick={() => setSelected(revision.revision)}>
                <span className="revision__top">
                  <span className="revision__number">r{revision.revision}</span>
                  {position === 0 ? <span className="pill pill--live">Live</span> : null}
                  <span className={`pill pill--kind`}>{revision.kind}</span>
                  <span className="revision__time">{when(revision.time)}</span>
                </span>
                <span className="revision__note">{revision.note}</span>
                <span className="revision__size">{revision.sizes ? `${kb(revision.sizes.gzip)} gzip` : 'no snippet kept'}</span>
              </button>
            </li>
          ))}
        </ol>
      </section>
      <section className="split-view__detail" aria-label="Revision details">
        {current !== null && revisions ? (
          <>
            <header className="detail-header">
              <div>
                <h2 className="detail-header__title">Revision {current}</h2>
                <p className="muted">{revisions[index]?.note}</p>
              </div>
              <div className="detail-header__actions">
                <label className="inline-field">
                  <span>Compare with</span>
                  <select className="select" aria-label="Compare with" value={against} onChange={(event) => setAgainst(event.target.value)}>
                    <option value="previous">{previous === undefined ? 'nothing earlier' : `the previous revision (r${previous})`}</option>
                    <option value="working">the working copy</option>
                    {revisions.filter((revision) => revision.revision !== current).map((revision) => (
                      <option key={revision.revision} value={String(revision.revision)}>revision r{revision.revision}</option>
                    ))}
                  </select>
                </label>
                {index > 0 ? (
                  <button type="button" className="button" disabled={busy} onClick={() => setConfirming(current)}>
                    <Icon name="rollback" /> Roll back to r{current}
                  </button>
                ) : null}
              </div>
            </header>
            {revisions[index]?.acknowledgedConflicts?.length ? (
              <section className="notice notice--warning acknowledged" aria-label="Conflicts run anyway">
                <strong>Published with {revisions[index].acknowledgedConflicts!.length} clash{revisions[index].acknowledgedConflicts!.length > 1 ? 'es' : ''} acknowledged (run anyway):</strong>
                <ul>
                  {revisions[index].acknowledgedConflicts!.map((conflict) => <li key={`${conflict.experimentId}|${conflict.otherExperimentId}|${conflict.viewId}`}>{conflict.description}</li>)}
                </ul>
              </section>
            ) : null}
            {message ? <p className={`notice notice--${message.tone}`} role="status">{message.text}</p> : null}
            {confirming !== null && revisions[0] ? (
              <RollbackDialog
                revision={confirming}
                live={revisions[0].revision}
                note={revisions.find((revision) => revision.revision === confirming)?.note}
                busy={busy}
                onConfirm={({ followWorkingCopy }) => void rollback(confirming, followWorkingCopy)}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            <DiffView diff={diff} emptyText={against === 'working' ? 'The working copy equals this revision.' : previous === undefined && against === 'previous' ? 'The first revision: nothing to compare with.' : 'No differences.'} />
          </>
        ) : null}
      </section>
    </div>
  );
}
