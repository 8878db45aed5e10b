/**
 * Form fields of the inspector. Text and number fields commit on Enter or when they lose focus,
 * so one typed value is one undo step (not one per key).
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { claimFocus, show } from './focus-field';
import { readNumber } from './field-rules';

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

/** The message under a field whose typed value is refused, announced to screen readers. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <span className="field__error" id={id} role="alert">{message}</span> : null;
}

/**
 * What a checked text or number input does with its draft: typed into, committed on Enter and blur,
 * restored on Escape, marked invalid and described by its error while its value is refused.
 */
function draftEditing({ problem, errorId, setDraft, commit, restore }: {
  problem: string | undefined; errorId: string; setDraft(value: string): void; commit(): void; restore(): void;
}) {
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') commit();
      if (event.key === 'Escape') restore();
    },
  };
}

/**
 * A text input committing on Enter and blur. With `check`, a value it refuses is shown with its reason
 * as it is typed and never stored; Escape goes back to the stored value.
 */
export function TextInput({ value, onCommit, placeholder, readOnly, name, mono, check, label, fieldPath }: {
  value: string; onCommit(value: string): void; placeholder?: string; readOnly?: boolean; name?: string; mono?: boolean;
  check?(value: string): string | undefined; label?: string;
  /** Where the value is stored in its entity, so review can focus the field a problem names. */
  fieldPath?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && claimFocus(fieldPath)) show(input.current);
  }, [fieldPath]);
  const problem = check && !readOnly ? check(draft) : undefined;
  const commit = () => draft !== value && !problem && onCommit(draft);
  return (
    <>
      <input
        ref={input}
        className={`input${mono ? ' input--mono' : ''}${problem ? ' input--invalid' : ''}`}
        name={name}
        aria-label={label}
        data-field-path={fieldPath}
        value={draft}
        placeholder={placeholder}
        readOnly={readOnly}
        {...draftEditing({ problem, errorId, setDraft, commit, restore: () => setDraft(value) })}
      />
      <FieldError id={errorId} message={problem} />
    </>
  );
}

/**
 * A number input (with an optional unit) committing on Enter and blur; empty commits undefined. A value
 * outside `min`..`max`, with more than `decimals` decimals, or refused by `check` is shown with its reason
 * and never stored (nor clamped into another value).
 */
export function NumberInput({ value, onCommit, min, max, decimals, step, unit, name, label, check }: {
  value: number | undefined; onCommit(value: number | undefined): void; min?: number; max?: number; decimals?: number; step?: number;
  unit?: string; name?: string; label?: string; check?(value: number): string | undefined;
}) {
  const shown = value === undefined || Number.isNaN(value) ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const errorId = useId();
  const reading = readNumber(draft, { min, max, decimals, unit });
  const problem = reading.problem ?? (reading.value !== undefined && draft !== shown ? check?.(reading.value) : undefined);
  const commit = () => {
    if (draft === shown || problem) return;
    onCommit(reading.value);
  };
  return (
    <>
      <span className="number-input">
        <input
          className={`input${problem ? ' input--invalid' : ''}`}
          name={name}
          aria-label={label}
          inputMode="decimal"
          value={draft}
          {...draftEditing({ problem, errorId, setDraft, commit, restore: () => setDraft(shown) })}
          step={step}
        />
        {unit ? <span className="number-input__unit">{unit}</span> : null}
      </span>
      <FieldError id={errorId} message={problem} />
    </>
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
