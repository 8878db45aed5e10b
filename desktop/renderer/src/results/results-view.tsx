/**
 * Results (EDT-24): per experiment and variation, visitors (decisions) and conversions for each of
 * the project's events, from the local collector, as a table and a bar chart, with the
 * sample-ratio-mismatch warning when the split differs from the configured traffic (chi-square,
 * p < 0.001). Each experiment has a goal picker: the table and the chart show the conversions of
 * the chosen event (the first one anybody converted on, at first) beside those of any goal event.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ExperimentResult, ProjectResults as Results, VariationResult } from '../../../../editor-model/api-contract';
import { callApi } from '../model/backend';
import { Icon } from '../shell/icons';
import './results.css';

/** The goal picker's value for "any goal event". */
const ANY = '';

const rate = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : '—');
const own = (counts: Record<string, number>, key: string) => (Object.hasOwn(counts, key) ? counts[key] : 0);
const converted = (variation: VariationResult, goal: string) => (goal === ANY ? variation.conversions : own(variation.byEvent, goal));

/** Horizontal bars per variation: visitors, and the chosen goal's converting visitors inside them. */
function BarChart({ experiment, goal, goalName }: { experiment: ExperimentResult; goal: string; goalName: string }) {
  const max = Math.max(1, ...experiment.variations.map((variation) => variation.visitors));
  const rowHeight = 34;
  const labelWidth = 130;
  const width = 560;
  const barWidth = width - labelWidth - 96;
  return (
    <svg className="bar-chart" viewBox={`0 0 ${width} ${experiment.variations.length * rowHeight + 6}`} role="img" aria-label={`Visitors and ${goalName} conversions of ${experiment.name}`}>
      {experiment.variations.map((variation, index) => {
        const visitors = (variation.visitors / max) * barWidth;
        const conversions = (converted(variation, goal) / max) * barWidth;
        return (
          <g key={variation.variationId} transform={`translate(0 ${index * rowHeight + 4})`} data-bar={variation.variationId}>
            <text x={0} y={17} className="bar-chart__label">{variation.name.length > 17 ? `${variation.name.slice(0, 16)}…` : variation.name}</text>
            <rect x={labelWidth} y={4} width={Math.max(visitors, 1)} height={18} rx={3} className="bar-chart__visitors" />
            <rect x={labelWidth} y={8} width={conversions} height={10} rx={2} className="bar-chart__conversions" />
            <text x={labelWidth + Math.max(visitors, 1) + 6} y={17} className="bar-chart__value">
              {converted(variation, goal)} / {variation.visitors}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** One experiment's card: goal picker, table, chart, sample-ratio check. */
function ExperimentCard({ experiment, results }: { experiment: ExperimentResult; results: Results }) {
  const names = results.eventNames ?? {};
  const total = (event: string) => experiment.variations.reduce((sum, variation) => sum + own(variation.byEvent, event), 0);
  // Events someone converted on first (most first), then the rest in the project's order.
  const events = results.events.slice().sort((a, b) => total(b) - total(a));
  const [goal, setGoal] = useState(() => (events.length && total(events[0]) > 0 ? events[0] : ANY));
  const goalName = goal === ANY ? 'any goal event' : names[goal] ?? goal;
  return (
    <section className="card result-card" data-experiment={experiment.experimentId} aria-label={`Results of ${experiment.name}`}>
      <header className="result-card__header">
        <h3 className="card__title"><Icon name="experiment" /> {experiment.name}</h3>
        {experiment.srm.mismatch ? (
          <span className="pill pill--removed" role="alert" title={`chi-square ${experiment.srm.chiSquare.toFixed(2)}`}>
            <Icon name="warning" size={12} /> Sample ratio mismatch (p = {experiment.srm.pValue.toExponential(1)})
          </span>
        ) : <span className="pill pill--kind">split as configured</span>}
      </header>
      <label className="result-goal">
        <span className="result-goal__label">Goal</span>
        <select className="select" aria-label={`Goal of ${experiment.name}`} value={goal} onChange={(event) => setGoal(event.target.value)}>
          <option value={ANY}>Any goal event ({experiment.variations.reduce((sum, variation) => sum + variation.conversions, 0)})</option>
          {events.map((event) => <option key={event} value={event}>{names[event] ?? event} ({total(event)})</option>)}
        </select>
      </label>
      <div className="result-card__table">
        <table className="table">
          <thead>
            <tr>
              <th>Variation</th><th className="num">Traffic</th><th className="num">Visitors</th>
              <th className="num result-card__goal" title={goalName}>Converted: {goalName}</th><th className="num">Rate</th>
              <th className="num">Any goal</th><th className="num">Rate</th>
            </tr>
          </thead>
          <tbody>
            {experiment.variations.map((variation) => (
              <tr key={variation.variationId} data-variation={variation.variationId}>
                <td>{variation.name}</td>
                <td className="num">{variation.share}%</td>
                <td className="num" data-cell="visitors">{variation.visitors}</td>
                <td className="num" data-cell="goal-conversions">{converted(variation, goal)}</td>
                <td className="num" data-cell="goal-rate">{rate(converted(variation, goal), variation.visitors)}</td>
                <td className="num" data-cell="conversions">{variation.conversions}</td>
                <td className="num">{rate(variation.conversions, variation.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="result-card__chart">
        <BarChart experiment={experiment} goal={goal} goalName={goalName} />
        <p className="legend">
          <span className="legend__swatch legend__swatch--visitors" /> visitors
          <span className="legend__swatch legend__swatch--conversions" /> converted: {goalName}
        </p>
      </div>
    </section>
  );
}

/** Props of {@link ResultsView}. */
export interface ResultsViewProps {
  projectId: string;
  /** The experiment to show first (from the inspector's Results button). */
  focus?: string;
}

/** The results screen. */
export function ResultsView({ projectId, focus }: ResultsViewProps) {
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => callApi('results', { params: { id: projectId } }).then(setResults, (failure: Error) => setError(failure.message)), [projectId]);
  useEffect(() => {
    void load();
  }, [load]);
  const experiments = (results?.experiments ?? []).slice().sort((a, b) => (a.experimentId === focus ? -1 : b.experimentId === focus ? 1 : 0));
  const tracked = (results?.events ?? []).map((event) => [event, own(results?.eventsByKey ?? {}, event)] as const).filter(([, count]) => count > 0);
  return (
    <div className="results">
      <header className="detail-header">
        <div>
          <h2 className="detail-header__title">Results</h2>
          <p className="muted">{results ? `${results.visitors} visitor${results.visitors === 1 ? '' : 's'} tracked by the local collector` : 'Reading the collector…'}</p>
        </div>
        <button type="button" className="button" onClick={() => void load()}><Icon name="results" /> Refresh</button>
      </header>
      {error ? <p className="notice notice--error">{error}</p> : null}
      {results && !experiments.length ? <p className="empty-line">The project has no experiments yet.</p> : null}
      {results ? (
        <section className="card result-events" aria-label="Events tracked">
          <h3 className="card__title"><Icon name="event" /> Events tracked</h3>
          {tracked.length ? (
            <ul className="chips">{tracked.map(([event, count]) => <li key={event} className="chip" title={event}>{results.eventNames?.[event] ?? event} <strong>{count}</strong></li>)}</ul>
          ) : <p className="muted">None of the project's {results.events.length} events has been tracked yet.</p>}
        </section>
      ) : null}
      {results ? experiments.map((experiment) => <ExperimentCard key={experiment.experimentId} experiment={experiment} results={results} />) : null}
    </div>
  );
}
