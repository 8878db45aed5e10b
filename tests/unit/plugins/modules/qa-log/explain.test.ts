/**
 * The QA log's explanations (plugins/modules/qa-log/explain.ts) on a real kernel: the lines written for
 * a layer decision, an applied action and a tracked event, worked out from the project data. The e2e
 * tests (tests/e2e/qa-log.spec.ts) show them in a page; these pin each line's logic.
 */
import { describe, expect, it } from 'vitest';
import { MODULES, type Plugin, type PluginContext } from '../../../../../core';
import type { DecisionTicket, LayerDecision } from '../../../../../core/project/types';
import { bootKernel } from '../../../../../core/testing';
import { definePlugin } from '../../../../../core/define';
import { explainer } from '../../../../../plugins/modules/qa-log/explain';
import audiences from '../../../../../plugins/modules/audiences';

const variation = (id: string, name: string, actions: unknown[] = []) => ({ id, name, actions });
const DATA = {
  layers: [
    {
      id: 'L', name: 'Hero', policy: 'single_experiment', holdback: 0,
      experiments: [
        { id: 'E1', name: 'Desktop hero', audienceIds: ['and', 'desktop', 'new'], variations: [variation('V1', 'Original')] },
        { id: 'E2', name: 'Mobile hero', audienceIds: ['or', 'desktop', ['not', 'new']], variations: [
          variation('V2', 'Big title', [{ id: 'A', pageId: 'home', changes: [
            { id: 'c1', type: 'attribute', selector: 'h1.title' },
            { id: 'c2', type: 'custom_code' },
            { id: 'c3', type: 'append', selector: '#late' },
          ] }]),
        ] },
      ],
    },
    { id: 'Open', policy: 'single_experiment', experiments: [{ id: 'E3', audienceIds: [], variations: [variation('V3', '')] }] },
  ],
  events: [{ id: 'ev', apiName: 'signup' }],
};

/** The explainer over a booted kernel with {@link DATA}, and the INFO lines it wrote. */
const boot = (plugins: Plugin[] = [], data: object = DATA) => {
  let ctx: PluginContext | undefined;
  const probe = definePlugin({ type: 'apiModule', name: 'explain_probe', setup: (context) => void (ctx = context), create: () => ({}) });
  const t = bootKernel({ plugins: [...plugins, probe], data: data as never, validate: false });
  const before = t.logs.length;
  const at = (level: string) => () => t.logs.slice(before).filter((line) => line.level === level).map((line) => line.text);
  return { explain: explainer(ctx!), lines: at('info'), warnings: at('warn') };
};

/** A stand-in for the controls module: the varia_force_variations ids of the visit. */
const forcing = (...ids: string[]) => definePlugin({ type: 'apiModule', name: MODULES.controls, create: () => ({ forcedVariationIds: () => ids }) as never });
/**
 * A stand-in decider for `policy` whose bucket is the length of the entity id it draws for, so a line shows
 * which entity (the experiment, `<layer>holdback`, `global_holdback`) its bucket number was drawn for.
 */
const decider = (policy: string, bucket = true) =>
  definePlugin({ type: 'decider', name: policy, decide: () => ({}) as never, ...(bucket ? { bucket: (_id: string, entity: string) => entity.length } : {}) });

const ticket = (audienceIds: string[], extra: Partial<DecisionTicket> = {}): DecisionTicket => ({ bucketingId: 'visitor-1', audienceIds, globalHoldback: 0, pageId: 'home', ...extra });
const decision = (layerId: string, experimentId: string | null, variationId: string | null, reason: string): LayerDecision =>
  ({ layerId, experimentId, variationId, isLayerHoldback: false, reason });
const decided = (d: LayerDecision, tk: DecisionTicket, pendingRedirect = false) =>
  ({ decision: d, decisionTicket: tk, pendingRedirect, inCohort: true, layerState: {} as never });

describe('QA log explanations', () => {
  it('KRN-39 an audience whose matcher cannot tell (null) reads "unknown", one it refuses "not matched"', () => {
    let ctx: PluginContext | undefined;
    const probe = definePlugin({ type: 'apiModule', name: 'explain_probe', setup: (context) => void (ctx = context), create: () => ({}) });
    const campaign = definePlugin({ type: 'audienceMatcher', name: 'campaign', match: (condition, profile) => (profile.query ? condition.value === 'yes' : null) });
    const no = definePlugin({ type: 'audienceMatcher', name: 'never', match: () => false });
    const data = {
      audiences: [
        { id: 'utm', conditions: [{ type: 'campaign', value: 'yes' }] },
        { id: 'none', conditions: [{ type: 'never' }] },
      ],
      layers: [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', audienceIds: ['or', 'utm', 'none'], variations: [variation('V', '')] }] }],
    };
    const t = bootKernel({ plugins: [audiences(), campaign, no, probe], data: data as never, validate: false });
    const before = t.logs.length;
    explainer(ctx!).decided(decided(decision('L', null, null, 'audience'), ticket([])));
    expect(t.logs.slice(before).filter((line) => line.level === 'info').map((line) => line.text)[0]).toBe(
      'Decision for layer L on page home: audiences utm unknown, none not matched',
    );
  });

  it('KRN-39 each audience a layer names is listed once, matched or not, however many experiments name it', () => {
    // fails when the audience ids are not deduplicated: `desktop` and `new` are each listed twice
    const { explain, lines } = boot();
    explain.decided(decided(decision('L', 'E2', 'V2', 'sticky'), ticket(['desktop'])));
    expect(lines()).toEqual([
      'Decision for layer L (Hero) on page home: audiences desktop matched, new not matched',
      'Decision for layer L (Hero) on page home: experiment E2 (Mobile hero), variation V2 (Big title), sticky: the variation stored for this visitor',
    ]);
  });

  it('KRN-39 a layer without audience conditions says everyone qualifies; a global holdback says so and skips the audiences', () => {
    const { explain, lines } = boot();
    explain.decided(decided(decision('Open', 'E3', 'V3', 'cmab'), ticket([], { pageId: undefined })));
    explain.decided(decided(decision('L', null, null, 'global_holdback'), ticket([], { globalHoldback: 500 })));
    expect(lines()).toEqual([
      'Decision for layer Open: no audience conditions (everyone qualifies)',
      'Decision for layer Open: experiment E3, variation V3, chosen by the contextual bandit',
      'Decision for layer L (Hero) on page home: in the global holdback (500 of 10000, bucket undefined)',
      'Decision for layer L (Hero) on page home: no variation, global_holdback',
    ]);
  });

  it('KRN-39 a redirecting decision says it is relayed; a decision error is shown after the reason', () => {
    const { explain, lines } = boot();
    explain.decided(decided(decision('Open', 'E3', 'V3', 'force'), ticket([]), true));
    explain.decided(decided({ ...decision('Open', 'E3', null, 'error'), error: 'no variation fits' }, ticket([])));
    expect(lines().filter((line) => !line.includes('everyone qualifies'))).toEqual([
      'Decision for layer Open on page home: experiment E3, variation V3, forced audience',
      'Decision for layer Open on page home: redirects; the decision is relayed to the next page and tracked there',
      'Decision for layer Open on page home: no variation of experiment E3, error: no variation fits',
    ]);
  });

  it('KRN-39 an applied action lists each change of the page with its state; a timed-out one names the selector it waited for', () => {
    const { explain, lines } = boot();
    explain.applied({ layerId: 'L', experimentId: 'E2', variationId: 'V2', pageId: 'home' } as never, { c1: 'applied', c3: 'timed_out' });
    explain.applied({ layerId: 'L', experimentId: 'E2', variationId: 'V2', pageId: 'elsewhere' } as never, {});
    expect(lines()).toEqual([
      'Change c1 (attribute) of variation V2 on page home: applied',
      'Change c2 (custom_code) of variation V2 on page home: not run',
      'Change c3 (append) of variation V2 on page home: timed out (no element matched "#late" in time)',
    ]);
  });

  it('KRN-39 a tracked event is queued when the project defines it (or it is a page view), and said not sent otherwise', () => {
    const { explain, lines } = boot();
    explain.tracked({ name: 'signup', type: 'custom' } as never);
    explain.tracked({ name: 'home', type: 'pageview' } as never);
    explain.tracked({ name: 'typo', type: 'custom' } as never);
    explain.relayed({ layerId: 'L', experimentId: 'E2', variationId: 'V2' } as never);
    expect(lines()).toEqual([
      'Event signup (custom) tracked and queued to send',
      'Event home (pageview) tracked and queued to send',
      'Event typo (custom) tracked, not sent: the project does not define it',
      'Decision for layer L relayed from the redirecting page: experiment E2, variation V2',
    ]);
  });

  it('KRN-39 a forced variation (varia_force_variations) says so and skips the audiences and the layer holdback', () => {
    const { explain, lines } = boot([forcing('V2', 'other')], { ...DATA, layers: [{ ...DATA.layers[0], holdback: 500 }] });
    explain.decided(decided(decision('L', 'E2', 'V2', 'force'), ticket([])));
    expect(lines()).toEqual(['Decision for layer L (Hero) on page home: experiment E2 (Mobile hero), variation V2 (Big title), forced by the varia_force_variations parameter']);
  });

  it('KRN-39 a layer holdback names its share and the bucket drawn for the layer, held back or not', () => {
    const { explain, lines } = boot([decider('single_experiment')], { ...DATA, layers: [{ ...DATA.layers[0], holdback: 500, experiments: [] }] });
    explain.decided(decided({ ...decision('L', null, null, 'layer_holdback'), isLayerHoldback: true }, ticket([])));
    explain.decided(decided(decision('L', null, null, 'error'), ticket([])));
    expect(lines()).toEqual([
      'Decision for layer L (Hero) on page home: no audience conditions (everyone qualifies)',
      'Decision for layer L (Hero) on page home: layer holdback 500 of 10000, bucket 9: held back, no changes',
      'Decision for layer L (Hero) on page home: no variation, in the layer holdback: tracked, nothing applied',
      'Decision for layer L (Hero) on page home: no audience conditions (everyone qualifies)',
      'Decision for layer L (Hero) on page home: layer holdback 500 of 10000, bucket 9: not held back',
      'Decision for layer L (Hero) on page home: no variation, error',
    ]);
  });

  it('KRN-39 the bucket of a decision is drawn for the experiment, by another decider when the layer policy has none', () => {
    const { explain, lines } = boot([decider('other_without_bucket', false), decider('other_policy')]);
    explain.decided(decided(decision('L', 'E1', 'V1', 'traffic'), ticket(['desktop', 'new'])));
    explain.decided(decided(decision('L', 'E1', null, 'unallocated'), ticket(['desktop', 'new'])));
    explain.decided(decided(decision('L', null, null, 'global_holdback'), ticket([], { globalHoldback: 500 })));
    expect(lines().filter((line) => !line.includes('audiences'))).toEqual([
      'Decision for layer L (Hero) on page home: experiment E1 (Desktop hero), variation V1 (Original), bucket 2 (traffic)',
      'Decision for layer L (Hero) on page home: no variation of experiment E1 (Desktop hero), bucket 2 is unallocated traffic',
      'Decision for layer L (Hero) on page home: in the global holdback (500 of 10000, bucket 15)',
      'Decision for layer L (Hero) on page home: no variation, global_holdback',
    ]);
  });

  it('KRN-39 audience ids that merely start or end like an operator (notify, visitor) are listed', () => {
    const layers = [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', audienceIds: ['or', 'notify', ['not', 'visitor']], variations: [] }] }];
    const { explain, lines } = boot([], { layers });
    explain.decided(decided(decision('L', 'E', null, 'error'), ticket(['visitor'])));
    expect(lines()[0]).toBe('Decision for layer L on page home: audiences notify not matched, visitor matched');
  });

  it('KRN-39 a layer without experiments and an experiment without variations (a partial project) are still explained', () => {
    const layers = [{ id: 'Bare', policy: 'single_experiment' }, { id: 'L', policy: 'single_experiment', experiments: [{ id: 'E' }] }];
    const { explain, lines } = boot([], { layers });
    explain.decided(decided(decision('Bare', null, null, 'error'), ticket([])));
    explain.decided(decided(decision('L', 'E', 'V', 'sticky'), ticket([])));
    explain.applied({ layerId: 'L', experimentId: 'E', variationId: 'V', pageId: 'home' } as never, {});
    expect(lines()).toEqual([
      'Decision for layer Bare on page home: no audience conditions (everyone qualifies)',
      'Decision for layer Bare on page home: no variation, error',
      'Decision for layer L on page home: no audience conditions (everyone qualifies)',
      'Decision for layer L on page home: experiment E, variation V, sticky: the variation stored for this visitor',
    ]);
  });

  it("KRN-39 an applied action is found by its variation and action id; a timed-out change without a selector says its element never appeared", () => {
    const layers = [{
      id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', variations: [
        variation('V0', 'Original', [{ id: 'A0', pageId: 'home', changes: [{ id: 'x', type: 'attribute', selector: 'h1' }] }]),
        variation('V1', 'New', [
          { id: 'A1', pageId: 'home', changes: [{ id: 'c1', type: 'custom_code' }, { id: 'c2', type: 'append', selector: '' }] },
          { id: 'A2', pageId: 'home', changes: [{ id: 'c3', type: 'attribute', selector: 'p' }] },
        ]),
      ] }],
    }];
    const { explain, lines } = boot([], { layers });
    explain.applied({ layerId: 'L', experimentId: 'E', variationId: 'V1', pageId: 'home', actionId: 'A1' } as never, { c1: 'timed_out', c2: 'timed_out' });
    expect(lines()).toEqual([
      'Change c1 (custom_code) of variation V1 on page home: timed out (its element never appeared in time)',
      'Change c2 (append) of variation V1 on page home: timed out (its element never appeared in time)',
    ]);
  });

  it('KRN-39 a tracked event is queued when any one of the defined events has its name', () => {
    const { explain, lines } = boot([], { ...DATA, events: [{ id: 'a', apiName: 'signup' }, { id: 'b', apiName: 'purchase' }] });
    explain.tracked({ name: 'purchase', type: 'custom' } as never);
    expect(lines()).toEqual(['Event purchase (custom) tracked and queued to send']);
  });

  it('KRN-39 at start, each forced variation id that names no variation of the project is warned about', () => {
    const { explain, warnings } = boot([forcing('V1', 'nope', 'V3')]);
    explain.started();
    expect(warnings()).toEqual(['Forced variation "nope" is unknown: no variation of project test-project has this id, so nothing is forced by it']);
  });
});
