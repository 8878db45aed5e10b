/**
 * The rollback confirmation (EDT-11, issue 36): names the revision that goes live again and the one it
 * replaces, asks whether the working copy follows it (default yes, so the next publish does not put the
 * rolled-back work live again without a word), and shows the publish under way. A native modal
 * `<dialog>`: focus stays in it, Escape cancels while nothing is running.
 */
import { useEffect, useRef, useState } from 'react';

/** Props of {@link RollbackDialog}. */
export interface RollbackDialogProps {
  /** The revision whose data goes live again. */
  revision: number;
  /** The live revision it replaces. */
  live: number;
  /** The note of the revision rolled back to, to recognise it. */
  note?: string;
  /** True while the rollback is being published. */
  busy: boolean;
  onConfirm(choice: { followWorkingCopy: boolean }): void;
  onCancel(): void;
}

/** The dialog, open while mounted. */
export function RollbackDialog({ revision, live, note, busy, onConfirm, onCancel }: RollbackDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [follow, setFollow] = useState(true);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="rollback-title"
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id="rollback-title" className="modal__title">Roll back to revision {revision}?</h2>
      <p>
        The data of <strong>r{revision}</strong>{note ? <> ({note})</> : null} is published again as revision <strong>r{live + 1}</strong>,
        replacing live revision <strong>r{live}</strong>. Visitors get it on their next page view.
      </p>
      <label className="modal__choice">
        <input type="checkbox" name="followWorkingCopy" checked={follow} disabled={busy} onChange={(event) => setFollow(event.target.checked)} />
        <span>
          <strong>Make the working copy revision {revision} too</strong> (recommended)
          <span className="modal__hint">
            {follow
              ? `Unpublished edits are replaced by revision ${revision}'s data, so the next publish does not put back what you roll back.`
              : 'The working copy keeps its edits: the next publish puts live everything in it again, including what you roll back now.'}
          </span>
        </span>
      </label>
      {busy ? (
        <p className="modal__progress" role="status">
          <span className="spinner" aria-hidden="true" /> Building and publishing revision r{live + 1}…
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" disabled={busy} onClick={onCancel}>Cancel</button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => onConfirm({ followWorkingCopy: follow })}>
          Roll back and publish
        </button>
      </div>
    </dialog>
  );
}
