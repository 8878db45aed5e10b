/**
 * The experiment inspector's sample-size estimate (issue 38): the visitors needed per variation to
 * detect a chosen uplift with 80% power by the project's results method, from the control's current
 * conversion rate (any goal event, once the collector has seen enough of it; its exposed visitors where
 * the collector records exposures, ruling 24) or a rate staff type, and the days that takes at the
 * experiment's traffic over the last 7 days (sample-plan.ts).
 */
import { useEffect, useState } from 'react';
import type { DailyResults, ExperimentResult } from '../../../../editor-model/api-contract';
import { NumberInput } from '../inspector/fields';
import { callApi } from '../model/backend';
import { useEntity, useModel, useRows } from '../model/hooks';
import { countedBasisOf, METHODS } from './analysis';
import { baselineRate, controlFigures, planSample, recentTraffic, TRAFFIC_DAYS } from './sample-plan';
import { useResultsSettings } from './settings';
import './sample-size.css';

const count = (value: number) => value.toLocaleString('en-US');

/** Which of the control's visitors the measured rate is of (ruling 24). */
const countedBasisText = (experiment: ExperimentResult | null) => (experiment && countedBasisOf(experiment) === 'exposed' ? 'exposed' : 'decided');

/** The estimate for the experiment in working-copy row `rowId`, with its two inputs. */
export function SampleSizeEstimate({ rowId }: { rowId: string }) {
  const { projectId } = useModel();
  const experimentId = String(useEntity('experiments', rowId).id ?? rowId);
  const variations = useRows('variations', rowId).length;
  const [{ method }] = useResultsSettings(projectId);
  const [measured, setMeasured] = useState<ExperimentResult | null>(null);
  const [daily, setDaily] = useState<DailyResults | null>(null);
  useEffect(() => {
    let current = true;
    // The collector may be off or the project unpublished: the estimate then works from typed figures.
    callApi('results', { params: { id: projectId } }).then(
      (results) => current && setMeasured(results.experiments.find((experiment) => experiment.experimentId === experimentId) ?? null),
      () => undefined,
    );
    callApi('resultsDaily', { params: { id: projectId }, query: { experiment: experimentId } }).then((answer) => current && setDaily(answer), () => undefined);
    return () => {
      current = false;
    };
  }, [projectId, experimentId]);
  const baseline = baselineRate(controlFigures(measured));
  const traffic = measured && daily ? recentTraffic(measured, daily, Math.floor(Date.now() / 86_400_000)) : null;
  const [typedRate, setTypedRate] = useState<number | undefined>();
  const [uplift, setUplift] = useState(5);
  const rate = typedRate ?? Number((baseline.rate * 100).toFixed(2));
  const plan = planSample({ rate: rate / 100, uplift: uplift / 100, method, variations, dailyVisitors: traffic?.perDay ?? null });
  const methodName = METHODS.find((option) => option.value === method)?.label.toLowerCase() ?? method;
  return (
    <div className="sample-size" data-testid="sample-size">
      <div className="sample-size__inputs">
        <label className="field">
          <span className="field__label">Conversion rate now</span>
          <NumberInput name="sample-baseline" unit="%" min={0.01} max={99.99} step={0.1} value={rate} onCommit={(value) => setTypedRate(value)} />
        </label>
        <label className="field">
          <span className="field__label">Uplift to detect</span>
          <NumberInput name="sample-uplift" unit="%" min={0.1} max={500} step={0.5} value={uplift} onCommit={(value) => setUplift(value ?? 5)} />
        </label>
      </div>
      {'error' in plan ? <p className="field__error">{plan.error}</p> : (
        <div className="sample-size__answer" data-cell="sample-size">
          About <strong>{count(plan.perVariation)}</strong> visitors per variation
          <span className="muted"> ({count(plan.total)} in all)</span>
          <span className="sample-size__days" data-cell="sample-days">
            {plan.days !== null && traffic
              ? `About ${count(plan.days)} day${plan.days === 1 ? '' : 's'} at this view's current traffic: ${count(Math.round(traffic.perDay))} ${traffic.counted} visitors a day over the last ${traffic.days === 1 ? 'day' : `${traffic.days} days`}.`
              : `No traffic counted for it in the last ${TRAFFIC_DAYS} days: the days follow once visitors arrive.`}
          </span>
        </div>
      )}
      <p className="field__hint">
        80% power, 5% level, {methodName} method (as the Results tab reads it).{' '}
        {typedRate === undefined ? (baseline.measured ? `The rate is the control's, any goal event, of its ${countedBasisText(measured)} visitors.` : 'The rate is a starting guess: type your own.') : null}
      </p>
    </div>
  );
}
