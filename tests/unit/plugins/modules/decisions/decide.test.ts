import { describe, expect, it } from 'vitest';
import { definePlugin, type LayerDecidedData } from '../../../../../core';
import { bucket } from '../../../../../plugins/deciders/_shared';
import { audiencesStandIn, boot, changesStandIn, memoryStorage, project, quarters, visitorStandIn } from './helpers';

const quarter = (id: string, experimentId: string, prefix: string) => `${prefix}${'abcd'[Math.floor(bucket(id, experimentId) / 2500)]}`;
const decidedEvents = (t: { events: { type: string; name?: string; data?: unknown }[] }, name = 'layerDecided') =>
  t.events.filter((e) => e.type === 'lifecycle' && e.name === name).map((e) => e.data as LayerDecidedData);

describe('decisions: layer decisions', () => {
  it('DEC-3 a layer decision has layerId, experimentId, variationId, isLayerHoldback, isLayerConcluded, reason and error', async () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin, audiencesStandIn(['A1']).plugin]);
    const state = t.decisions.decideLayer('L1', 'p1');
    expect(state && !('then' in state)).toBe(true);
    const decision = (state as { decision: unknown }).decision;
    expect(Object.keys(decision as object).sort()).toEqual(['error', 'experimentId', 'isLayerConcluded', 'isLayerHoldback', 'layerId', 'reason', 'variationId']);
    expect(decision).toEqual({ layerId: 'L1', experimentId: 'E1', variationId: quarter('ppid1', 'E1', 'v1'), isLayerHoldback: false, isLayerConcluded: false, reason: 'bucketed', error: null });
  });

  it('DEC-4 a decision ticket has bucketingId, audienceIds, globalHoldback, preferredVariationMap, pageId and activationId', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1', variationMap: { L2: { E3: 'v3b' } } }).plugin, audiencesStandIn(['A1', 'A2']).plugin], project({ holdback: 0 }));
    const l1 = t.decisions.decideLayer('L1', 'p1') as unknown as { decisionTicket: Record<string, unknown> };
    expect(Object.keys(l1.decisionTicket).sort()).toEqual(['activationId', 'audienceIds', 'bucketingId', 'globalHoldback', 'pageId', 'preferredVariationMap']);
    expect(l1.decisionTicket).toMatchObject({ bucketingId: 'ppid1', audienceIds: ['A1'], globalHoldback: 0, preferredVariationMap: {}, pageId: 'p1' });
    expect(typeof l1.decisionTicket.activationId).toBe('string');
    const l2 = t.decisions.decideLayer('L2', 'p1') as unknown as { decisionTicket: Record<string, unknown> };
    expect(l2.decisionTicket).toMatchObject({ audienceIds: ['A2'], preferredVariationMap: { E3: 'v3b' } });
  });

  it('DEC-5 a layer state has layerId, pageId, decision, decisionTicket, decisionTimestamp, decisionEventId, revision and namespace', () => {
    const t = boot([visitorStandIn().plugin], project({ revision: 42, namespace: 'shop' }));
    const state = t.decisions.decideLayer('L1', 'p1') as unknown as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual(['decision', 'decisionEventId', 'decisionTicket', 'decisionTimestamp', 'layerId', 'namespace', 'pageId', 'revision']);
    expect(state).toMatchObject({ layerId: 'L1', pageId: 'p1', decisionTimestamp: t.clock.now(), revision: 42, namespace: 'shop' });
    expect(typeof state.decisionEventId).toBe('string');
    expect(t.decisions.layerStates().L1).toBe(state);
  });

  it('DEC-5 the kept layer state is the latest decision of the layer, by decideLayer or decidePage, in first-decision order', async () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin, audiencesStandIn(['A1', 'A2']).plugin]);
    const first = t.decisions.decideLayer('L2', 'p1') as unknown as { decisionEventId: string };
    expect(t.decisions.layerStates().L2).toBe(first);
    const again = t.decisions.decideLayer('L2', 'p1') as unknown as { decisionEventId: string };
    expect(again.decisionEventId).not.toBe(first.decisionEventId);
    expect(t.decisions.layerStates().L2).toBe(again);
    const [l1, l2] = await t.decisions.decidePage('p1');
    expect(Object.keys(t.decisions.layerStates())).toEqual(['L2', 'L1']);
    expect(t.decisions.layerStates().L1).toBe(l1);
    expect(t.decisions.layerStates().L2).toBe(l2);
    expect(t.decisions.analyticsPayload('L2')?.decisionId).toBe(l2.decisionEventId);
    // A decision made from a layerDecided listener (another layer, inside the first one's event) is kept too.
    let inner: unknown;
    t.push({
      type: 'addListener',
      filter: { type: 'lifecycle', name: 'layerDecided' },
      handler: (event: { data: LayerDecidedData }) => {
        if (event.data.layerState.layerId === 'L1' && !inner) inner = t.decisions.decideLayer('L2', 'p1');
      },
    });
    const outer = t.decisions.decideLayer('L1', 'p1');
    expect(inner).toBeDefined();
    expect(t.decisions.layerStates().L1).toBe(outer);
    expect(t.decisions.layerStates().L2).toBe(inner);
  });

  it('DEC-5 layer states persist in local storage under layer_states', () => {
    const local = memoryStorage('local');
    const t = boot([visitorStandIn().plugin, local.plugin]);
    t.decisions.decideLayer('L1', 'p1');
    t.decisions.decideLayer('L2', 'p1');
    expect(Object.keys(local.values.layer_states as object)).toEqual(['L1', 'L2']);
  });

  it('DEC-35 without a namespace layer states are not persisted and Namespace is not set is logged', () => {
    const local = memoryStorage('local');
    const t = boot([visitorStandIn().plugin, local.plugin], project({ namespace: undefined }));
    t.decisions.decideLayer('L1', 'p1');
    t.decisions.decideLayer('L2', 'p1');
    expect(local.values.layer_states).toBeUndefined();
    expect(t.logs.filter((line) => line.text === 'Namespace is not set')).toHaveLength(1);
  });

  it('DEC-8 waits for pending audience attributes, with the layer activation timeout (default 2000 ms) passed to the audiences module', async () => {
    let release!: () => void;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const audiences = audiencesStandIn(['A1'], { pending });
    const data = project();
    data.layers![0].activation = { timeout: 750 };
    const t = boot([visitorStandIn().plugin, audiences.plugin], data);
    const l1 = t.decisions.decideLayer('L1', 'p1');
    const l2 = t.decisions.decideLayer('L2', 'p1');
    expect(l1).toBeInstanceOf(Promise);
    expect(audiences.calls.map((call) => call.options?.timeout)).toEqual([750, 2000, 2000]);
    expect(t.decisions.layerStates().L1).toBeUndefined();
    release();
    expect((await l1)!.decision.experimentId).toBe('E1');
    expect((await l2)!.decision.experimentId).toBe('E3');
  });

  it('DEC-9 decidePage builds a decision ticket per page for the layers that run on it', async () => {
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin]);
    const p1 = await t.decisions.decidePage('p1');
    expect(p1.map((s) => [s.layerId, s.decisionTicket.pageId])).toEqual([['L1', 'p1'], ['L2', 'p1']]);
    const p2 = await t.decisions.decidePage('p2');
    // Layers list p1 only, but their variations have actions for p2: they run there too.
    expect(p2.map((s) => s.decisionTicket.pageId)).toEqual(['p2', 'p2']);
    expect(await t.decisions.decidePage('nowhere')).toEqual([]);
  });

  it('DEC-10 checks run in order: global holdback stops before audiences and the decider', () => {
    const audiences = audiencesStandIn(['A1']);
    const t = boot([visitorStandIn().plugin, audiences.plugin], project({ holdback: 10000 }));
    const state = t.decisions.decideLayer('L1', 'p1') as unknown as { decision: Record<string, unknown> };
    expect(state.decision).toMatchObject({ experimentId: null, variationId: null, reason: 'global_holdback', isLayerHoldback: false });
    expect(audiences.calls).toHaveLength(0);
  });

  it('DEC-10 the layer holdback comes before audiences, and the decider sees only the audience-eligible experiments', () => {
    const audiences = audiencesStandIn([]);
    const data = project();
    data.layers![1].holdback = 10000;
    const t = boot([visitorStandIn().plugin, audiences.plugin], data);
    const state = t.decisions.decideLayer('L2', 'p1') as unknown as { decision: Record<string, unknown> };
    // Not in A2: E2 is not eligible, so the equal_priority decider can only choose E3.
    expect(state.decision).toMatchObject({ isLayerHoldback: true, experimentId: 'E3', reason: 'layer_holdback' });
    expect(audiences.calls.map((call) => call.ids)).toEqual([['A2'], undefined]);
  });

  it('DEC-2 a layer holdback holds back the visitors whose bucket of bucketingId + layerId + "holdback" is below it', () => {
    for (const id of ['ppid1', 'ppid2', 'x-3']) {
      const b = bucket(id, 'L1holdback');
      for (const [holdback, expected] of [[b, false], [b + 1, true]] as const) {
        const data = project();
        data.layers![0].holdback = holdback;
        const t = boot([visitorStandIn({ bucketingId: id }).plugin, audiencesStandIn(['A1']).plugin], data);
        expect((t.decisions.decideLayer('L1', 'p1') as unknown as { decision: { isLayerHoldback: boolean } }).decision.isLayerHoldback).toBe(expected);
      }
    }
  });

  it('DEC-28 a policy without a decider gives No deciders found for policy', () => {
    const data = project({}, [{ id: 'LX', policy: 'min_time_to_win', pageIds: ['p1'], experiments: [{ id: 'EX', ...quarters('vx') }] }]);
    const t = boot([visitorStandIn().plugin], data);
    const state = t.decisions.decideLayer('LX', 'p1') as unknown as { decision: Record<string, unknown> };
    expect(state.decision).toMatchObject({ experimentId: null, variationId: null, error: 'No deciders found for policy' });
  });

  it('DEC-28 ERR-31 the log line of a policy without a decider names the policy; the decision error stays the catalogue text', async () => {
    const data = project({}, [{ id: 'LX', policy: 'round_robin', pageIds: ['p1'], experiments: [{ id: 'EX', ...quarters('vx') }] }]);
    const t = boot([visitorStandIn().plugin], data, { validate: false });
    const states = await t.decisions.decidePage('p1');
    expect(states[0].decision.error).toBe('No deciders found for policy');
    expect(t.logs).toContainEqual({ level: 'debug', text: 'Decisions: layer LX No deciders found for policy "round_robin"' });
    expect(t.errors()).toEqual([]);
  });

  it('DEC-29 decider failures are placed in the decision error field (no variations, no experiments, no candidate)', async () => {
    const data = project({}, [
      { id: 'LA', policy: 'single_experiment', pageIds: ['p1'], experiments: [{ id: 'EA', variations: [] }] },
      { id: 'LB', policy: 'single_experiment', pageIds: ['p1'], experiments: [] },
      { id: 'LC', policy: 'equal_priority', pageIds: ['p1'], experiments: [{ id: 'EC', ...quarters('vc') }] },
    ]);
    const t = boot([visitorStandIn().plugin, changesStandIn().plugin], data, { validate: false });
    const states = await t.decisions.decidePage('p1');
    expect(states.map((s) => s.decision.error)).toEqual(['No variations in selected experiment', 'No experiments in layer.', 'No decisionMetadata.experimentPriorities on layer.']);
    expect(t.errors()).toEqual([]);
  });

  it('DEC-29 ERR-30 a decider that names an experiment the layer lacks gives "Unable to find selected experiment."', () => {
    const rogue = definePlugin({ type: 'decider', name: 'rogue', decide: () => ({ experimentId: 'E-gone', variationId: 'V-gone' }) });
    const data = project();
    data.layers![0].policy = 'rogue' as never;
    const t = boot([rogue, visitorStandIn({ bucketingId: 'ppid1' }).plugin], data, { validate: false });
    expect(t.decisions.decideLayer('L1')).toMatchObject({ decision: { experimentId: null, variationId: null, error: 'Unable to find selected experiment.' } });
  });

  it('DEC-34 without a bucketingId the decision fails with Visitor bucketingId not set', () => {
    const t = boot([visitorStandIn({ bucketingId: undefined }).plugin]);
    expect((t.decisions.decideLayer('L1', 'p1') as unknown as { decision: { error: string } }).decision.error).toBe('Visitor bucketingId not set');
    const bare = boot([]);
    expect((bare.decisions.decideLayer('L1', 'p1') as unknown as { decision: { error: string } }).decision.error).toBe('Visitor bucketingId not set');
  });

  it('ERR-10 an unknown layer is logged as Could not find layer and yields nothing', () => {
    const t = boot([visitorStandIn().plugin]);
    expect(t.decisions.decideLayer('nope', 'p1')).toBeUndefined();
    expect(t.logs.some((line) => line.text === 'Could not find layer "nope"')).toBe(true);
  });

  it('DEC-49 deciding a layer emits layerDecided and campaignDecided with the layer state, decision, ticket and redirect flag', () => {
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin]);
    const state = t.decisions.decideLayer('L1', 'p1') as unknown as { decision: unknown; decisionTicket: unknown };
    for (const name of ['layerDecided', 'campaignDecided']) {
      const [data] = decidedEvents(t, name);
      expect(data.layerState).toBe(state);
      expect(data.decision).toBe(state.decision);
      expect(data.decisionTicket).toBe(state.decisionTicket);
      expect(data).toMatchObject({ pendingRedirect: false, inCohort: true });
    }
  });

  it('DEC-18 cohort membership requires both an experiment and a variation', () => {
    const data = project({}, [
      { id: 'L', policy: 'single_experiment', pageIds: ['p1'], experiments: [{ id: 'E', variations: [{ id: 'x', actions: [] }, { id: 'y', actions: [] }], weightDistributions: [{ entityId: 'x', endOfRange: 1 }, { entityId: 'y', endOfRange: 2 }] }] },
    ]);
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], data);
    t.decisions.decideLayer('L', 'p1');
    const [decided] = decidedEvents(t);
    expect(decided.decision).toMatchObject({ experimentId: 'E', variationId: null, error: 'Unable to choose candidate' });
    expect(decided.inCohort).toBe(false);
  });

  it('DEC-19 cohort membership is false for a layer holdback under single_experiment, kept under equal_priority', () => {
    const data = project();
    data.layers![0].holdback = 10000;
    data.layers![1].holdback = 10000;
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin], data);
    t.decisions.decideLayer('L1', 'p1');
    t.decisions.decideLayer('L2', 'p1');
    const [single, equal] = decidedEvents(t);
    expect([single.decision.isLayerHoldback, single.decision.variationId !== null, single.inCohort]).toEqual([true, true, false]);
    expect([equal.decision.isLayerHoldback, equal.inCohort]).toEqual([true, true]);
  });
});

describe('decisions: actions', () => {
  it('DEC-23 the decided variation\'s actions for the page are applied through the changes module, each emitting action applied', async () => {
    const changes = changesStandIn();
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin, audiencesStandIn(['A1']).plugin, changes.plugin]);
    const states = await t.decisions.decidePage('p1');
    const variations = states.map((s) => s.decision.variationId);
    expect(changes.applied.map((a) => a.action.id)).toEqual(variations.map((v) => `${v}-act`));
    expect(changes.applied[0].meta).toEqual({ layerId: 'L1', experimentId: 'E1', variationId: variations[0], pageId: 'p1' });
    expect(t.events.filter((e) => e.type === 'action' && e.name === 'applied')).toHaveLength(2);
  });

  it('DEC-23 layer- and experiment-level changes are applied like variation actions, first, with the same meta; not in a holdback', async () => {
    const changes = changesStandIn();
    const data = project();
    const layer = data.layers![0];
    layer.changes = [{ id: 'lc', type: 'attribute', selector: 'h1', attributes: { text: 'layer' } }];
    layer.experiments[0].changes = [{ id: 'ec', type: 'attribute', selector: 'h2', attributes: { text: 'experiment' } }];
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin, audiencesStandIn(['A1']).plugin, changes.plugin], data);
    const states = await t.decisions.decidePage('p1');
    const first = states.find((s) => s.layerId === layer.id)!.decision;
    const ours = changes.applied.filter((a) => (a.meta as { layerId: string }).layerId === layer.id);
    expect(ours.map((a) => a.action.id)).toEqual([`${layer.id}:layer`, `${first.experimentId}:experiment`, `${first.variationId}-act`]);
    expect(ours[0].action.changes).toBe(layer.changes);
    expect(ours[1].action.changes).toBe(layer.experiments[0].changes);
    for (const a of ours) expect(a.meta).toEqual({ layerId: layer.id, experimentId: first.experimentId, variationId: first.variationId, pageId: 'p1' });

    const held = changesStandIn();
    layer.holdback = 10000;
    const u = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin, audiencesStandIn(['A1']).plugin, held.plugin], data);
    await u.decisions.decidePage('p1');
    expect(held.applied.filter((a) => (a.meta as { layerId: string }).layerId === layer.id)).toEqual([]);
  });

  it('DEC-20 no actions run in the global holdback', async () => {
    const changes = changesStandIn();
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin, changes.plugin], project({ holdback: 10000 }));
    await t.decisions.decidePage('p1');
    expect(changes.applied).toEqual([]);
  });

  it('DEC-21 no actions run in a layer holdback', async () => {
    const changes = changesStandIn();
    const data = project();
    data.layers!.forEach((layer) => (layer.holdback = 10000));
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin, changes.plugin], data);
    const states = await t.decisions.decidePage('p1');
    expect(states.every((s) => s.decision.isLayerHoldback)).toBe(true);
    expect(changes.applied).toEqual([]);
  });

  it('DEC-22 no actions run when the visitor is eligible for no experiment or variation', async () => {
    const changes = changesStandIn();
    const data = project();
    data.layers![1].experiments[1].audienceIds = ['A1'];
    const t = boot([visitorStandIn().plugin, audiencesStandIn([]).plugin, changes.plugin], data);
    const states = await t.decisions.decidePage('p1');
    expect(states.map((s) => s.decision.error)).toEqual(['Audience conditions failed for experiment', 'No eligible experiment and variation found.']);
    expect(changes.applied).toEqual([]);
  });

  it('DEC-47 a decided redirect variation is flagged pendingRedirect in layerDecided', async () => {
    const data = project();
    for (const variation of data.layers![0].experiments[0].variations) variation.actions[0].changes = [{ id: 'r', type: 'redirect', value: 'https://example.test/b' }];
    const t = boot([visitorStandIn().plugin, audiencesStandIn(['A1']).plugin], data);
    await t.decisions.decidePage('p1');
    expect(decidedEvents(t).map((d) => d.pendingRedirect)).toEqual([true, false]);
  });
});
