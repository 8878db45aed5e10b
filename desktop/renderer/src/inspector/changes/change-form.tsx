/**
 * The fields of one change being authored (EDT-19, EDT-20), by kind. Every keystroke updates the
 * draft, which the canvas previews at once (EDT-21); saving is the inspector's. HTML, CSS, custom
 * code and widget JSON are edited in Monaco, loaded on first use.
 */
import { useEffect, useState } from 'react';
import type { AuthoredChange } from '../../model/changes';
import { CodeEditor, type CodeLanguage } from '../../monaco/lazy';
import type { ChangeKind } from './change-kinds';
import { selectorError } from './selector-check';
import { loadWidgets, type WidgetEntry } from './widget-catalogue';

/** Props of {@link ChangeForm}. */
export interface ChangeFormProps {
  kind: ChangeKind;
  change: AuthoredChange;
  onChange(change: AuthoredChange): void;
  /** Stable key for Monaco models (the change's row id, or `new`). */
  modelKey: string;
  /** Elements the selector matches on the page (undefined while unknown). */
  matches?: number;
  /** The selector of the element selected on the canvas now (for "move next to"). */
  pickedSelector?: string;
  /** The child elements (labels) of the element the selector names, when the canvas knows them. */
  heldMarkup?: readonly string[];
  /**
   * Problems that keep the change from being saved as typed (a widget configuration that is not valid JSON
   * or breaks its widget's schema: saving would keep the last valid text or give fields their defaults).
   */
  onBlockingProblems?(problems: string[]): void;
}

const OPERATORS = [
  ['before', 'Before the element'],
  ['after', 'After the element'],
  ['prepend', 'Inside, at the start'],
  ['append', 'Inside, at the end'],
] as const;

/** A labelled row. */
function Row({ label, children, hint }: { label: string; children: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <div className="au-row">
      <span className="au-row__label">{label}</span>
      <div className="au-row__body">{children}</div>
      {hint ? <div className="au-row__hint">{hint}</div> : null}
    </div>
  );
}

/** CSS declarations shown in Monaco as one rule (so the CSS service can check them), and back. */
const asRule = (declarations: string) => `element {\n${declarations.split(';').map((d) => d.trim()).filter(Boolean).map((d) => `  ${d};`).join('\n')}\n}`;
const fromRule = (rule: string) => {
  const body = rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}') >= 0 ? rule.lastIndexOf('}') : undefined);
  return body.split(/;\s*|\n/).map((d) => d.trim()).filter(Boolean).join('; ');
};

/** The form of one change. */
export function ChangeForm({ kind, change, onChange, modelKey, matches, pickedSelector, heldMarkup, onBlockingProblems }: ChangeFormProps) {
  const attrs = (change.attributes ?? {}) as Record<string, string | boolean | null>;
  const setAttrs = (next: Record<string, string | boolean | null>) => onChange({ ...change, attributes: next as AuthoredChange['attributes'] });
  const [wide, setWide] = useState(false);
  const editor = (language: CodeLanguage, value: string, set: (value: string) => void, label: string, height = 180, onProblems?: (problems: string[]) => void) => {
    const path = `${modelKey}/${kind}.${language === 'javascript' ? 'js' : language === 'typescript' ? 'ts' : language}`;
    return wide ? (
      // The same model in a large editor over the canvas; the preview keeps following every keystroke.
      <div className="au-dialog" role="dialog" aria-label={`${label} (large editor)`}>
        <div className="au-dialog__head">
          <span>{label}</span>
          <button type="button" className="au-button au-button--small" onClick={() => setWide(false)}>Done</button>
        </div>
        <CodeEditor path={path} language={language} value={value} onChange={set} label={label} height="100%" onProblems={onProblems} />
      </div>
    ) : (
      <div className="au-code">
        <CodeEditor path={path} language={language} value={value} onChange={set} label={label} height={height} onProblems={onProblems} />
        <button type="button" className="au-expand" onClick={() => setWide(true)} title="Open in a large editor">Expand</button>
      </div>
    );
  };

  const selectorProblem = selectorError(change.selector);
  const selectorRow = kind === 'redirect' || kind === 'code' || kind === 'widget' ? null : (
    <Row
      label="Selector"
      hint={
        selectorProblem ? (
          <span className="au-field-error" id={`${modelKey}-selector-error`} role="alert" data-testid="selector-error">{selectorProblem}</span>
        ) : matches === undefined || matches < 0 ? null : (
          <span className={`au-match au-match--${matches === 1 ? 'ok' : matches === 0 ? 'none' : 'many'}`} data-testid="draft-matches">
            {matches === 0 ? 'Matches nothing on this page' : matches === 1 ? 'Matches 1 element' : `Matches ${matches} elements`}
          </span>
        )
      }
    >
      <input
        className={`au-input au-input--mono${selectorProblem ? ' au-input--invalid' : ''}`}
        aria-label="Selector"
        aria-invalid={selectorProblem ? true : undefined}
        aria-describedby={selectorProblem ? `${modelKey}-selector-error` : undefined}
        value={change.selector ?? ''}
        spellCheck={false}
        onChange={(e) => onChange({ ...change, selector: e.target.value })}
      />
    </Row>
  );

  let fields: React.ReactNode = null;
  switch (kind) {
    case 'text':
      fields = (
        <Row
          label="Text"
          hint={
            heldMarkup?.length ? (
              <span className="au-warning" data-testid="text-markup-warning">
                This element holds markup ({heldMarkup.slice(0, 3).join(', ')}{heldMarkup.length > 3 ? ', …' : ''}): a Text change replaces it with plain text. Use an HTML change to keep it.
              </span>
            ) : null
          }
        >
          <textarea className="au-input au-textarea" aria-label="Text" rows={3} value={String(attrs.text ?? '')} onChange={(e) => setAttrs({ ...attrs, text: e.target.value })} />
        </Row>
      );
      break;
    case 'html':
      fields = <Row label="HTML">{editor('html', String(attrs.html ?? ''), (html) => setAttrs({ ...attrs, html }), 'HTML content')}</Row>;
      break;
    case 'attributes':
      fields = <AttributeRows attrs={attrs} onChange={setAttrs} />;
      break;
    case 'class': {
      const mode = 'addClass' in attrs || 'removeClass' in attrs ? 'edit' : 'replace';
      fields = (
        <>
          <Row label="How">
            <div className="au-segment" role="radiogroup" aria-label="Class change">
              <button type="button" role="radio" aria-checked={mode === 'replace'} onClick={() => setAttrs({ class: String(attrs.class ?? attrs.addClass ?? '') })}>Replace all</button>
              <button type="button" role="radio" aria-checked={mode === 'edit'} onClick={() => setAttrs({ addClass: String(attrs.class ?? ''), removeClass: '' })}>Add / remove</button>
            </div>
          </Row>
          {mode === 'replace' ? (
            <Row label="Classes"><input className="au-input au-input--mono" aria-label="Classes" value={String(attrs.class ?? '')} onChange={(e) => setAttrs({ class: e.target.value })} /></Row>
          ) : (
            <>
              <Row label="Add"><input className="au-input au-input--mono" aria-label="Add classes" value={String(attrs.addClass ?? '')} onChange={(e) => setAttrs({ ...attrs, addClass: e.target.value })} /></Row>
              <Row label="Remove"><input className="au-input au-input--mono" aria-label="Remove classes" value={String(attrs.removeClass ?? '')} onChange={(e) => setAttrs({ ...attrs, removeClass: e.target.value })} /></Row>
            </>
          )}
        </>
      );
      break;
    }
    case 'style':
      fields = <Row label="CSS" hint="Declarations added to the element's inline style.">{editor('css', asRule(String(attrs.style ?? '')), (rule) => setAttrs({ ...attrs, style: fromRule(rule) }), 'Inline style', 150)}</Row>;
      break;
    case 'hide':
    case 'remove':
      fields = (
        <p className="au-note">
          {kind === 'hide'
            ? 'The element becomes invisible (visibility: hidden) and keeps its space, so the layout does not move.'
            : 'The element is taken out of the layout (display: none). It stays in the page, so undo and the page’s own scripts keep working.'}
        </p>
      );
      break;
    case 'insert':
      fields = (
        <>
          <Row label="Where"><OperatorSelect value={change.operator ?? 'append'} onChange={(operator) => onChange({ ...change, operator })} /></Row>
          <Row label="HTML" hint="Scripts in inserted HTML do not run.">{editor('html', String(change.value ?? ''), (value) => onChange({ ...change, value }), 'HTML to insert')}</Row>
        </>
      );
      break;
    case 'move':
      fields = (
        <>
          <Row label="Where"><OperatorSelect value={change.operator ?? 'after'} onChange={(operator) => onChange({ ...change, operator })} /></Row>
          <Row label="Next to" hint="Select the target on the page, then use it.">
            <div className="au-inline">
              <input className="au-input au-input--mono" aria-label="Target selector" value={change.insertSelector ?? ''} onChange={(e) => onChange({ ...change, insertSelector: e.target.value })} />
              <button type="button" className="au-button au-button--small" disabled={!pickedSelector || pickedSelector === change.selector} onClick={() => onChange({ ...change, insertSelector: pickedSelector })}>Use selection</button>
            </div>
          </Row>
        </>
      );
      break;
    case 'redirect':
      fields = (
        <Row label="Destination" hint="Visitors of this variation are sent there at once (the decision is kept). The canvas does not follow it: use Preview as visitor.">
          <input className="au-input au-input--mono" aria-label="Destination URL" value={String(change.value ?? '')} onChange={(e) => onChange({ ...change, value: e.target.value })} />
        </Row>
      );
      break;
    case 'code':
      fields = <CodeFields change={change} onChange={onChange} editor={editor} />;
      break;
    case 'widget':
      fields = <WidgetFields change={change} onChange={onChange} modelKey={modelKey} onProblems={onBlockingProblems} />;
      break;
  }
  return (
    <div className="au-form" data-kind={kind}>
      {selectorRow}
      {fields}
    </div>
  );
}

function OperatorSelect({ value, onChange }: { value: string; onChange(value: AuthoredChange['operator']): void }) {
  return (
    <select className="au-input" aria-label="Position" value={value} onChange={(e) => onChange(e.target.value as AuthoredChange['operator'])}>
      {OPERATORS.map(([operator, label]) => <option key={operator} value={operator}>{label}</option>)}
    </select>
  );
}

function AttributeRows({ attrs, onChange }: { attrs: Record<string, string | boolean | null>; onChange(next: Record<string, string | boolean | null>): void }) {
  const entries = Object.entries(attrs);
  const rename = (from: string, to: string) => onChange(Object.fromEntries(entries.map(([name, value]) => [name === from ? to : name, value])));
  return (
    <Row label="Attributes" hint="An empty value sets the attribute empty; remove a row to leave it alone.">
      <div className="au-attrs">
        {entries.map(([name, value], index) => (
          <div className="au-attr" key={index}>
            <input className="au-input au-input--mono" aria-label="Attribute name" value={name} onChange={(e) => rename(name, e.target.value)} list="au-attribute-names" />
            <input className="au-input au-input--mono" aria-label={`Value of ${name}`} value={value === true ? '' : String(value ?? '')} onChange={(e) => onChange({ ...attrs, [name]: e.target.value })} />
            <button type="button" className="au-icon" aria-label={`Remove ${name}`} onClick={() => onChange(Object.fromEntries(entries.filter(([other]) => other !== name)))}>×</button>
          </div>
        ))}
        <button type="button" className="au-button au-button--small" onClick={() => onChange({ ...attrs, [['href', 'src', 'title', 'alt', 'aria-label'].find((n) => !(n in attrs)) ?? `data-new-${entries.length}`]: '' })}>Add attribute</button>
        <datalist id="au-attribute-names">{['href', 'src', 'alt', 'title', 'aria-label', 'target', 'rel', 'id'].map((n) => <option key={n} value={n} />)}</datalist>
      </div>
    </Row>
  );
}

type EditorOf = (language: CodeLanguage, value: string, set: (value: string) => void, label: string, height?: number, onProblems?: (problems: string[]) => void) => React.ReactNode;

function CodeFields({ change, onChange, editor }: { change: AuthoredChange; onChange(change: AuthoredChange): void; editor: EditorOf }) {
  const [language, setLanguage] = useState<'javascript' | 'typescript'>(/:\s*VariaApi\b/.test(change.code ?? '') ? 'typescript' : 'javascript');
  // Type errors against the custom-code API and syntax errors, as Monaco's TypeScript service reports them.
  const [problems, setProblems] = useState<string[]>([]);
  return (
    <>
      <Row label="Language">
        <div className="au-segment" role="radiogroup" aria-label="Language">
          <button type="button" role="radio" aria-checked={language === 'javascript'} onClick={() => setLanguage('javascript')}>JavaScript</button>
          <button type="button" role="radio" aria-checked={language === 'typescript'} onClick={() => setLanguage('typescript')}>TypeScript</button>
        </div>
      </Row>
      <Row
        label="Code"
        hint={
          <>
            A function of <code>api</code> (the runtime: <code>api.win</code>, <code>api.get('changes')</code>, <code>api.log</code>…). Return a function to undo what it did.
            {problems.length ? <ul className="au-problems" data-testid="code-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
          </>
        }
      >
        {editor(language, change.code ?? '', (code) => onChange({ ...change, code }), 'Custom code', 260, setProblems)}
      </Row>
    </>
  );
}

function WidgetFields({ change, onChange, modelKey, onProblems }: { change: AuthoredChange; onChange(change: AuthoredChange): void; modelKey: string; onProblems?(problems: string[]): void }) {
  const [widgets, setWidgets] = useState<WidgetEntry[]>();
  const [text, setText] = useState(() => JSON.stringify(change.config ?? {}, null, 2));
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => onProblems?.(problems), [problems, onProblems]);
  // A form that goes away (another kind, cancel) leaves nothing blocking behind.
  useEffect(() => () => onProblems?.([]), [onProblems]);
  useEffect(() => void loadWidgets().then(setWidgets), []);
  const widget = widgets?.find((entry) => entry.id === change.widget_id);
  const setConfig = (next: string) => {
    setText(next);
    try {
      const parsed = JSON.parse(next) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) onChange({ ...change, config: parsed as Record<string, unknown> });
    } catch {
      // Keep the last valid config while the JSON is being typed; Monaco marks the error.
    }
  };
  return (
    <>
      <Row label="Widget">
        <select
          className="au-input"
          aria-label="Widget"
          value={change.widget_id ?? ''}
          onChange={(e) => {
            const chosen = widgets?.find((entry) => entry.id === e.target.value);
            // A new widget starts from its defaults, so every field is in view.
            const config = chosen && !Object.keys(change.config ?? {}).length ? { ...chosen.defaults } : change.config ?? {};
            setText(JSON.stringify(config, null, 2));
            onChange({ ...change, widget_id: e.target.value, config });
          }}
        >
          <option value="">{widgets ? 'Choose a widget…' : 'Loading widgets…'}</option>
          {widgets?.map((entry) => <option key={entry.id} value={entry.id}>{entry.id}</option>)}
        </select>
      </Row>
      {widget ? (
        <Row
          label="Configuration"
          hint={
            <>
              Fields left out take their defaults.{' '}
              <button type="button" className="au-link" onClick={() => setConfig(JSON.stringify({ ...widget.defaults, ...(change.config ?? {}) }, null, 2))}>Fill in the defaults</button>
              {problems.length ? <ul className="au-problems" data-testid="widget-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
            </>
          }
        >
          <CodeEditorWithSchema modelKey={modelKey} widget={widget} value={text} onChange={setConfig} onProblems={setProblems} />
        </Row>
      ) : null}
    </>
  );
}

function CodeEditorWithSchema({ modelKey, widget, value, onChange, onProblems }: { modelKey: string; widget: WidgetEntry; value: string; onChange(value: string): void; onProblems(problems: string[]): void }) {
  return <CodeEditor path={`${modelKey}/widget-${widget.id}.json`} language="json" value={value} onChange={onChange} jsonSchema={widget.jsonSchema} onProblems={onProblems} label="Widget configuration" height={240} />;
}
