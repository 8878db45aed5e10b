/**
 * Inspector forms of the project settings, campaigns (layers), experiments and variations (EDT-8):
 * policies, holdbacks as percentages (stored in basis points of 10000), the audience expression,
 * and traffic as percentages stored as `endOfRange`.
 */
import { ALLOCATION_POLICIES, BUCKETING_STRATEGIES, CAMPAIGN_ACTIVATION_TYPES, LAYER_POLICIES } from '../../../../core/project/types';
import type { CellValue } from '../../../../editor-model/project-codec';
import { displayName, rebalance, setFields } from '../model/entities';
import { useEntity, useModel, useRows } from '../model/hooks';
import { percentsFromRanges, rangesFromPercents, type Range } from '../model/traffic';
import { SampleSizeEstimate } from '../results/sample-size-estimate';
import { ExperimentConflicts } from '../review/experiment-conflicts';
import { Icon } from '../shell/icons';
import { PERCENT_RULE, trafficShareProblem } from './field-rules';
import { ALLOCATION_POLICY_WORDS, LAYER_POLICY_WORDS, worded } from './words';
import { Field, FormSection, JsonInput, NumberInput, Select, TextInput, Toggle } from './fields';

const toPercent = (points: unknown) => (typeof points === 'number' ? points / 100 : undefined);
const toPoints = (percent: number | undefined) => (percent === undefined ? undefined : Math.round(percent * 100));

/** Project settings: ids, global holdback, switches. */
export function ProjectForm() {
  const model = useModel();
  const row = useEntity('settings', 'project');
  const set = (cells: Record<string, CellValue | undefined>, label?: string) => setFields(model, 'settings', 'project', cells, label);
  return (
    <>
      <FormSection title="Project">
        <Field label="Project id" hint="Names the snippet file; fixed once created."><TextInput value={String(row.projectId ?? '')} readOnly onCommit={() => undefined} /></Field>
        <Field label="Account id" hint="Your account's id, sent with every event."><TextInput name="accountId" value={String(row.accountId ?? '')} onCommit={(value) => set({ accountId: value }, 'Edit account id')} /></Field>
        <Field label="Namespace" hint="Keeps this project's stored decisions apart from other projects on the same site."><TextInput name="namespace" value={String(row.namespace ?? '')} onCommit={(value) => set({ namespace: value }, 'Edit namespace')} /></Field>
        <Field label="Revision in the data" hint="Each publish numbers itself after the live revision."><TextInput value={String(row.revision ?? (row.extra as Record<string, unknown> | undefined)?.revision ?? '')} readOnly onCommit={() => undefined} /></Field>
      </FormSection>
      <FormSection title="Traffic">
        <Field label="Global holdback" hint="Visitors held back from every campaign.">
          <NumberInput name="holdback" label="Global holdback" {...PERCENT_RULE} step={0.01} value={toPercent(row.holdback)} onCommit={(value) => set({ holdback: toPoints(value) }, 'Edit global holdback')} />
        </Field>
        <div className="field field--inline"><span className="field__label">Anonymise IP</span><Toggle label="Anonymise IP" checked={row.anonymizeIP === true} onChange={(value) => set({ anonymizeIP: value }, 'Toggle anonymise IP')} /></div>
        <span className="field__hint">Visitors' IP addresses are shortened before anything is stored.</span>
        <div className="field field--inline"><span className="field__label">Honour force parameters</span><Toggle label="Honour force parameters" checked={row.enableForceParameters === true} onChange={(value) => set({ enableForceParameters: value }, 'Toggle force parameters')} /></div>
        <span className="field__hint">A link can force a variation (varia_force_variations) for previews and QA; forced visits are not tracked.</span>
      </FormSection>
    </>
  );
}

/** A campaign (layer): policy, holdback, activation, views. */
export function LayerForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('layers', rowId);
  const pages = useRows('pages');
  const name = displayName(row, rowId);
  const set = (cells: Record<string, CellValue | undefined>, label: string) => setFields(model, 'layers', rowId, cells, `${label} of campaign "${name}"`);
  const pageIds = Array.isArray(row.pageIds) ? (row.pageIds as string[]) : Array.isArray(row.viewIds) ? (row.viewIds as string[]) : [];
  const pageKey = Array.isArray(row.viewIds) && !Array.isArray(row.pageIds) ? 'viewIds' : 'pageIds';
  const activation = (row.activation as { type?: string; timeout?: number } | undefined) ?? {};
  return (
    <>
      <FormSection title="Campaign">
        <Field label="Name" hint="What staff see in the tree and the results; visitors never see it."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => set({ name: value }, 'Rename')} /></Field>
        <Field label="Id" hint="Fixed once created: the data, the QA log and force parameters name it."><TextInput value={String(row.id ?? rowId)} readOnly onCommit={() => undefined} mono /></Field>
        <Field label="Kind of campaign" hint="How a visitor is decided into one of its experiments.">
          <Select name="policy" label="Policy" value={String(row.policy ?? '')} options={worded(LAYER_POLICIES, LAYER_POLICY_WORDS)} onChange={(value) => set({ policy: value }, 'Edit policy')} />
        </Field>
        <Field label="Traffic split" hint="Fixed as set on each experiment, or moved by a bandit towards what converts.">
          <Select name="allocationPolicy" label="Allocation policy" value={String(row.allocationPolicy ?? '')} options={[{ value: '', label: 'Fixed split as set (default)' }, ...worded(ALLOCATION_POLICIES, ALLOCATION_POLICY_WORDS)]} onChange={(value) => set({ allocationPolicy: value || undefined }, 'Edit allocation policy')} />
        </Field>
        <Field label="Holdback" hint="Share of visitors kept out of this campaign.">
          <NumberInput name="layerHoldback" label="Holdback" {...PERCENT_RULE} step={0.01} value={toPercent(row.holdback)} onCommit={(value) => set({ holdback: toPoints(value) }, 'Edit holdback')} />
        </Field>
        <div className="field field--inline"><span className="field__label">Concluded</span><Toggle label="Concluded" checked={row.concluded === true} onChange={(value) => set({ concluded: value }, 'Toggle concluded')} /></div>
        <span className="field__hint">Concluded: visitors still get its variations, but its decisions are no longer sent to the results.</span>
      </FormSection>
      <FormSection title="Activation">
        <Field label="Activation type" hint="Kept with the campaign for integrations; this runtime starts every campaign when one of its views activates.">
          <Select label="Activation type" value={activation.type ?? ''} options={[{ value: '', label: 'Not set' }, ...CAMPAIGN_ACTIVATION_TYPES]} onChange={(value) => set({ activation: { ...activation, type: value || undefined } as CellValue }, 'Edit activation')} />
        </Field>
        <Field label="Runs on views" hint="The pages where it can run; none ticked means none.">
          <div className="check-list">
            {pages.map(({ rowId: pageRow, row: page }) => {
              const id = String(page.id ?? pageRow);
              const on = pageIds.includes(id);
              return (
                <label key={pageRow} className="check">
                  <input type="checkbox" checked={on} onChange={() => set({ [pageKey]: on ? pageIds.filter((item) => item !== id) : [...pageIds, id] }, 'Edit views')} />
                  <span>{displayName(page, pageRow)}</span>
                </label>
              );
            })}
            {pages.length === 0 ? <span className="field__hint">The project has no views yet.</span> : null}
          </div>
        </Field>
      </FormSection>
    </>
  );
}

/** An experiment's audiences as "any" / "all" of a list, or raw JSON when nested. */
function AudienceExpression({ rowId, value }: { rowId: string; value: unknown }) {
  const model = useModel();
  const audiences = useRows('audiences');
  const list = Array.isArray(value) ? value : [];
  const flat = list.every((item) => typeof item === 'string');
  const operator = typeof list[0] === 'string' && ['and', 'or', 'not'].includes(list[0]) ? (list[0] as string) : 'or';
  const ids = (typeof list[0] === 'string' && ['and', 'or', 'not'].includes(list[0]) ? list.slice(1) : list) as string[];
  const save = (next: unknown[], label: string) => setFields(model, 'experiments', rowId, { audienceIds: next.length > 1 ? next : undefined }, label);
  if (!flat) {
    return <JsonInput value={value} onCommit={(next) => setFields(model, 'experiments', rowId, { audienceIds: next as CellValue }, 'Edit audience expression')} />;
  }
  return (
    <div className="audience-expression">
      <Select label="Audience operator" value={operator} options={[{ value: 'or', label: 'Any of' }, { value: 'and', label: 'All of' }, { value: 'not', label: 'None of' }]} onChange={(next) => save([next, ...ids], 'Edit audience operator')} />
      <div className="check-list">
        {audiences.map(({ rowId: audienceRow, row }) => {
          const id = String(row.id ?? audienceRow);
          const on = ids.includes(id);
          return (
            <label key={audienceRow} className="check">
              <input type="checkbox" checked={on} onChange={() => save([operator, ...(on ? ids.filter((item) => item !== id) : [...ids, id])], on ? `Remove audience ${id}` : `Add audience ${id}`)} />
              <span>{displayName(row, audienceRow)}</span>
            </label>
          );
        })}
        {audiences.length === 0 ? <span className="field__hint">Everyone qualifies: the project has no audiences yet.</span> : null}
        {audiences.length > 0 && ids.length === 0 ? <span className="field__hint" data-testid="audience-summary">Nothing ticked: every visitor qualifies.</span> : null}
        {ids.length > 0 ? <span className="field__hint" data-testid="audience-summary">{operator === 'and' ? 'A visitor qualifies when in every ticked audience.' : operator === 'not' ? 'A visitor qualifies when in none of the ticked audiences.' : 'A visitor qualifies when in at least one ticked audience.'}</span> : null}
      </div>
    </div>
  );
}

/** Traffic per variation as percentages, stored as endOfRange (EDT-8). */
function TrafficEditor({ rowId, ranges }: { rowId: string; ranges: Range[] | undefined }) {
  const model = useModel();
  const variations = useRows('variations', rowId);
  const ids = variations.map(({ rowId: variationRow, row }) => String(row.id ?? variationRow));
  const percents = percentsFromRanges(ranges, ids);
  const total = percents.reduce((sum, value) => sum + value, 0);
  const setPercent = (index: number, value: number | undefined) => {
    const next = percents.slice();
    next[index] = value ?? 0;
    setFields(model, 'experiments', rowId, { weightDistributions: rangesFromPercents(ids, next) as CellValue }, `Set traffic of "${displayName(variations[index].row)}" to ${value ?? 0}%`);
  };
  return (
    <div className="traffic">
      {variations.map(({ rowId: variationRow, row }, index) => (
        <div key={variationRow} className="traffic__row">
          <span className="traffic__name">{displayName(row, variationRow)}</span>
          <span className="traffic__bar"><span style={{ width: `${Math.min(100, percents[index])}%` }} /></span>
          <NumberInput
            name={`traffic-${ids[index]}`}
            label={`Traffic of ${displayName(row, variationRow)}`}
            {...PERCENT_RULE}
            step={0.01}
            value={percents[index]}
            check={(share) => trafficShareProblem(share, total - percents[index])}
            onCommit={(value) => setPercent(index, value)}
          />
        </div>
      ))}
      <div className={`traffic__total${Math.abs(total - 100) > 0.001 ? ' traffic__total--off' : ''}`}>
        <span>{Math.abs(total - 100) > 0.001 ? <><Icon name="warning" size={13} /> {(100 - total).toFixed(2)}% unallocated: those visitors see the page unchanged and are not counted</> : 'All traffic allocated'}</span>
        <button type="button" className="button button--small" onClick={() => model.edit('Split traffic evenly', (store) => rebalance(store, rowId))}>Split evenly</button>
      </div>
    </div>
  );
}

/** An experiment: name, audiences, traffic, strategy. */
export function ExperimentForm({ rowId, onShowResults }: { rowId: string; onShowResults?: () => void }) {
  const model = useModel();
  const row = useEntity('experiments', rowId);
  const name = displayName(row, rowId);
  const set = (cells: Record<string, CellValue | undefined>, label: string) => setFields(model, 'experiments', rowId, cells, `${label} of experiment "${name}"`);
  return (
    <>
      <FormSection title="Experiment" actions={onShowResults ? <button type="button" className="button button--small" onClick={onShowResults}><Icon name="results" size={14} /> Results</button> : undefined}>
        <Field label="Name" hint="What staff see in the tree and the results; visitors never see it."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => set({ name: value }, 'Rename')} /></Field>
        <Field label="Id" hint="Fixed once created: the data, the QA log and force parameters name it."><TextInput value={String(row.id ?? rowId)} readOnly onCommit={() => undefined} mono /></Field>
        <Field label="Bucketing strategy" hint="Kept with the experiment for analytics integrations; this runtime decides the same way with either.">
          <Select label="Bucketing" value={String(row.bucketingStrategy ?? '')} options={[{ value: '', label: 'Not set' }, ...BUCKETING_STRATEGIES]} onChange={(value) => set({ bucketingStrategy: value || undefined }, 'Edit bucketing')} />
        </Field>
        <div className="field field--inline"><span className="field__label">Rolled out (deployed)</span><Toggle label="Deployed" checked={row.deployed === true} onChange={(value) => set({ deployed: value }, 'Toggle deployed')} /></div>
        <span className="field__hint">{row.deployed === true ? 'Rolled out: each view decides afresh, no variation is kept for a visitor.' : 'Testing: each visitor keeps the variation first decided for them.'}</span>
      </FormSection>
      <FormSection title="Traffic allocation">
        <TrafficEditor rowId={rowId} ranges={row.weightDistributions as Range[] | undefined} />
      </FormSection>
      <FormSection title="Audiences">
        <AudienceExpression rowId={rowId} value={row.audienceIds} />
      </FormSection>
      <FormSection title="Sample size"><SampleSizeEstimate rowId={rowId} /></FormSection>
      <FormSection title="Clashes with other campaigns"><ExperimentConflicts rowId={rowId} /></FormSection>
    </>
  );
}

/** A variation: its name and share of traffic. */
export function VariationForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('variations', rowId);
  const experiment = useEntity('experiments', String(row.experimentId ?? ''));
  const share = percentsFromRanges(experiment.weightDistributions as Range[] | undefined, [String(row.id ?? rowId)])[0];
  return (
    <FormSection title="Variation">
      <Field label="Name" hint="Shown in the results, the QA log and the preview notice."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => setFields(model, 'variations', rowId, { name: value }, `Rename variation to "${value}"`)} /></Field>
      <Field label="Id" hint="Force it on a page with ?varia_force_variations=<id>."><TextInput value={String(row.id ?? rowId)} readOnly onCommit={() => undefined} mono /></Field>
      <Field label="Traffic" hint="Edit the split on the experiment."><TextInput value={`${share}%`} readOnly onCommit={() => undefined} /></Field>
    </FormSection>
  );
}
