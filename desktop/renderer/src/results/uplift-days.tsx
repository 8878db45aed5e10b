/**
 * The "Uplift over days" part of an experiment's card (issue 38): reads the experiment's daily figures
 * for the chosen goal from the collector (through the editor API) whenever the card's results are read
 * again, and draws one chart per variation compared with the control.
 */
import { useEffect, useState } from 'react';
import type { DailyResults, ExperimentResult, ProjectResults } from '../../../../editor-model/api-contract';
import type { Method } from '../../../../stats/index';
import { callApi } from '../model/backend';
import type { MetricKind } from './analysis';
import { UpliftChart } from './uplift-chart';
import { upliftSeries } from './uplift-series';

/** Props of {@link UpliftDays}. */
export interface UpliftDaysProps {
  projectId: string;
  experiment: ExperimentResult;
  /** The results the card shows: read again, the days are read again too. */
  results: ProjectResults;
  goal: string;
  metric: MetricKind;
  method: Method;
}

/** The charts of one experiment, or why there is none yet. */
export function UpliftDays({ projectId, experiment, results, goal, metric, method }: UpliftDaysProps) {
  const [daily, setDaily] = useState<{ goal: string; answer: DailyResults } | { goal: string; error: string } | null>(null);
  useEffect(() => {
    let current = true;
    callApi('resultsDaily', { params: { id: projectId }, query: { experiment: experiment.experimentId, goal } }).then(
      (answer) => current && setDaily({ goal, answer }),
      (failure: Error) => current && setDaily({ goal, error: failure.message }),
    );
    return () => {
      current = false;
    };
  }, [projectId, experiment.experimentId, goal, results]);
  const fresh = daily?.goal === goal ? daily : null;
  const series = fresh && 'answer' in fresh ? upliftSeries(experiment, fresh.answer, { metric, method }) : [];
  return (
    <section className="uplift-days" aria-label={`Uplift over days of ${experiment.name}`} data-testid="uplift-days">
      <h4 className="uplift-days__title">Uplift over days <span className="th-note">cumulative, 95% interval, same method and visitors as above</span></h4>
      {!fresh ? <p className="muted">Reading the days…</p> : 'error' in fresh ? <p className="notice notice--error">{fresh.error}</p> : null}
      {fresh && 'answer' in fresh && !series.length ? <p className="muted">No visitor counted yet: the chart starts with the first day of traffic.</p> : null}
      <div className="uplift-days__charts">
        {series.map((entry) => <UpliftChart key={entry.variationId} id={`uplift-${experiment.experimentId}-${entry.variationId}`.replace(/[^\w-]/g, '_')} series={entry} />)}
      </div>
    </section>
  );
}
