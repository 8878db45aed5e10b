/**
 * Results (EDT-24, issue 38): per experiment and goal, each variation's rate or mean per visitor with
 * its interval, the uplift over the control with its interval, the p-value or chance to win, and the
 * verdict in words (experiment-card.tsx); the statistical method is chosen per project (sequential by
 * default: its intervals stay valid however often staff look), and kept with the view (settings.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ProjectResults as Results } from '../../../../editor-model/api-contract';
import type { Method } from '../../../../stats/index';
import { callApi } from '../model/backend';
import { Icon } from '../shell/icons';
import { METHODS } from './analysis';
import { ExperimentCard } from './experiment-card';
import { useResultsSettings } from './settings';
import './results.css';

/** Props of {@link ResultsView}. */
export interface ResultsViewProps {
  projectId: string;
  /** The experiment to show first (from the inspector's Results button). */
  focus?: string;
}

/** The method picker: one button per method, the chosen one pressed. */
function MethodPicker({ method, onChange }: { method: Method; onChange(method: Method): void }) {
  return (
    <div className="method-picker" role="radiogroup" aria-label="Statistical method">
      {METHODS.map((option) => (
        <button key={option.value} type="button" role="radio" aria-checked={option.value === method} title={option.hint}
          className={`method-picker__option${option.value === method ? ' method-picker__option--on' : ''}`} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The results screen. */
export function ResultsView({ projectId, focus }: ResultsViewProps) {
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [settings, updateSettings] = useResultsSettings(projectId);
  const load = useCallback(() => callApi('results', { params: { id: projectId } }).then((answer) => {
    setResults(answer);
    setError(null);
  }, (failure: Error) => setError(failure.message)), [projectId]);
  useEffect(() => {
    void load();
  }, [load]);
  const experiments = (results?.experiments ?? []).slice().sort((a, b) => (a.experimentId === focus ? -1 : b.experimentId === focus ? 1 : 0));
  const own = (counts: Record<string, number>, key: string) => (Object.hasOwn(counts, key) ? counts[key] : 0);
  const tracked = (results?.events ?? []).map((event) => [event, own(results?.eventsByKey ?? {}, event)] as const).filter(([, count]) => count > 0);
  const setGuardrail = (goal: string, on: boolean) =>
    updateSettings({ guardrails: on ? [...new Set([...settings.guardrails, goal])] : settings.guardrails.filter((item) => item !== goal) });
  const chosen = METHODS.find((option) => option.value === settings.method);
  return (
    <div className="results">
      <header className="detail-header">
        <div>
          <h2 className="detail-header__title">Results</h2>
          <p className="muted">
            {results ? `${results.visitors.toLocaleString('en-US')} visitor${results.visitors === 1 ? '' : 's'} tracked by the local collector` : 'Reading the collector…'}
            {results ? ` · ${results.live ? `live revision ${results.live.revision}` : 'nothing published yet'}` : null}
          </p>
        </div>
        <div className="detail-header__actions">
          <MethodPicker method={settings.method} onChange={(method) => updateSettings({ method })} />
          <button type="button" className="button" onClick={() => void load()}><Icon name="results" /> Refresh</button>
        </div>
      </header>
      <p className="results__method muted">
        {chosen?.hint} Intervals at 95%; each variation is compared with the first (the control). The method and the guardrails are kept in this browser for this project.
      </p>
      {error ? <p className="notice notice--error">{error}</p> : null}
      {results && !experiments.length ? <p className="empty-line">The project has no experiments yet.</p> : null}
      {results ? experiments.map((experiment) => (
        <ExperimentCard key={experiment.experimentId} projectId={projectId} experiment={experiment} results={results} method={settings.method} guardrails={settings.guardrails} onGuardrail={setGuardrail} />
      )) : null}
      {results ? (
        <section className="card result-events" aria-label="Events tracked">
          <h3 className="card__title"><Icon name="event" /> Events tracked</h3>
          {tracked.length ? (
            <ul className="chips">{tracked.map(([event, count]) => <li key={event} className="chip" title={event}>{results.eventNames?.[event] ?? event} <strong>{count}</strong></li>)}</ul>
          ) : <p className="muted">None of the project's {results.events.length} events has been tracked yet.</p>}
        </section>
      ) : null}
    </div>
  );
}
