/**
 * One experiment's results (EDT-24, issue 38): whether it is live, the sample-ratio check, a goal and
 * a metric to read, the verdict per variation in words, which visitors are compared (ruling 24: exposed,
 * said in words), and a table of each variation's decided and exposed visitors, its rate (or mean per
 * visitor) with its interval, the uplift over the control with its interval drawn around zero, and
 * the p-value or the chance to win by the project's method, and the uplift over days (uplift-days.tsx).
 * A goal can be marked "must not get worse".
 */
import { useState } from 'react';
import type { ExperimentResult, ExperimentState, ProjectResults } from '../../../../editor-model/api-contract';
import type { Method } from '../../../../stats/index';
import { Toggle } from '../inspector/fields';
import { Icon } from '../shell/icons';
import { ANY_GOAL, amount, analyse, type MetricKind, metricsOf, percent, pValueText, signedPercent, type VariationRow } from './analysis';
import { UpliftAxis, UpliftBar } from './uplift-bar';
import { UpliftDays } from './uplift-days';

const count = (value: number) => value.toLocaleString('en-US');

const METRIC_LABELS: Record<MetricKind, string> = { conversion: 'Conversion rate', revenue: 'Revenue per visitor', value: 'Value per visitor' };

const STATE_PILLS: Record<ExperimentState, { label: string; className: string }> = {
  live: { label: 'Live', className: 'pill--live' },
  concluded: { label: 'Concluded', className: 'pill--kind' },
  'not-published': { label: 'Not published', className: 'pill--removed' },
  'rolled-back': { label: 'Rolled back', className: 'pill--removed' },
};

/** Why an experiment that is not live shows figures at all, in words. */
function notLiveText(state: ExperimentState, live: ProjectResults['live']): string | null {
  if (state === 'not-published') {
    return live
      ? `Not in the live revision ${live.revision}: publish to start it. Figures below are from visitors of earlier revisions, if any.`
      : 'Nothing is published yet: publish to start this experiment.';
  }
  if (state === 'rolled-back' && live) {
    return `Not live: revision ${live.revision} rolled back to revision ${live.from ?? '?'}, which does not have this experiment. No new visitors are decided into it; the figures are from before.`;
  }
  if (state === 'concluded') return 'Concluded: visitors see the chosen variation and are no longer counted.';
  return null;
}

/** The variation's own figure (rate or mean) and its interval. */
function EstimateCell({ row, metric }: { row: VariationRow; metric: MetricKind }) {
  if (!row.estimate) return <td className="num muted" data-cell="estimate">—</td>;
  const shown = metric === 'conversion' ? percent : amount;
  return (
    <td className="num" data-cell="estimate">
      <span className="figure">{shown(row.estimate.value)}</span>
      <span className="figure__interval">{shown(row.estimate.interval[0])} to {shown(row.estimate.interval[1])}</span>
    </td>
  );
}

/** The uplift over the control in numbers. */
function UpliftCell({ row }: { row: VariationRow }) {
  if (row.control) return <td className="num muted" data-cell="uplift">control</td>;
  const comparison = row.comparison;
  if (!comparison || comparison.error !== undefined) return <td className="num muted" data-cell="uplift">—</td>;
  return (
    <td className="num" data-cell="uplift">
      <span className={`figure figure--${row.verdict?.kind ?? 'none'}`}>{signedPercent(comparison.expected)}</span>
      <span className="figure__interval">{signedPercent(comparison.ci[0])} to {signedPercent(comparison.ci[1])}</span>
    </td>
  );
}

/** The p-value (frequentist, sequential) or the chance to win (Bayesian). */
function EvidenceCell({ row, method }: { row: VariationRow; method: Method }) {
  const comparison = row.comparison;
  if (row.control || !comparison || comparison.error !== undefined) return <td className="num muted" data-cell="evidence">—</td>;
  if (method === 'bayesian') return <td className="num" data-cell="evidence">{percent(comparison.chanceToWin ?? 0)}</td>;
  return <td className="num" data-cell="evidence">{pValueText(comparison.pValue ?? 1)}</td>;
}

/** The exposed visitors of a row: a variation's on its own basis; the control's on each other variation's. */
function ExposedCell({ row, names }: { row: VariationRow; names: Record<string, string> }) {
  if (!row.control || row.exposed.length === 1) return <td className="num" data-cell="exposed">{count(row.exposed[0]?.visitors ?? 0)}</td>;
  return (
    <td className="num" data-cell="exposed">
      {row.exposed.map(({ basis, visitors }) => <span key={basis} className="figure__interval">{count(visitors)} for {names[basis] ?? basis}</span>)}
    </td>
  );
}

/** Which visitors the comparisons count, in words (ruling 24). */
const COUNTED_TEXT = {
  exposed:
    'Compared on exposed visitors: a variation\'s visitors count from the first page where all its changes were applied, the control\'s from the first page where that variation\'s elements were there to be changed (nothing is changed for them). Visitors whose pages never had those elements are left out of both arms alike, so both hold the same kind of visitor.',
  decided:
    'No exposure recorded for this experiment yet (its visitors came before the snippet recorded exposure): compared on every decided visitor, including those whose page never showed the change.',
} as const;

const EVIDENCE_NOTES: Record<Method, string> = { sequential: 'always valid', frequentist: 'fixed horizon', bayesian: 'to beat control' };

const VERDICT_ICONS = { ahead: 'check', behind: 'warning', 'no-difference': 'dot', 'not-enough-data': 'history', 'cannot-compare': 'error' } as const;

/** Props of {@link ExperimentCard}. */
export interface ExperimentCardProps {
  projectId: string;
  experiment: ExperimentResult;
  results: ProjectResults;
  method: Method;
  guardrails: string[];
  onGuardrail(goal: string, on: boolean): void;
}

/** One experiment's card. */
export function ExperimentCard({ projectId, experiment, results, method, guardrails, onGuardrail }: ExperimentCardProps) {
  const names = results.eventNames ?? {};
  const total = (event: string) => experiment.variations.reduce((sum, variation) => sum + (Object.hasOwn(variation.byEvent, event) ? variation.byEvent[event] : 0), 0);
  // Events someone converted on first (most first), then the rest in the project's order.
  const events = results.events.slice().sort((a, b) => total(b) - total(a));
  const [goal, setGoal] = useState(() => (events.length && total(events[0]) > 0 ? events[0] : ANY_GOAL));
  const metrics = metricsOf(experiment, goal);
  const [chosenMetric, setMetric] = useState<MetricKind>('conversion');
  const metric = metrics.includes(chosenMetric) ? chosenMetric : 'conversion';
  const guardrail = goal !== ANY_GOAL && guardrails.includes(goal);
  const analysis = analyse(experiment, { goal, metric, method, guardrail });
  const goalName = goal === ANY_GOAL ? 'any goal event' : names[goal] ?? goal;
  const notLive = notLiveText(experiment.state, results.live);
  const pill = STATE_PILLS[experiment.state];
  const variationNames = Object.fromEntries(experiment.variations.map((variation) => [variation.variationId, variation.name]));
  return (
    <section className={`card result-card${analysis.flagged ? ' result-card--flagged' : ''}`} data-experiment={experiment.experimentId} aria-label={`Results of ${experiment.name}`}>
      <header className="result-card__header">
        <h3 className="card__title"><Icon name="experiment" /> {experiment.name}</h3>
        <div className="result-card__pills">
          <span className={`pill ${pill.className}`} data-state={experiment.state}>{pill.label}</span>
          {experiment.srm.mismatch ? (
            <span className="pill pill--removed" role="alert" title={`chi-square ${experiment.srm.chiSquare.toFixed(2)}`}>
              <Icon name="warning" size={12} /> Sample ratio mismatch (p = {experiment.srm.pValue.toExponential(1)})
            </span>
          ) : <span className="pill pill--kind">split as configured</span>}
        </div>
      </header>
      {notLive ? <p className="notice result-card__state" data-state={experiment.state}><Icon name="warning" size={14} /> {notLive}</p> : null}
      <div className="result-controls">
        <label className="result-control">
          <span className="result-control__label">Goal</span>
          <select className="select" aria-label={`Goal of ${experiment.name}`} value={goal} onChange={(event) => setGoal(event.target.value)}>
            <option value={ANY_GOAL}>Any goal event ({experiment.variations.reduce((sum, variation) => sum + variation.conversions, 0)})</option>
            {events.map((event) => <option key={event} value={event}>{names[event] ?? event} ({total(event)})</option>)}
          </select>
        </label>
        <label className="result-control">
          <span className="result-control__label">Metric</span>
          <select className="select" aria-label={`Metric of ${experiment.name}`} value={metric} onChange={(event) => setMetric(event.target.value as MetricKind)} disabled={metrics.length < 2}>
            {metrics.map((kind) => <option key={kind} value={kind}>{METRIC_LABELS[kind]}</option>)}
          </select>
        </label>
        {goal === ANY_GOAL ? null : (
          <div className="result-control result-control--toggle" title="A guardrail: flagged when a variation's interval lies below zero.">
            <Toggle label={`${goalName} must not get worse`} checked={guardrail} onChange={(on) => onGuardrail(goal, on)} />
            <span className="result-control__label">Must not get worse</span>
          </div>
        )}
      </div>
      <ul className="verdicts">
        {analysis.rows.filter((row) => row.verdict).map((row) => (
          <li key={row.variation.variationId} className={`verdict verdict--${row.verdict!.kind}${row.verdict!.flagged ? ' verdict--flagged' : ''}`} data-verdict={row.verdict!.kind} data-variation={row.variation.variationId}>
            <Icon name={row.verdict!.flagged ? 'error' : VERDICT_ICONS[row.verdict!.kind]} size={14} />
            <span>{row.verdict!.flagged ? <strong>Guardrail: </strong> : null}{row.verdict!.text}</span>
          </li>
        ))}
      </ul>
      <p className="result-card__counted" data-counted={analysis.counted}>{COUNTED_TEXT[analysis.counted]}</p>
      <div className="result-card__table">
        <table className="table result-table">
          <thead>
            <tr>
              <th>Variation</th><th className="num">Traffic</th><th className="num">Decided <span className="th-note">visitors</span></th>
              <th className="num" title="Visitors who could see the difference: counted in the comparison">Exposed <span className="th-note">compared</span></th>
              <th className="num result-card__goal" title={goalName}>{metric === 'conversion' ? 'Converted' : `${metric === 'revenue' ? 'Revenue' : 'Value'} in all`} <span className="th-note">{goalName}</span></th>
              <th className="num">{METRIC_LABELS[metric]} <span className="th-note">95% interval</span></th>
              <th className="num">Uplift <span className="th-note">vs control</span></th>
              <th className="result-table__bar"><UpliftAxis scale={analysis.scale} /></th>
              <th className="num">{method === 'bayesian' ? 'Chance to win' : 'p-value'} <span className="th-note">{EVIDENCE_NOTES[method]}</span></th>
            </tr>
          </thead>
          <tbody>
            {analysis.rows.map((row) => (
              <tr key={row.variation.variationId} data-variation={row.variation.variationId} className={row.control ? 'result-table__control' : undefined}>
                <td>{row.variation.name}</td>
                <td className="num">{row.variation.share}%</td>
                <td className="num" data-cell="visitors">{count(row.variation.visitors)}</td>
                <ExposedCell row={row} names={variationNames} />
                <td className="num" data-cell="goal-total">{metric === 'conversion' ? count(row.stats.sum) : amount(row.stats.sum)}</td>
                <EstimateCell row={row} metric={metric} />
                <UpliftCell row={row} />
                <td className="result-table__bar">{row.control ? null : <UpliftBar expected={row.comparison?.expected} ci={row.comparison?.ci} scale={analysis.scale} />}</td>
                <EvidenceCell row={row} method={method} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <UpliftDays projectId={projectId} experiment={experiment} results={results} goal={goal} metric={metric} method={method} />
    </section>
  );
}
