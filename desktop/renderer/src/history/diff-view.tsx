/**
 * An entity-by-entity diff (EDT-10, EDT-12): each added, removed or changed entity with its
 * changed fields. Short values are shown inline; code, CSS, HTML and JSON open in Monaco's diff
 * editor (loaded on first use).
 */
import { lazy, Suspense, useState } from 'react';
import { valueText, type EntityDiff, type FieldDiff } from '../../../../editor-model/project-diff';
import { FIELD_WORDS } from '../inspector/words';
import { Icon } from '../shell/icons';

const MonacoDiff = lazy(() => import('./monaco-diff'));

const STATUS_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

function inline(value: unknown): string {
  const text = valueText(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text || '—';
}

function FieldRow({ field }: { field: FieldDiff }) {
  const [open, setOpen] = useState(false);
  const rich = field.format !== 'text';
  return (
    <li className="diff-field">
      <div className="diff-field__line">
        <span className="diff-field__name">
          {FIELD_WORDS[field.field] ?? field.field}
          {FIELD_WORDS[field.field] ? <code className="diff-field__key">{field.field}</code> : null}
        </span>
        <span className="diff-field__before" title={valueText(field.before)}>{inline(field.before)}</span>
        <Icon name="chevronRight" size={12} className="diff-field__arrow" />
        <span className="diff-field__after" title={valueText(field.after)}>{inline(field.after)}</span>
        {rich ? (
          <button type="button" className="button button--small button--ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide diff' : `Compare ${field.format === 'code' ? 'code' : field.format.toUpperCase()}`}
          </button>
        ) : null}
      </div>
      {open ? (
        <Suspense fallback={<div className="monaco-diff monaco-diff--loading">Loading the diff editor…</div>}>
          <MonacoDiff before={valueText(field.before)} after={valueText(field.after)} format={field.format} />
        </Suspense>
      ) : null}
    </li>
  );
}

/** Props of {@link DiffView}. */
export interface DiffViewProps {
  diff: EntityDiff[] | null;
  /** What an empty diff means in this context. */
  emptyText: string;
}

/** The diff list. */
export function DiffView({ diff, emptyText }: DiffViewProps) {
  if (!diff) return <p className="muted">Computing the differences…</p>;
  if (!diff.length) return <p className="empty-line"><Icon name="check" size={14} /> {emptyText}</p>;
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const entity of diff) counts[entity.status] += 1;
  return (
    <div className="diff" aria-label="Differences">
      <p className="diff__summary">
        <span className="pill pill--added">{counts.added} added</span>
        <span className="pill pill--changed">{counts.changed} changed</span>
        <span className="pill pill--removed">{counts.removed} removed</span>
      </p>
      <ul className="diff__entities">
        {diff.map((entity) => (
          <li key={entity.key} className={`diff-entity diff-entity--${entity.status}`} data-diff={entity.key}>
            <header className="diff-entity__header">
              <span className={`pill pill--${entity.status}`}>{STATUS_LABELS[entity.status]}</span>
              <span className="diff-entity__label">{entity.label}</span>
            </header>
            <ul className="diff-entity__fields">{entity.fields.map((field) => <FieldRow key={field.field} field={field} />)}</ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
