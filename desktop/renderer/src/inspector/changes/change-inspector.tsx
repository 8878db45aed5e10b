/**
 * The change inspector (EDT-19..22): the element selected on the canvas, the variation's changes on
 * this view (each flagged when its selector matches nothing on the page), a new change of any kind
 * for the element, and the form of the change being edited. The draft is previewed live on the
 * canvas; Save writes it into the project model as one undo step.
 */
import { useEffect, useMemo, useState } from 'react';
import { canvasSession, useCanvasState } from '../../canvas/canvas-session';
import { actionFor, addChange, removeChange, updateChange, type AuthoredChange } from '../../model/changes';
import { displayName } from '../../model/entities';
import { useModel, useRows } from '../../model/hooks';
import type { SlotProps } from '../../workspace/slot-props';
import './authoring.css';
import { ChangeForm } from './change-form';
import { blankChange, draftProblems, kindOf, KINDS, summary, type ChangeKind } from './change-kinds';
import { savedChanges, toPreview } from './variation-changes';

interface Editing {
  /** The saved row being edited; undefined for a new change. */
  rowId?: string;
  kind: ChangeKind;
  change: AuthoredChange;
}

/** The inspector's change section. */
export function ChangeInspector({ selection, variationRowId }: SlotProps) {
  const model = useModel();
  const canvas = useCanvasState();
  const changeRows = useRows('changes');
  const actionRows = useRows('actions', variationRowId);
  const pageId = canvas.view?.pageId ?? '';
  const saved = useMemo(() => savedChanges(model.store, variationRowId, pageId), [model, variationRowId, pageId, changeRows, actionRows]);
  const [editing, setEditing] = useState<Editing>();
  // Problems the form reports that saving would hide (see ChangeFormProps.onBlockingProblems).
  const [formProblems, setFormProblems] = useState<string[]>([]);

  // A change picked in the tree opens in the form.
  useEffect(() => {
    if (selection.table !== 'changes') return;
    const found = saved.find((entry) => entry.rowId === selection.rowId);
    if (found && editing?.rowId !== found.rowId) setEditing({ rowId: found.rowId, kind: kindOf(found.change), change: found.change });
  }, [selection, saved]);
  // The draft is what the canvas previews in place of its saved row.
  useEffect(() => {
    canvasSession.setDraft(editing ? { rowId: editing.rowId, change: toPreview(editing.rowId ?? 'draft', editing.change) } : undefined);
  }, [editing]);
  useEffect(() => () => canvasSession.setDraft(undefined), []);
  // How many elements the draft's selector matches, asked shortly after typing stops.
  const draftSelector = editing?.change.selector;
  useEffect(() => {
    if (!draftSelector) return;
    const timer = setTimeout(() => canvasSession.count([draftSelector]), 120);
    return () => clearTimeout(timer);
  }, [draftSelector, canvas.connected]);

  if (!variationRowId) {
    return (
      <section className="au" aria-label="Changes">
        <h3 className="au-title">Changes</h3>
        <p className="au-empty">Select a variation in the tree to author changes in it. The page on the canvas shows it live.</p>
        {canvas.selection ? <ElementCard selector={canvas.selection.selector} label={canvas.selection.label} matches={canvas.selection.matches} /> : null}
      </section>
    );
  }

  const variationName = displayName(model.store.getRow('variations', variationRowId), variationRowId);
  const results = new Map((canvas.preview?.results ?? []).map((result) => [result.id, result]));
  const problems = editing ? draftProblems(editing.change, editing.kind) : [];
  const blocked = problems.length > 0 || formProblems.length > 0;
  const save = () => {
    if (!editing || blocked) return;
    const { change, rowId } = editing;
    if (rowId) updateChange(model, rowId, change, `Edit ${summary(change).toLowerCase()} change`);
    else addChange(model, actionFor(model, variationRowId, pageId || 'page'), change, `Add ${KINDS.find((k) => k.kind === editing.kind)?.label.toLowerCase()} change${change.selector ? ` on ${change.selector}` : ''}`);
    setEditing(undefined);
  };

  return (
    <section className="au" aria-label="Changes">
      <h3 className="au-title">
        Changes <span className="au-title__context">in {variationName}</span>
      </h3>
      {canvas.selection ? (
        <ElementCard selector={canvas.selection.selector} label={canvas.selection.label} matches={canvas.selection.matches} />
      ) : (
        <p className="au-empty">{canvas.connected ? 'Pick an element on the page to change it, or add a change that needs no element.' : 'Waiting for the page…'}</p>
      )}
      {saved.length ? (
        <ul className="au-list" aria-label="Changes of this variation">
          {saved.map(({ rowId, change }) => {
            const result = results.get(change.id ?? rowId);
            const unmatched = result?.matches === 0;
            const failed = !!result?.error;
            return (
              <li key={rowId} className={`au-item${editing?.rowId === rowId ? ' is-editing' : ''}`}>
                <button type="button" className="au-item__main" onClick={() => setEditing({ rowId, kind: kindOf(change), change })}>
                  <span className="au-badge">{KINDS.find((k) => k.kind === kindOf(change))?.label}</span>
                  <span className="au-item__text">
                    <span className="au-item__summary">{summary(change)}</span>
                    {change.selector ? <code className="au-item__selector">{change.selector}</code> : null}
                  </span>
                  {unmatched || failed ? (
                    <span className="au-flag" data-testid="change-flag" title={failed ? result?.error : 'This change matches no element on this page'}>
                      {failed ? 'Error' : 'No match'}
                    </span>
                  ) : null}
                </button>
                <button type="button" className="au-icon" aria-label={`Delete ${summary(change)}`} onClick={() => removeChange(model, rowId)}>×</button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing ? (
        <div className="au-editor" aria-label="Change editor">
          <div className="au-editor__head">
            <span className="au-badge au-badge--strong">{KINDS.find((k) => k.kind === editing.kind)?.label}</span>
            <span>{editing.rowId ? 'Editing change' : 'New change'}</span>
          </div>
          <ChangeForm
            kind={editing.kind}
            change={editing.change}
            onChange={(change) => setEditing({ ...editing, change })}
            modelKey={editing.rowId ?? 'new'}
            matches={editing.change.selector ? canvas.counts[editing.change.selector] : undefined}
            pickedSelector={canvas.selection?.selector}
            heldMarkup={canvas.selection && canvas.selection.selector === editing.change.selector ? canvas.selection.children.map((child) => child.label) : undefined}
            onBlockingProblems={setFormProblems}
          />
          {problems.length ? <ul className="au-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
          {formProblems.length ? <p className="au-actions__hint" data-testid="save-blocked">Fix the problems above to save this change.</p> : null}
          <div className="au-actions">
            <button type="button" className="au-button" onClick={() => setEditing(undefined)}>Cancel</button>
            <button type="button" className="au-button au-button--primary" disabled={blocked} onClick={save}>
              {editing.rowId ? 'Save change' : 'Add change'}
            </button>
          </div>
        </div>
      ) : (
        <div className="au-kinds" role="group" aria-label="New change">
          {KINDS.map((info) => (
            <button
              key={info.kind}
              type="button"
              className="au-kind"
              disabled={info.element && !canvas.selection}
              title={info.element && !canvas.selection ? 'Pick an element first' : info.hint}
              onClick={() => setEditing({ kind: info.kind, change: blankChange(info.kind, canvas.selection) })}
            >
              <span className="au-kind__label">{info.label}</span>
              <span className="au-kind__hint">{info.hint}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function ElementCard({ selector, label, matches }: { selector: string; label: string; matches: number }) {
  return (
    <div className="au-element" aria-label="Selected element">
      {/* The label repeats the selector when the element has no name of its own: shown once. */}
      {label !== selector ? <span className="au-element__label">{label}</span> : null}
      <code className={`au-element__selector${label === selector ? ' au-element__selector--alone' : ''}`}>{selector}</code>
      <span className={`au-match au-match--${matches === 1 ? 'ok' : 'many'}`}>{matches === 1 ? 'unique' : `${matches} matches`}</span>
    </div>
  );
}
