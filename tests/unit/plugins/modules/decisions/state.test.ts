import { describe, expect, it } from 'vitest';
import { definePlugin, type PageState, type PagesModule } from '../../../../../core';
import type { Layer } from '../../../../../core/project/types';
import { audiencesStandIn, boot, project, quarters, visitorStandIn } from './helpers';

const pagesStandIn = (active: string[]) =>
  definePlugin({
    type: 'apiModule',
    name: 'pages',
    create: (): Partial<PagesModule> => ({
      activation: () => ({ id: 'act-1', timestamp: 0 }),
      activePageIds: () => active,
      states: () => ({
        p1: { id: 'p1', apiName: 'home', status: active.includes('p1') ? 'active' : 'inactive', activatedAt: 1, activationId: 'act-1', tags: {} },
        p2: { id: 'p2', apiName: 'other', status: null, activatedAt: null, activationId: null, tags: {} },
      }) as Record<string, PageState>,
    }),
  });

const named = (overrides: Partial<Layer> = {}): Layer => ({
  id: '1001',
  name: 'Homepage hero',
  policy: 'single_experiment',
  pageIds: ['p1'],
  experiments: [{ id: '2002', name: 'Hero copy', ...quarters('v') }],
  ...overrides,
});

describe('state module', () => {
  it('DEC-41 the analytics decision payload has every field of the spec', () => {
    const win = { document: { referrer: 'https://ref.example/' } } as unknown as Window;
    const t = boot([visitorStandIn({ bucketingId: 'ppid1', id: 'vid' }).plugin, audiencesStandIn(['A1']).plugin, pagesStandIn(['p1'])], project({ revision: 7, namespace: 'ns1' }), { win });
    t.decisions.decideLayer('L1', 'p1');
    const payload = t.state.getDecisionPayload({ campaignId: 'L1' })!;
    expect(Object.keys(payload).sort()).toEqual(
      [
        'sessionId', 'decisionTicketAudienceIds', 'visitorId', 'decisionId', 'activationId', 'namespace', 'timestamp', 'pageId', 'variationId',
        'variationName', 'experimentId', 'experimentName', 'layerId', 'layerName', 'layerPolicy', 'accountId', 'projectId', 'revision',
        'clientName', 'clientVersion', 'referrer', 'integrationStringVersion', 'integrationSettings', 'isLayerHoldback',
      ].sort(),
    );
    const state = t.decisions.layerStates().L1;
    expect(payload).toMatchObject({
      sessionId: 1767225600000, decisionTicketAudienceIds: ['A1'], visitorId: 'vid', decisionId: state.decisionEventId, activationId: 'act-1',
      namespace: 'ns1', timestamp: state.decisionTimestamp, pageId: 'p1', variationId: state.decision.variationId, experimentId: 'E1',
      experimentName: 'Hero', layerId: 'L1', layerName: 'Hero test', layerPolicy: 'single_experiment', accountId: 'test-account',
      projectId: 'test-project', revision: 7, clientName: 'js', clientVersion: '0.224.0', referrer: 'https://ref.example/',
      integrationStringVersion: null, integrationSettings: null, isLayerHoldback: false,
    });
    expect(payload.variationName).toMatch(/^Variation [A-D]$/);
    expect(t.state.getDecisionPayload({ campaignId: 'L2' })).toBeNull();
  });

  it('campaign and experiment states, active experiment ids and the variation map follow the decisions and active pages', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1', variationMap: { L2: { E3: 'v3b' } } }).plugin, audiencesStandIn(['A1']).plugin, pagesStandIn(['p1'])]);
    t.decisions.decideLayer('L1', 'p1');
    const campaigns = t.state.getCampaignStates();
    expect(campaigns.L1).toMatchObject({ id: 'L1', campaignName: 'Hero test', isActive: true, isInCampaignHoldback: false, experiment: { id: 'E1', name: 'Hero' }, reason: 'bucketed', audiences: [{ id: 'A1', name: 'Returning' }] });
    expect(campaigns.L2).toMatchObject({ isActive: false, experiment: null, variation: null });
    expect(Object.keys(t.state.getCampaignStates({ isActive: true }))).toEqual(['L1']);
    expect(Object.keys(t.state.getExperimentStates({ isActive: true }))).toEqual(['E1']);
    expect(t.state.getActiveExperimentIds()).toEqual(['E1']);
    const map = t.state.getVariationMap();
    const v1 = t.decisions.layerStates().L1.decision.variationId!;
    expect(map).toEqual({ E3: { id: 'v3b', name: 'Variation B', index: 1 }, E1: { id: v1, name: `Variation ${v1.slice(-1).toUpperCase()}`, index: 'abcd'.indexOf(v1.slice(-1)) } });
    expect(Object.keys(t.state.getPageStates({ isActive: true }))).toEqual(['p1']);
    expect(Object.keys(t.state.getPageStates())).toEqual(['p1', 'p2']);
  });

  it('DEC-40 the v1 decision string is layerName(id):experimentName(id):variationName(id) with the suffix treatment or holdback', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], project({}, [named(), named({ id: '1003', holdback: 10000, experiments: [{ id: '2003', name: 'Held', ...quarters('w') }] })]));
    t.decisions.decideLayer('1001', 'p1');
    t.decisions.decideLayer('1003', 'p1');
    const v = t.decisions.layerStates()['1001'].decision.variationId!;
    expect(t.state.getDecisionString({ campaignId: '1001' })).toBe(`Homepage hero(1001):Hero copy(2002):Variation ${v.slice(-1).toUpperCase()}(${v}):treatment`);
    expect(t.state.getDecisionString({ campaignId: '1003' })).toMatch(/:holdback$/);
    expect(t.state.getDecisionString({ campaignId: 'unknown' })).toBeNull();
  });

  it('DEC-40 integrationStringVersion 2 gives ids only', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], project({}, [named({ integrationStringVersion: 2 })]));
    t.decisions.decideLayer('1001', 'p1');
    const v = t.decisions.layerStates()['1001'].decision.variationId!;
    expect(t.state.getDecisionString({ campaignId: '1001' })).toBe(`1001:2002:${v}:treatment`);
  });

  it('DEC-36 DEC-38 the decision string is at most 255 characters: names are shortened, ids kept; shouldCleanString strips symbols', () => {
    const long = 'N'.repeat(400);
    const layer = named({ name: long, experiments: [{ id: '2002', name: `Copy! ${long}`, ...quarters('v') }] });
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], project({}, [layer]));
    t.decisions.decideLayer('1001', 'p1');
    const text = t.state.getDecisionString({ campaignId: '1001' })!;
    expect(text).toHaveLength(255);
    expect(text).toMatch(/^N+\(1001\):Copy! N+\(2002\):Variation [A-D]\(v[a-d]\):treatment$/);
    const short = t.state.getDecisionString({ campaignId: '1001', maxLength: 60, shouldCleanString: true })!;
    expect(short.length).toBeLessThanOrEqual(60);
    expect(short).toContain('(1001)');
    expect(short).not.toContain('!');
  });

  it('DEC-39 ERR-60 when not all ids fit, an error is logged and there is no string', () => {
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], project({}, [named()]));
    t.decisions.decideLayer('1001', 'p1');
    expect(t.state.getDecisionString({ campaignId: '1001', maxLength: 20 })).toBeNull();
    expect(t.state.getDecisionObject({ campaignId: '1001', maxLength: 20 })).toBeNull();
    expect(t.logs.filter((line) => line.text === 'Not all ids fit into the analytics string of at most 20 characters')).toHaveLength(2);
  });

  it('DEC-37 the decision object holds campaign, experiment, variation and holdback, its strings at most 255 characters in all', () => {
    const long = 'x'.repeat(300);
    const t = boot([visitorStandIn({ bucketingId: 'ppid1' }).plugin], project({}, [named({ name: long })]));
    t.decisions.decideLayer('1001', 'p1');
    const object = t.state.getDecisionObject({ campaignId: '1001' })!;
    expect(Object.keys(object)).toEqual(['campaign', 'experiment', 'variation', 'holdback']);
    expect(object.holdback).toBe(false);
    expect(object.experiment).toBe('Hero copy(2002)');
    const total = [object.campaign, object.experiment, object.variation].join('').length;
    expect(total).toBeLessThanOrEqual(255);
    expect(object.campaign).toMatch(/^x+\(1001\)$/);
  });
});
