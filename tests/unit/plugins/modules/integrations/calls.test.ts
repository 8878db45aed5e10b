/**
 * The push calls of the integrations plugin (integrationSettings, ga4User, dataFromSource, tags), the
 * preview cookie and project of the preview plugin, and the feature values of the features plugin.
 */
import { describe, expect, it } from 'vitest';
import { definePlugin, type PagesModule, type VisitorModule } from '../../../../../core';
import { bootKernel } from '../../../../../core/testing';
import { normalizeProjectData, validateProject } from '../../../../../core/project';
import features, { type FeaturesModule } from '../../../../../plugins/modules/features';
import integrations, { type IntegrationsModule } from '../../../../../plugins/modules/integrations';
import preview, { type PreviewModule } from '../../../../../plugins/modules/preview';
import decisions from '../../../../../plugins/modules/decisions';
import singleExperiment from '../../../../../plugins/deciders/single-experiment';
import { visitorStandIn as attributesVisitor } from '../audiences/helpers';
import { memoryStorage, visitorStandIn } from '../decisions/helpers';

const errors = (t: ReturnType<typeof bootKernel>) => t.errors();

describe('integrations calls', () => {
  it('KRN-31 KRN-32 ERR-6 ERR-7 integrationSettings needs an id and settings; valid settings are kept by id', async () => {
    const t = bootKernel({ plugins: [integrations()] });
    t.push(['integrationSettings', undefined, { a: 1 }]);
    t.push({ type: 'integrationSettings', id: 'ga' });
    t.push(['integrationSettings', 'ga', { trackingId: 'G-1' }]);
    t.push({ type: 'integrationSettings', id: 'ga', settings: { dimension: 3 } });
    await t.settle();
    expect(errors(t)).toEqual(['id is required', 'settings is required']);
    expect(t.events.filter((event) => event.type === 'error').map((event) => (event.data as { error: Error }).error.name)).toEqual(['ApiError', 'ApiError']);
    expect((t.get('integrations') as IntegrationsModule).settings('ga')).toEqual({ trackingId: 'G-1', dimension: 3 });
  });

  it('KRN-33 ga4User needs a ga4UserId, which then replaces global data\'s', async () => {
    const t = bootKernel({ plugins: [integrations()], data: { ga4UserId: 'from-data' } });
    const module = t.get('integrations') as IntegrationsModule;
    expect(module.ga4UserId()).toBe('from-data');
    t.push(['ga4User']);
    t.push(['ga4User', '']);
    t.push(['ga4User', 'G-42']);
    await t.settle();
    expect(errors(t)).toEqual(['ga4UserId is required', 'ga4UserId is required']);
    expect(module.ga4UserId()).toBe('G-42');
  });

  it('KRN-34 a ga4UserId set in global data must not be empty', () => {
    const problems = (ga4UserId: unknown) => validateProject(normalizeProjectData({ projectId: 'p', accountId: 'a', revision: 1, ga4UserId } as never)).map((p) => `${p.path}: ${p.message}`);
    expect(problems('')).toEqual(['ga4UserId: ga4UserId must be a non-empty string, got ""']);
    expect(problems('G-1')).toEqual([]);
    expect(problems(undefined)).toEqual([]);
  });

  it('KRN-27 CFG-18 dataFromSource keeps the data and sets the attributes of that source (dcp_datasource_id or dcpDatasourceId) on the visitor', async () => {
    const visitor = attributesVisitor();
    const data = {
      visitorAttributes: [
        { id: 'a1', name: 'tier', dcp_datasource_id: 'crm' },
        { id: 'a2', name: 'ltv', dcpDatasourceId: 'crm' },
        { id: 'a3', name: 'plan', dcpDatasourceId: 'billing' },
      ],
    };
    const t = bootKernel({ plugins: [visitor.plugin, integrations()], data: data as never });
    t.push(['dataFromSource', 'crm', { tier: 'gold', a2: 1200, plan: 'pro' }]);
    t.push(['dataFromSource', 'crm']);
    await t.settle();
    expect(errors(t)).toEqual(['dataFromSource needs a source id and an object of data']);
    const attributes = (t.get('visitor') as VisitorModule).attributes();
    expect(Object.fromEntries(Object.entries(attributes).map(([name, entry]) => [name, entry.value]))).toEqual({ tier: 'gold', ltv: 1200 });
    expect((t.get('integrations') as IntegrationsModule).sourceData('crm')).toEqual({ tier: 'gold', a2: 1200, plan: 'pro' });
  });

  it('KRN-27 tags are kept and given to the pages active now; tags that are no object are refused', async () => {
    const calls: Array<[string, unknown]> = [];
    const pages = definePlugin({
      type: 'apiModule',
      name: 'pages',
      create: (): Partial<PagesModule> => ({ activePageIds: () => ['p1'], page: (apiName, options) => void calls.push([apiName, options]) }),
    });
    const t = bootKernel({ plugins: [pages, integrations()], data: { pages: [{ id: 'p1', apiName: 'home' }, { id: 'p2', apiName: 'cart' }] } as never });
    t.push(['tags', { section: 'shoes' }]);
    t.push(['tags', 'shoes']);
    await t.settle();
    expect(errors(t)).toEqual(['tags must be an object']);
    expect(calls).toEqual([['home', { isActive: true, tags: { section: 'shoes' } }]]);
    expect((t.get('integrations') as IntegrationsModule).tags()).toEqual({ section: 'shoes' });
  });
});

describe('preview cookie and project', () => {
  const boot = (cookie: string | undefined) =>
    bootKernel({ plugins: [memoryStorage('cookie', cookie === undefined ? {} : { preview: cookie }).plugin, preview()], data: { projectId: 'shop' } });

  it('KRN-46 ERR-54 a preview cookie that does not parse is emitted as a user error and ignored', async () => {
    for (const text of ['{not json', '[1,2]', '{"layerIds":["l"]}']) {
      const t = boot(text);
      await t.settle();
      expect(errors(t)).toEqual(['Could not parse the preview cookie']);
      expect((t.events.find((event) => event.type === 'error')!.data as { error: Error }).error.name).toBe('ApiError');
      expect((t.get('preview') as PreviewModule).preview()).toBeNull();
    }
  });

  it('ERR-47 a preview cookie of another project is refused with "Preview projectId does not match expected"', async () => {
    const t = boot(JSON.stringify({ projectId: 'other' }));
    await t.settle();
    expect(errors(t)).toEqual(['Preview projectId does not match expected']);
    expect((t.get('preview') as PreviewModule).preview()).toBeNull();
  });

  it('a preview cookie of this project is accepted; none is no error', async () => {
    const t = boot(JSON.stringify({ projectId: 'shop', layerIds: ['l1'], variationIds: ['v2', 3] }));
    await t.settle();
    expect(errors(t)).toEqual([]);
    expect((t.get('preview') as PreviewModule).preview()).toEqual({ projectId: 'shop', layerIds: ['l1'], variationIds: ['v2'] });
    const none = boot(undefined);
    await none.settle();
    expect(errors(none)).toEqual([]);
  });
});

describe('feature values', () => {
  it('KRN-47 ERR-58 a decided variation\'s feature values are read; invalid ones are skipped with a warning', async () => {
    const data = {
      layers: [
        {
          id: 'L1',
          policy: 'single_experiment',
          experiments: [{ id: 'E1', variations: [{ id: 'V1', actions: [], features: { banner: 'on', limit: 3, beta: true, bad: { x: 1 }, nan: Number.NaN } }] }],
        },
      ],
    };
    const t = bootKernel({ plugins: [visitorStandIn().plugin, singleExperiment, decisions(), features()], data: data as never });
    await t.settle();
    const module = t.get('features') as FeaturesModule;
    expect(module.values()).toEqual({});
    (t.get('decisions') as { decideLayer(id: string): unknown }).decideLayer('L1');
    expect(module.values()).toEqual({ banner: 'on', limit: 3, beta: true });
    expect(module.value('banner')).toBe('on');
    expect(t.logs.filter((line) => line.level === 'warn').map((line) => line.text)).toEqual([
      'Invalid feature value "bad" of variation "V1" skipped',
      'Invalid feature value "nan" of variation "V1" skipped',
    ]);
  });
});
