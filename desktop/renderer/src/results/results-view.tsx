/**
 * Results (EDT-24): per experiment and variation, visitors (decisions) and conversions from the
 * local collector, as a table and a bar chart, with the sample-ratio-mismatch warning when the
 * split differs from the configured traffic (chi-square, p < 0.001).
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../model/backend';
import { Icon } from '../shell/icons';

interface VariationResult { variationId: string; name: string; share: number; visitors: number; decisions: number; conversions: number; byEvent: Record<string, number> }
interface ExperimentResult { experimentId: string; name: string; layerId: string; variations: VariationResult[]; srm: { chiSquare: number; pValue: number; mismatch: boolean } }
interface Results { visitors: number; eventsByKey: Record<string, number>; events: string[]; experiments: ExperimentResult[] }

const rate = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/** Horizontal bars of visitors and conversions per variation, in SVG. */
function BarChart({ experiment }: { experiment: ExperimentResult }) {
  const max = Math.max(1, ...experiment.variations.map((variation) => variation.visitors));
  const rowHeight = 30;
  const labelWidth = 140;
  const width = 520;
  const barWidth = width - labelWidth - 60;
  return (
    <svg className="bar-chart" viewBox={`0 0 ${width} ${experiment.variations.length * rowHeight + 8}`} role="img" aria-label={`Visitors and conversions of ${experiment.name}`}>
      {experiment.variations.map((variation, index) => {
        const y = index * rowHeight + 4;
        const visitors = (variation.visitors / max) * barWidth;
        const conversions = (variation.conversions / max) * barWidth;
        return (
          <g key={variation.variationId} transform={`translate(0 ${y})`}>
            <text x={0} y={16} className="bar-chart__label">{variation.name.length > 18 ? `${variation.name.slice(0, 17)}…` : variation.name}</text>
            <rect x={labelWidth} y={4} width={Math.max(visitors, 1)} height={16} rx={3} className="bar-chart__visitors" />
            <rect x={labelWidth} y={8} width={conversions} height={8} rx={2} className="bar-chart__conversions" />
            <text x={labelWidth + Math.max(visitors, 1) + 6} y={16} className="bar-chart__value">{variation.visitors}</text>
          </g>
        );
      })}
    </svg>
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
  const load = useCallback(() => api<Results>(`projects/${projectId}/results`).then(setResults, (failure: Error) => setError(failure.message)), [projectId]);
  useEffect(() => {
    void load();
  }, [load]);
  const experiments = (results?.experiments ?? []).slice().sort((a, b) => (a.experimentId === focus ? -1 : b.experimentId === focus ? 1 : 0));
  const tracked = (results?.events ?? []).map((event) => [event, results?.eventsByKey[event] ?? 0] as const).filter(([, count]) => count > 0);
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
            <ul className="chips">{tracked.map(([event, count]) => <li key={event} className="chip"><code>{event}</code> <strong>{count}</strong></li>)}</ul>
          ) : <p className="muted">None of the project's {results.events.length} events has been tracked yet.</p>}
        </section>
      ) : null}
      {experiments.map((experiment) => {
        // Per-event columns only when the collector splits conversions by event.
        const columns = results!.events.filter((event) => experiment.variations.some((variation) => event in variation.byEvent));
        return (
        <section key={experiment.experimentId} className="card result-card" data-experiment={experiment.experimentId} aria-label={`Results of ${experiment.name}`}>
          <header className="result-card__header">
            <h3 className="card__title"><Icon name="experiment" /> {experiment.name}</h3>
            {experiment.srm.mismatch ? (
              <span className="pill pill--removed" role="alert" title={`chi-square ${experiment.srm.chiSquare.toFixed(2)}`}>
                <Icon name="warning" size={12} /> Sample ratio mismatch (p = {experiment.srm.pValue.toExponential(1)})
              </span>
            ) : <span className="pill pill--kind">split as configured</span>}
          </header>
          <div className="result-card__body">
            <div className="result-card__table">
            <table className="table">
              <thead>
                <tr>
                  <th>Variation</th><th className="num">Traffic</th><th className="num">Visitors</th><th className="num">Conversions</th><th className="num">Rate</th>
                  {columns.map((event) => <th key={event} className="num">{event}</th>)}
                </tr>
              </thead>
              <tbody>
                {experiment.variations.map((variation) => (
                  <tr key={variation.variationId} data-variation={variation.variationId}>
                    <td>{variation.name}</td>
                    <td className="num">{variation.share}%</td>
                    <td className="num" data-cell="visitors">{variation.visitors}</td>
                    <td className="num" data-cell="conversions">{variation.conversions}</td>
                    <td className="num">{rate(variation.conversions, variation.visitors)}</td>
                    {columns.map((event) => <td key={event} className="num">{variation.byEvent[event] ?? 0}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
            <div className="result-card__chart">
              <BarChart experiment={experiment} />
              <p className="legend"><span className="legend__swatch legend__swatch--visitors" /> visitors <span className="legend__swatch legend__swatch--conversions" /> conversions</p>
            </div>
          </div>
        </section>
        );
      })}
    </div>
  );
}
