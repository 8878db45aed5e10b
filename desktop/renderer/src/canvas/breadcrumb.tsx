/**
 * The canvas footer (EDT-15, EDT-16): the selected element's ancestors as a breadcrumb (a click
 * selects one), its children, buttons for parent, child and siblings, the selector with its match
 * count, the element under the pointer while picking, and what the last live preview did.
 */
import { canvasSession, type CanvasState } from './canvas-session';

const matchText = (count: number) => (count === 1 ? 'unique' : count === 0 ? 'no match' : `${count} matches`);

/** The breadcrumb bar under the page. */
export function Breadcrumb({ state, scale, width }: { state: CanvasState; scale: number; width: number }) {
  const { selection, preview } = state;
  const select = (selector: string) => canvasSession.send({ type: 'select', selector });
  const failed = preview?.results.filter((result) => result.error || result.matches === 0) ?? [];
  return (
    <footer className="cv-footer">
      {selection ? (
        <>
          <nav className="cv-crumbs" aria-label="Selected element's ancestors">
            {selection.path.slice(-3).map((ref) => (
              <button key={ref.selector} type="button" className="cv-crumb" onClick={() => select(ref.selector)} title={ref.selector}>
                {ref.label}
              </button>
            ))}
            <span className="cv-crumb is-current" aria-current="true">{selection.label}</span>
            {selection.children.length ? (
              <select aria-label="Children" className="cv-children" value="" onChange={(event) => event.target.value && select(event.target.value)}>
                <option value="">{selection.children.length} children…</option>
                {selection.children.map((child) => (
                  <option key={child.selector} value={child.selector}>{child.label}</option>
                ))}
              </select>
            ) : null}
          </nav>
          <div className="cv-nav" role="group" aria-label="Move the selection">
            {([['parent', '↑', 'Parent'], ['child', '↓', 'First child'], ['prev', '←', 'Previous sibling'], ['next', '→', 'Next sibling']] as const).map(([to, arrow, label]) => (
              <button key={to} type="button" title={`${label} (${arrow})`} aria-label={label} onClick={() => canvasSession.send({ type: 'navigate', to })}>{arrow}</button>
            ))}
          </div>
          <code className="cv-selector" data-testid="selected-selector" title="Robust selector of the selection">{selection.selector}</code>
          <span className={`cv-count cv-count--${selection.matches === 1 ? 'ok' : 'warn'}`} data-testid="selector-matches">{matchText(selection.matches)}</span>
        </>
      ) : (
        <span className="cv-hint">
          {state.connected
            ? state.pickerOn ? 'Click an element of the page to select it · arrows move the selection · Esc leaves the picker' : 'Turn on “Pick element” to select an element of the page'
            : 'Connecting to the page…'}
        </span>
      )}
      <span className="cv-spacer" />
      {state.pickerOn && state.hover ? (
        <span className="cv-hover" data-testid="hovered-element" title={state.hover.selector}>
          Pointing at <code>{state.hover.label}</code>
        </span>
      ) : null}
      {preview && preview.results.length ? (
        <span className={`cv-preview-note${failed.length ? ' cv-preview-note--warn' : ''}`} data-testid="preview-status">
          {failed.length ? `${failed.length} change${failed.length > 1 ? 's' : ''} not applied · ` : ''}
          {preview.results.length} previewed in {preview.ms.toFixed(1)} ms
        </span>
      ) : null}
      <span className="cv-size">{width} px{scale < 1 ? ` · ${Math.round(scale * 100)}%` : ''}</span>
    </footer>
  );
}
