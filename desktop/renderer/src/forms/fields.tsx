/**
 * Form fields of the inspector. Text and number fields commit on Enter or when they lose focus,
 * so one typed value is one undo step (not one per key).
 */
import { useEffect, useState, type ReactNode } from 'react';

/** A labelled field row. */
export function Field({ label, hint, children, wide }: { label: string; hint?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <label className={`field${wide ? ' field--wide' : ''}`}>
      <span className="field__label">{label}</span>
      {children}
      {hint ? <span className="field__hint">{hint}</span> : null}
    </label>
  );
}

/** A text input committing on Enter and blur. */
export function TextInput({ value, onCommit, placeholder, readOnly, name, mono }: {
  value: string; onCommit(value: string): void; placeholder?: string; readOnly?: boolean; name?: string; mono?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onCommit(draft);
  return (
    <input
      className={`input${mono ? ' input--mono' : ''}`}
      name={name}
      value={draft}
      placeholder={placeholder}
      readOnly={readOnly}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(value);
      }}
    />
  );
}

/** A number input (with an optional unit) committing on Enter and blur; empty commits undefined. */
export function NumberInput({ value, onCommit, min, max, step, unit, name }: {
  value: number | undefined; onCommit(value: number | undefined): void; min?: number; max?: number; step?: number; unit?: string; name?: string;
}) {
  const shown = value === undefined || Number.isNaN(value) ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const commit = () => {
    if (draft === shown) return;
    const parsed = draft.trim() === '' ? undefined : Number(draft);
    if (parsed !== undefined && !Number.isFinite(parsed)) return setDraft(shown);
    const clamped = parsed === undefined ? undefined : Math.min(max ?? Infinity, Math.max(min ?? -Infinity, parsed));
    onCommit(clamped);
  };
  return (
    <span className="number-input">
      <input
        className="input"
        name={name}
        inputMode="decimal"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
        step={step}
      />
      {unit ? <span className="number-input__unit">{unit}</span> : null}
    </span>
  );
}

/** A select of string options; `allowCustom` keeps a value not in the list selectable. */
export function Select({ value, options, onChange, name, label }: {
  value: string; options: ReadonlyArray<string | { value: string; label: string }>; onChange(value: string): void; name?: string; label?: string;
}) {
  const list = options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
  if (value && !list.some((option) => option.value === value)) list.push({ value, label: value });
  return (
    <select className="select" name={name} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {list.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
    </select>
  );
}

/** A switch for a boolean. */
export function Toggle({ checked, onChange, label }: { checked: boolean; onChange(checked: boolean): void; label: string }) {
  return (
    <button type="button" role="switch" aria-checked={checked} aria-label={label} className={`toggle${checked ? ' toggle--on' : ''}`} onClick={() => onChange(!checked)}>
      <span className="toggle__thumb" />
    </button>
  );
}

/** A JSON value edited as text; commits on blur when it parses, shows the parse error otherwise. */
export function JsonInput({ value, onCommit, rows = 6, name }: { value: unknown; onCommit(value: unknown): void; rows?: number; name?: string }) {
  const text = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(text), [text]);
  return (
    <>
      <textarea
        className={`input input--mono textarea${error ? ' input--invalid' : ''}`}
        name={name}
        rows={rows}
        spellCheck={false}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft === text) return;
          try {
            onCommit(draft.trim() === '' ? undefined : JSON.parse(draft));
            setError(null);
          } catch (failure) {
            setError((failure as Error).message);
          }
        }}
      />
      {error ? <span className="field__error">Not valid JSON: {error}</span> : null}
    </>
  );
}

/** A titled group of fields in the inspector. */
export function FormSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="form-section">
      <header className="form-section__header">
        <h3>{title}</h3>
        {actions}
      </header>
      <div className="form-section__body">{children}</div>
    </section>
  );
}
