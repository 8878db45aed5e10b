import { describe, expect, it } from 'vitest';
import { definePlugin, type PagesModule } from '../../../../../core';
import { bucket } from '../../../../../plugins/deciders/_shared';
import { audiencesStandIn, boot, changesStandIn, controlsStandIn, project, visitorStandIn } from './helpers';

type Decision = { decision: { experimentId: string | null; variationId: string | null; reason: string | null; error: string | null; isLayerHoldback: boolean } };
const decide = (t: ReturnType<typeof boot>, layerId = 'L1') => (t.decisions.decideLayer(layerId, 'p1') as Decision).decision;

describe('decisions: global holdback', () => {
  it('DEC-2 the visitor is held back when the bucket of bucketingId + "global_holdback" is below the threshold', () => {
    for (const id of ['ppid1', 'ppid2', 'someone']) {
      const b = bucket(id, 'global_holdback');
      expect(boot([visitorStandIn({ bucketingId: id }).plugin], project({ holdback: b })).decisions.isGlobalHoldback()).toBe(false);
      expect(boot([visitorStandIn({ bucketingId: id }).plugin], project({ holdback: b + 1 })).decisions.isGlobalHoldback()).toBe(true);
    }
  });

  it('DEC-11 DEC-12 the global holdback is set once per activation; setting it again is an error and changes nothing', async () => {
    const visitor = visitorStandIn({ bucketingId: 'ppid1' });
    const t = boot([visitor.plugin], project({ holdback: 10000 }));
    await t.settle();
    t.decisions.decideGlobalHoldback('act-1');
    expect(t.decisions.isGlobalHoldback()).toBe(true);
    t.decisions.decideGlobalHoldback('act-1');
    expect(t.errors()).toEqual(['Attempted to change already set global holdback!']);
    expect(t.decisions.isGlobalHoldback()).toBe(true);
  });

  it('DEC-13 each activation resets the global holdback', async () => {
    const t = boot([visitorStandIn().plugin], project({ holdback: 5000 }));
    await t.settle();
    t.decisions.decideGlobalHoldback('first');
    t.push(['activate']);
    await t.settle();
    t.decisions.decideGlobalHoldback('second');
    expect(t.errors()).toEqual([]);
  });

  it('DEC-11 the activation id comes from the pages module when there is one', async () => {
    const pages = definePlugin({ type: 'apiModule', name: 'pages', create: (): Partial<PagesModule> => ({ activation: () => ({ id: 'page-activation-7', timestamp: 0 }), activePageIds: () => ['p1'], states: () => ({}) }) });
    const t = boot([visitorStandIn().plugin, pages], project());
    expect((t.decisions.decideLayer('L1', 'p1') as unknown as { decisionTicket: { activationId: string } }).decisionTicket.activationId).toBe('page-activation-7');
  });
});

describe('decisions: forcing', () => {
  it('DEC-7 a force variation yields a decision with reason force, skipping holdbacks and audiences', () => {
    const audiences = audiencesStandIn([]);
    const data = project({ holdback: 10000 });
    data.layers![0].holdback = 10000;
    const t = boot([visitorStandIn().plugin, audiences.plugin, controlsStandIn({ variations: ['v1c'] })], data);
    expect(decide(t)).toMatchObject({ experimentId: 'E1', variationId: 'v1c', reason: 'force', isLayerHoldback: false, error: null });
    expect(audiences.calls).toHaveLength(0);
  });

  it('DEC-6 a force audience overrides the normal decision: forced audiences qualify, holdbacks are skipped, reason force', () => {
    const audiences = audiencesStandIn([]);
    const data = project({ holdback: 10000 });
    const t = boot([visitorStandIn().plugin, audiences.plugin, controlsStandIn({ audiences: ['A1'] })], data);
    expect(decide(t)).toMatchObject({ experimentId: 'E1', reason: 'force' });
    expect(audiences.calls[0].options?.forcedAudienceIds).toEqual(['A1']);
    const unforced = boot([visitorStandIn().plugin, audiencesStandIn([]).plugin], project());
    expect(decide(unforced)).toMatchObject({ experimentId: null, error: 'Audience conditions failed for experiment' });
  });

  it('DEC-20 actions run in the global holdback when the variation is forced', async () => {
    const changes = changesStandIn();
    const t = boot([visitorStandIn().plugin, changes.plugin, controlsStandIn({ variations: ['v1b'] })], project({ holdback: 10000 }));
    await t.decisions.decidePage('p1');
    expect(changes.applied.map((a) => a.action.id)).toEqual(['v1b-act']);
  });

  it('DEC-6 forced decisions are not written to the sticky variation map', () => {
    const visitor = visitorStandIn();
    const t = boot([visitor.plugin, controlsStandIn({ variations: ['v1b'] })], project());
    decide(t);
    expect(visitor.state.writes).toEqual([]);
  });
});

describe('decisions: sticky bucketing', () => {
  it('DEC-17 the decided variation is stored in the visitor variation map per layer and experiment, and reused', () => {
    const visitor = visitorStandIn({ bucketingId: 'ppid1' });
    const data = project();
    const t = boot([visitor.plugin, audiencesStandIn(['A1']).plugin], data);
    const first = decide(t);
    expect(visitor.state.variationMap).toEqual({ L1: { E1: first.variationId } });
    // The weights change: the stored variation still wins.
    data.layers![0].experiments[0].weightDistributions = [{ entityId: 'v1d', endOfRange: 10000 }];
    const again = boot([visitor.plugin, audiencesStandIn(['A1']).plugin], data);
    expect(decide(again)).toMatchObject({ variationId: first.variationId, reason: 'sticky' });
  });

  it('DEC-16 a preferred variation overrides the decider\'s choice', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1', variationMap: { L1: { E1: 'v1d' } } }).plugin, audiencesStandIn(['A1']).plugin]);
    expect(decide(t)).toMatchObject({ experimentId: 'E1', variationId: 'v1d', reason: 'sticky' });
  });

  it('DEC-16 under equal_priority the preferred experiment is kept while the visitor qualifies for it', () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      const t = boot([visitorStandIn({ bucketingId: id, variationMap: { L2: { E2: 'v2c' } } }).plugin, audiencesStandIn(['A2']).plugin]);
      expect(decide(t, 'L2')).toMatchObject({ experimentId: 'E2', variationId: 'v2c', reason: 'sticky' });
    }
  });

  it('DEC-15 a preferred variation that no longer exists leaves the visitor not bucketed', async () => {
    const changes = changesStandIn();
    const t = boot([visitorStandIn({ variationMap: { L1: { E1: 'deleted' } } }).plugin, audiencesStandIn(['A1']).plugin, changes.plugin]);
    expect(decide(t)).toMatchObject({ experimentId: 'E1', variationId: null, error: 'Unable to find selected variation' });
    await t.settle();
    expect(changes.applied).toEqual([]);
  });

  it('DEC-14 deployed experiments skip sticky bucketing: no read, no write', () => {
    const data = project();
    data.layers![0].experiments[0].deployed = true;
    data.layers![0].experiments[0].weightDistributions = [{ entityId: 'v1a', endOfRange: 10000 }];
    const visitor = visitorStandIn({ variationMap: { L1: { E1: 'v1d' } } });
    const t = boot([visitor.plugin, audiencesStandIn(['A1']).plugin], data);
    expect(decide(t)).toMatchObject({ variationId: 'v1a', reason: 'bucketed' });
    expect(visitor.state.writes).toEqual([]);
  });
});
