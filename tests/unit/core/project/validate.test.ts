import { describe, expect, it } from 'vitest';
import {
  formatProblem,
  normalizeProjectData,
  validateProject,
  type Change,
  type Experiment,
  type Layer,
  type ProjectData,
  type ProjectRule,
  type ValidationProblem,
} from '../../../../core/project';

/** A valid project modelled on the homepage project: every kind of entity, nested expressions, functions. */
function validProject(): ProjectData {
  const original = { id: 'v-orig', name: 'Original', actions: [] };
  const heroChanges: Change[] = [
    { id: 'c-wait', type: 'custom_code', value: () => undefined },
    { id: 'c-hide', type: 'attribute', selector: '.hero-block', attributes: { hide: true }, dependencies: ['c-wait'] },
    { id: 'c-add', type: 'append', selector: '.hero', operator: 'after', value: '<div class="badge"></div>', dependencies: ['c-wait', 'c-hide'] },
    { id: 'c-move', type: 'rearrange', selector: '.cta', insertSelector: '.hero', operator: 'before' },
    { id: 'c-widget', type: 'widget', widget_id: 'hero', config: { title1: 'Build' } },
    { id: 'c-async', type: 'redirect', src: 'https://cdn.example.com/change.js', value: 'https://example.com/next' },
  ];
  return normalizeProjectData({
    projectId: 'p1',
    accountId: 'acc1',
    revision: 323,
    namespace: 'ns',
    anonymizeIP: true,
    holdback: 0,
    enableForceParameters: true,
    experimental: { trimPages: true },
    listTargetingKeys: [{ type: 'cookie', name: 'list_key' }, { type: 'js', name: 'window.listKey' }],
    visitorIdLocator: { type: 'localStorage', name: 'customer_id' },
    dcpServiceId: 'dcp1',
    dcpKeyfieldLocators: [{ dcpDatasourceId: 'ds1', type: 'cookie', name: 'uid' }],
    recommenderServices: [{ id: 'rec1' }],
    plugins: [(api) => api.registerModule('project/thing', {})],
    projectJS: (api) => void api.get('utils'),
    layers: [
      {
        id: 'l-perso',
        name: 'Homepage personalisation',
        policy: 'equal_priority',
        holdback: 0,
        concluded: false,
        viewIds: ['page-home'],
        activation: { type: 'immediate', timeout: 2000 },
        integrationStringVersion: 2,
        groupId: null,
        decisionMetadata: {
          offerConsistency: null,
          experimentPriorities: [[{ entityId: 'e-returning', endOfRange: null }, 'e-new'], ['e-rest']],
          experimentWeights: { 'e-returning': 5000, 'e-new': 5000 },
        },
        experiments: [
          {
            id: 'e-returning',
            name: 'Returning',
            audienceIds: ['and', 'au-returning'],
            variations: [{ id: 'v-ret', name: 'Variation #1', actions: [{ id: 'a1', layerId: 'l-perso', viewId: 'page-home', changes: [{ id: 'c1', type: 'custom_code', value: () => () => undefined }] }] }],
            experimentMetadata: { allocationPolicy: 'manual', layerId: 'l-perso' },
          },
          {
            id: 'e-new',
            name: 'New',
            audienceIds: ['or', ['and', 'au-new', ['not', 'au-returning']], 'au-desktop'],
            variations: [{ id: 'v-new', name: 'Variation #1', actions: [] }],
            experimentMetadata: { allocationPolicy: 'cmab', cmabAttributes: { customAttributes: ['x'], standardAttributes: ['device'] } },
          },
          { id: 'e-rest', name: 'Everyone else', variations: [{ id: 'v-rest', actions: [] }], allocationPolicy: 'contextual-multi-arm-bandit' },
        ],
      },
      {
        id: 'l-trust',
        name: 'Hero trust signals',
        policy: 'single_experiment',
        holdback: 0,
        pageIds: ['page-home'],
        changes: [{ id: 'lc1', type: 'attribute', selector: 'body', css: { opacity: '1' } }],
        experiments: [
          {
            id: 'e-trust',
            name: 'Hero trust signals',
            audienceIds: ['au-unregistered'],
            bucketingStrategy: 'impression',
            deployed: false,
            concluded: false,
            allocationPolicy: 'manual',
            variations: [
              original,
              { id: 'v-1', name: 'Variation #1', actions: [{ pageId: 'page-home', changes: heroChanges }] },
              { id: 'v-2', name: 'Variation #2', actions: [{ viewId: 'page-fr', changeSet: [{ id: 'x', type: 'attribute', selector: 'a', attributes: { href: '/docs/', text: 'Docs' } }] }] },
              { id: 'v-3', name: 'Variation #3', actions: [] },
            ],
            weightDistributions: [
              { entityId: 'v-orig', endOfRange: 2500 },
              { entityId: 'v-1', endOfRange: 5000 },
              { entityId: 'v-2', endOfRange: 7500 },
              { entityId: 'v-3', endOfRange: 10000 },
            ],
          },
        ],
      },
    ],
    audiences: [
      { id: 'au-returning', name: 'Returning', conditions: ['and', ['not', { type: 'first_session' }]] },
      { id: 'au-new', name: 'New', conditions: [{ type: 'first_session' }] },
      { id: 'au-desktop', name: 'Desktop Only', conditions: ['and', { type: 'device', value: 'desktop_laptop' }] },
      {
        id: 'au-unregistered',
        name: 'Unregistered Users (Enhanced)',
        conditions: ['and', ['or', { type: 'custom_attribute', name: 'registered', match: 'exists' }, { type: 'custom_attribute', name: 'registered', match: 'exact', value: false }], ['not', { type: 'custom_attribute', name: 'signup_source', match: 'exists' }]],
      },
    ],
    pages: [
      {
        id: 'page-home',
        apiName: 'home',
        name: 'Homepage',
        category: 'home',
        tags: [{ apiName: 'locale', locatorType: 'javascript', locator: 'document.documentElement.lang' }],
        staticConditions: ['and', ['or', { type: 'url', match: 'simple', value: 'https://www.example.com/' }, { type: 'url', match: 'regex', value: '^example\\.com/?(\\?.*)?$' }]],
        activationType: 'immediate',
        deactivationEnabled: true,
        undoOnDeactivation: true,
      },
      { id: 'page-fr', apiName: 'home_fr', staticConditions: [{ type: 'url', match: 'substring', value: 'example.com/fr-fr' }], activationType: 'callback', activationCode: (activate) => activate() },
      { id: 'page-manual', apiName: 'manual', activationType: 'manual' },
    ],
    events: [
      { id: 'ev-hero', apiName: 'hero_link_click', eventType: 'click', pageId: 'page-home', config: { selector: '.hero a' } },
      { id: 'ev-gartner', apiName: 'gartner_click', eventType: 'click', category: 'other', eventFilter: { filterType: 'target_selector', selector: 'a.gartner' } },
      { id: 'ev-scroll', apiName: 'scroll_25', eventType: 'custom' },
      { id: 'ev-engage', apiName: 'engagement', eventType: 'engagement', pageId: 'page-home' },
      { id: 'ev-view', apiName: 'home_view', eventType: 'pageview', pageId: 'page-home' },
    ],
    dimensions: [{ id: 'd1', apiName: 'plan', segmentId: 's1' }],
    visitorAttributes: [{ id: 'va1', name: 'plan', dcpDatasourceId: 'ds1', ruleJson: '{"version":"0.2"}' }],
  });
}

/** The first layer, experiment, variation... of the fixture, typed for mutation in tests. */
const perso = (data: ProjectData): Layer => data.layers[0];
const trust = (data: ProjectData): Experiment => data.layers[1].experiments[0];
const loose = (value: unknown): any => value;

/** Validates and returns the problems as `path: message` lines, for readable assertions. */
const lines = (data: unknown, rules?: ProjectRule[]): string[] =>
  validateProject(data as ProjectData, { rules }).map((p) => `${p.severity} ${p.path}: ${p.message}`);

describe('validateProject: a valid project', () => {
  it('CFG-1 a valid example project passes with zero problems', () => {
    expect(validateProject(validProject())).toEqual([]);
  });

  it('CFG-1 formatProblem renders entity, message and path on one line', () => {
    const problem: ValidationProblem = { entity: 'layer "1234" (Homepage)', path: 'layers[0].experiments', message: 'No experiments in layer.', severity: 'error' };
    expect(formatProblem(problem)).toBe('layer "1234" (Homepage): No experiments in layer. (at layers[0].experiments)');
    expect(formatProblem({ ...problem, path: '' })).toBe('layer "1234" (Homepage): No experiments in layer. (at (root))');
  });
});

describe('validateProject: experiments, layers and weights', () => {
  it('CFG-19 an experiment without variations is reported (ERR-24)', () => {
    const data = validProject();
    perso(data).experiments[0].variations = [];
    loose(perso(data).experiments[1]).variations = undefined;
    const problems = validateProject(data);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({
      entity: 'experiment "e-returning" (Returning) in layer "l-perso"',
      path: 'layers[0].experiments[0].variations',
      severity: 'error',
    });
    for (const p of problems) expect(p.message).toMatch(/^No variations in selected experiment\. /);
  });

  it('CFG-20 more than one variation requires weightDistributions', () => {
    const data = validProject();
    trust(data).weightDistributions = undefined;
    expect(lines(data)).toEqual(['error layers[1].experiments[0].weightDistributions: weightDistributions are required: the experiment has 4 variations']);
    trust(data).weightDistributions = [];
    expect(lines(data)).toHaveLength(1);
  });

  it('CFG-20 a single variation needs no weightDistributions', () => {
    const data = validProject();
    expect(perso(data).experiments[2].weightDistributions).toBeUndefined();
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-13 weightDistributions entries need a variation entityId and an endOfRange from 0 to 10000', () => {
    const data = validProject();
    loose(trust(data)).weightDistributions = [
      { entityId: 'v-other', endOfRange: 2500 },
      { entityId: 'v-1', endOfRange: 10001 },
      { entityId: 'v-2', endOfRange: '7500' },
      { endOfRange: 10000 },
      'junk',
    ];
    expect(lines(data)).toEqual([
      'warning layers[1].experiments[0].weightDistributions[0].entityId: entityId "v-other" names no variation of this experiment: its range is unallocated traffic',
      'error layers[1].experiments[0].weightDistributions[1].endOfRange: endOfRange must be a number from 0 to 10000, got 10001',
      'error layers[1].experiments[0].weightDistributions[2].endOfRange: endOfRange must be a number from 0 to 10000, got "7500"',
      'error layers[1].experiments[0].weightDistributions[3].entityId: entityId must be a variation id, or "" for unallocated traffic, got undefined',
      'error layers[1].experiments[0].weightDistributions[4]: Each entry must be an object, got "junk"',
    ]);
  });

  it('DEC-26 an empty entityId (Optimizely\'s unallocated traffic) is accepted without a problem (ruling 21)', () => {
    const data = validProject();
    trust(data).weightDistributions = [
      { entityId: 'v-orig', endOfRange: 2500 },
      { entityId: '', endOfRange: 5000 },
      { entityId: 'v-1', endOfRange: 7500 },
      { entityId: '', endOfRange: 10000 },
    ];
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-20 ranges must not decrease; equal ends give a paused variation an empty range (ruling 2)', () => {
    const data = validProject();
    trust(data).weightDistributions = [
      { entityId: 'v-orig', endOfRange: 5000 },
      { entityId: 'v-1', endOfRange: 5000 },
      { entityId: 'v-2', endOfRange: 4000 },
      { entityId: 'v-3', endOfRange: 10000 },
    ];
    expect(lines(data)).toEqual(['error layers[1].experiments[0].weightDistributions[2].endOfRange: endOfRange 4000 is below the previous end 5000: ranges must not decrease']);
    trust(data).weightDistributions = [{ entityId: 'v-orig', endOfRange: 0 }, { entityId: 'v-1', endOfRange: 6000 }];
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-21 a layer without experiments is reported (ERR-25)', () => {
    const data = validProject();
    data.layers[1].experiments = [];
    loose(data.layers[0]).experiments = undefined;
    const problems = validateProject(data);
    expect(problems.map((p) => [p.entity, p.path])).toEqual([
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].experiments'],
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].decisionMetadata.experimentPriorities[0][0]'],
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].decisionMetadata.experimentPriorities[0][1]'],
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].decisionMetadata.experimentPriorities[1][0]'],
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].decisionMetadata.experimentWeights.e-returning'],
      ['layer "l-perso" (Homepage personalisation)', 'layers[0].decisionMetadata.experimentWeights.e-new'],
      ['layer "l-trust" (Hero trust signals)', 'layers[1].experiments'],
    ]);
    expect(problems[0].message).toMatch(/^No experiments in layer\. /);
    expect(problems[6].message).toMatch(/^No experiments in layer\. /);
  });

  it('CFG-22 the weights of one priority group must sum to at most 10000', () => {
    const data = validProject();
    perso(data).decisionMetadata!.experimentWeights = { 'e-returning': 6000, 'e-new': 5000, 'e-rest': 10000 };
    expect(lines(data)).toEqual([
      'error layers[0].decisionMetadata.experimentPriorities[0]: Weights of priority group 0 sum to 11000; they must sum to at most 10000',
    ]);
    perso(data).decisionMetadata!.experimentWeights = { 'e-returning': 3000, 'e-new': 7000, 'e-rest': 10000 };
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-23 within a priority group all or none of the experiments have weights', () => {
    const data = validProject();
    perso(data).decisionMetadata!.experimentWeights = { 'e-returning': 5000 };
    expect(lines(data)).toEqual([
      'error layers[0].decisionMetadata.experimentPriorities[0]: Within a priority group all or none of the experiments must have weights: 1 of 2 have one (no valid weight: "e-new")',
    ]);
    perso(data).decisionMetadata!.experimentWeights = {};
    expect(validateProject(data)).toEqual([]);
    perso(data).decisionMetadata!.experimentWeights = undefined;
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-24 invalid weights are ignored with a warning (ERR-57)', () => {
    const data = validProject();
    loose(perso(data).decisionMetadata).experimentWeights = { 'e-returning': -1, 'e-new': '5000', 'e-rest': 2.5 };
    const problems = validateProject(data);
    expect(problems.map((p) => p.severity)).toEqual(['warning', 'warning', 'warning']);
    expect(problems.map((p) => p.path)).toEqual([
      'layers[0].decisionMetadata.experimentWeights.e-returning',
      'layers[0].decisionMetadata.experimentWeights.e-new',
      'layers[0].decisionMetadata.experimentWeights.e-rest',
    ]);
    expect(problems[0].message).toBe('Invalid weight -1 for experiment "e-returning" is ignored: a weight is a whole number of basis points, 0 or more');
  });

  it('CFG-24 an ignored weight leaves its group partly weighted, which CFG-23 reports', () => {
    const data = validProject();
    loose(perso(data).decisionMetadata).experimentWeights = { 'e-returning': 5000, 'e-new': null, 'e-rest': 'x' };
    expect(lines(data)).toEqual([
      'error layers[0].decisionMetadata.experimentPriorities[0]: Within a priority group all or none of the experiments must have weights: 1 of 2 have one (no valid weight: "e-new")',
      'warning layers[0].decisionMetadata.experimentWeights.e-rest: Invalid weight "x" for experiment "e-rest" is ignored: a weight is a whole number of basis points, 0 or more',
    ]);
  });

  it('CFG-7 priority groups name experiments of their layer; weights outside every group are ignored', () => {
    const data = validProject();
    loose(perso(data).decisionMetadata).experimentPriorities = [['e-returning', 'e-trust', 7], 'e-new'];
    perso(data).decisionMetadata!.experimentWeights = { 'e-returning': 100, ghost: 5 };
    expect(lines(data)).toEqual([
      'error layers[0].decisionMetadata.experimentPriorities[0][1]: A priority group entry must name an experiment of this layer, got "e-trust"',
      'error layers[0].decisionMetadata.experimentPriorities[0][2]: A priority group entry must name an experiment of this layer, got 7',
      'error layers[0].decisionMetadata.experimentPriorities[1]: A priority group must be a list of experiment ids, got "e-new"',
      'warning layers[0].decisionMetadata.experimentWeights.ghost: experimentWeights names "ghost", which is in no priority group of this layer; the weight is ignored',
    ]);
  });

  it('DEC-24 an equal_priority layer without experimentPriorities is reported (ERR-32)', () => {
    const data = validProject();
    perso(data).decisionMetadata = undefined;
    expect(lines(data)).toEqual([
      'error layers[0].decisionMetadata.experimentPriorities: No decisionMetadata.experimentPriorities on layer. An equal_priority layer needs a list of priority groups of experiment ids',
    ]);
    loose(perso(data)).decisionMetadata = 'x';
    expect(lines(data)).toHaveLength(2);
  });

  it('CFG-6 integrationStringVersion is 1 or 2', () => {
    const data = validProject();
    loose(perso(data)).integrationStringVersion = 3;
    data.layers[1].integrationStringVersion = 1;
    expect(lines(data)).toEqual(['error layers[0].integrationStringVersion: integrationStringVersion must be one of 1, 2, got 3']);
  });

  it('CFG-8 a layer policy is a non-empty string; unnamed policies are accepted', () => {
    const data = validProject();
    loose(data.layers[1]).policy = '';
    expect(lines(data)).toEqual(['error layers[1].policy: policy must be a non-empty string such as single_experiment, multivariate or equal_priority, got ""']);
    data.layers[1].policy = 'my_own_policy';
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-9 allocation policies are checked on layers, experiments and experimentMetadata; cmab is accepted (ruling 5)', () => {
    const data = validProject();
    loose(perso(data)).allocationPolicy = 'bandit';
    loose(trust(data)).allocationPolicy = 'random';
    loose(perso(data).experiments[0].experimentMetadata).allocationPolicy = 'greedy';
    expect(lines(data)).toEqual([
      'error layers[0].allocationPolicy: allocationPolicy must be one of contextual-multi-arm-bandit, cmab, min-regret, min-time, manual, got "bandit"',
      'error layers[0].experiments[0].experimentMetadata.allocationPolicy: allocationPolicy must be one of contextual-multi-arm-bandit, cmab, min-regret, min-time, manual, got "greedy"',
      'error layers[1].experiments[0].allocationPolicy: allocationPolicy must be one of contextual-multi-arm-bandit, cmab, min-regret, min-time, manual, got "random"',
    ]);
  });

  it('CFG-10 the campaign activation type is conditional, immediate, manual, ready or timeout', () => {
    const data = validProject();
    loose(perso(data).activation).type = 'later';
    loose(perso(data).activation).timeout = -5;
    loose(data.layers[1]).activation = 'now';
    expect(lines(data)).toEqual([
      'error layers[0].activation.type: type must be one of conditional, immediate, manual, ready, timeout, got "later"',
      'error layers[0].activation.timeout: timeout must be a number of milliseconds, 0 or more, got -5',
      'error layers[1].activation: activation must be an object, got "now"',
    ]);
    for (const type of ['conditional', 'immediate', 'manual', 'ready', 'timeout'] as const) {
      data.layers[1].activation = { type };
      perso(data).activation = { type };
      expect(validateProject(data)).toEqual([]);
    }
  });

  it('CFG-14 bucketingStrategy is impression or default', () => {
    const data = validProject();
    loose(trust(data)).bucketingStrategy = 'sticky';
    expect(lines(data)).toEqual(['error layers[1].experiments[0].bucketingStrategy: bucketingStrategy must be one of impression, default, got "sticky"']);
    trust(data).bucketingStrategy = 'default';
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-5 layer and global holdbacks are basis points from 0 to 10000', () => {
    const data = validProject();
    data.holdback = 10001;
    perso(data).holdback = -1;
    loose(data.layers[1]).holdback = '5';
    expect(lines(data)).toEqual([
      'error holdback: holdback must be a number from 0 to 10000 (basis points), got 10001',
      'error layers[0].holdback: holdback must be a number from 0 to 10000 (basis points), got -1',
      'error layers[1].holdback: holdback must be a number from 0 to 10000 (basis points), got "5"',
    ]);
    data.holdback = 10000;
    perso(data).holdback = 0;
    data.layers[1].holdback = 500;
    expect(validateProject(data)).toEqual([]);
  });
});

describe('validateProject: global data', () => {
  it('CFG-1 projectId and accountId are required and revision is a number or numeric string', () => {
    const data = loose(validProject());
    delete data.projectId;
    data.accountId = '';
    data.revision = 'r323';
    expect(validateProject(data)).toEqual([
      { entity: 'project', path: 'projectId', message: 'projectId is required (a non-empty string)', severity: 'error' },
      { entity: 'project', path: 'accountId', message: 'accountId must be a non-empty string, got ""', severity: 'error' },
      { entity: 'project', path: 'revision', message: 'revision must be a number or a numeric string, got "r323"', severity: 'error' },
    ]);
    data.projectId = 'p1';
    data.accountId = 'a1';
    data.revision = '323';
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-1 optional global fields have their types', () => {
    const data = loose(validProject());
    Object.assign(data, { namespace: 5, clientName: '', anonymizeIP: 'yes', ga4UserId: 12, experimental: 'x', recommenderServices: {} });
    expect(lines(data)).toEqual([
      'error namespace: namespace must be a non-empty string, got 5',
      'error clientName: clientName must be a non-empty string, got ""',
      'error ga4UserId: ga4UserId must be a non-empty string, got 12',
      'error anonymizeIP: anonymizeIP must be true or false, got "yes"',
      'error recommenderServices: recommenderServices must be a list, got {}',
      'error experimental: experimental must be an object, got "x"',
    ]);
  });

  it('CFG-2 a listTargetingKeys entry has type cookie, query or js and a name', () => {
    const data = loose(validProject());
    data.listTargetingKeys = [{ type: 'header', name: 'x' }, { type: 'query' }, { name: 'n' }, 'cookie', { type: 'query', name: 'list' }];
    expect(lines(data)).toEqual([
      'error listTargetingKeys[0].type: type must be one of cookie, query, js, got "header"',
      'error listTargetingKeys[1].name: name is required (a non-empty string)',
      'error listTargetingKeys[2].type: type is required, one of cookie, query, js',
      'error listTargetingKeys[3]: Each entry must be an object, got "cookie"',
    ]);
  });

  it('CFG-3 visitorIdLocator has type cookie, js, localStorage or query plus a name', () => {
    const data = loose(validProject());
    data.visitorIdLocator = { type: 'sessionStorage', name: '' };
    expect(lines(data)).toEqual([
      'error visitorIdLocator.type: type must be one of cookie, js, localStorage, query, got "sessionStorage"',
      'error visitorIdLocator.name: name must be a non-empty string, got ""',
    ]);
    data.visitorIdLocator = 'cookie:id';
    expect(lines(data)).toEqual(['error visitorIdLocator: visitorIdLocator must be an object with a type and a name, got "cookie:id"']);
    for (const type of ['cookie', 'js', 'localStorage', 'query']) {
      data.visitorIdLocator = { type, name: 'id' };
      expect(validateProject(data)).toEqual([]);
    }
    data.visitorIdLocator = null;
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-4 projectJS and plugins are real functions, never code text', () => {
    const data = loose(validProject());
    data.projectJS = 'console.log(1)';
    data.plugins = [() => undefined, 'alert(1)'];
    expect(lines(data)).toEqual([
      'error plugins[1]: A project plugin must be a function (code is never evaluated from text, for a strict CSP), got "alert(1)"',
      'error projectJS: projectJS must be a function (code is never evaluated from text, for a strict CSP), got "console.log(1)"',
    ]);
  });

  it('CFG-1 missing collections are reported clearly', () => {
    const data = loose(validProject());
    delete data.layers;
    data.events = null;
    data.plugins = 'none';
    expect(lines(data)).toEqual([
      'error layers: layers is missing (normalizeProjectData fills it with [])',
      'error events: events is missing (normalizeProjectData fills it with [])',
      'error plugins: plugins must be a list, got "none"',
    ]);
  });
});

describe('validateProject: ids and references', () => {
  it('CFG-1 duplicate layer, experiment, variation, audience, page and event ids are reported', () => {
    const data = validProject();
    data.layers[1].id = 'l-perso';
    trust(data).id = 'e-new';
    trust(data).variations[1].id = 'v-ret';
    data.audiences[1].id = 'au-returning';
    data.pages[1].id = 'page-home';
    data.events[1].id = 'ev-hero';
    const problems = validateProject(data).filter((p) => p.message.startsWith('Duplicate'));
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'layers[1].id: Duplicate layer id "l-perso" (first used at layers[0].id)',
      'layers[1].experiments[0].id: Duplicate experiment id "e-new" (first used at layers[0].experiments[1].id)',
      'layers[1].experiments[0].variations[1].id: Duplicate variation id "v-ret" (first used at layers[0].experiments[0].variations[0].id)',
      'audiences[1].id: Duplicate audience id "au-returning" (first used at audiences[0].id)',
      'pages[1].id: Duplicate page id "page-home" (first used at pages[0].id)',
      'events[1].id: Duplicate event id "ev-hero" (first used at events[0].id)',
    ]);
  });

  it('CFG-1 an id that names a member every object inherits (constructor, __proto__, toString) is refused', () => {
    const data = validProject();
    perso(data).id = 'toString';
    loose(data.pages[2]).id = '__proto__';
    loose(data.dimensions)[0].id = 'constructor';
    expect(lines(data).filter((line) => line.includes('reserved'))).toEqual([
      'error layers[0].id: id "toString" is reserved: every JavaScript object has a member of that name',
      'error pages[2].id: id "__proto__" is reserved: every JavaScript object has a member of that name',
      'error dimensions[0].id: id "constructor" is reserved: every JavaScript object has a member of that name',
    ]);
  });

  it('PAG-22 page apiNames are unique, so the page call finds one page by name; event apiNames too', () => {
    const data = validProject();
    data.pages[2].apiName = 'home';
    data.events[2].apiName = 'gartner_click';
    expect(lines(data)).toEqual([
      'error pages[2].apiName: Duplicate page apiName "home" (first used at pages[0].apiName)',
      'error events[2].apiName: Duplicate event apiName "gartner_click" (first used at events[1].apiName)',
    ]);
  });

  it('CFG-1 ids are required non-empty strings', () => {
    const data = loose(validProject());
    data.layers[1].id = 7;
    delete data.layers[1].experiments[0].variations[0].id;
    data.dimensions[0].id = '';
    const problems = validateProject(data);
    expect(problems.map((p) => `${p.entity} @ ${p.path}: ${p.message}`)).toEqual([
      'layer "7" (Hero trust signals) @ layers[1].id: id is required (a non-empty string), got 7',
      'variation #0 (Original) in experiment "e-trust" @ layers[1].experiments[0].variations[0].id: id is required (a non-empty string), got undefined',
      // The weight range that named the variation no longer finds it.
      'experiment "e-trust" (Hero trust signals) in layer "7" @ layers[1].experiments[0].weightDistributions[0].entityId: entityId "v-orig" names no variation of this experiment: its range is unallocated traffic',
      'dimension "" @ dimensions[0].id: id is required (a non-empty string), got ""',
    ]);
  });

  it('CFG-12 audienceIds name existing audiences, nested and/or/not lists walked', () => {
    const data = validProject();
    perso(data).experiments[1].audienceIds = ['or', ['and', 'au-new', ['not', 'au-gone']], 'au-desktop', 'or', ['and', 5 as unknown as string]];
    expect(lines(data)).toEqual([
      'error layers[0].experiments[1].audienceIds[1][2][1]: audienceIds names no audience of the project: "au-gone"',
      // Ruling 6: only the first item is an operator, a later "or" is an audience id.
      'error layers[0].experiments[1].audienceIds[3]: audienceIds names no audience of the project: "or"',
      'error layers[0].experiments[1].audienceIds[4][1]: audienceIds names no audience of the project: 5',
    ]);
    loose(trust(data)).audienceIds = 'au-new';
    expect(lines(data).at(-1)).toBe('error layers[1].experiments[0].audienceIds: Expected a list optionally opened by "and", "or" or "not", got "au-new"');
  });

  it('CFG-12 an empty audienceIds list qualifies everyone and is valid (ruling 6)', () => {
    const data = validProject();
    trust(data).audienceIds = [];
    expect(validateProject(data)).toEqual([]);
  });

  it('CFG-5 layer pageIds and viewIds name existing pages', () => {
    const data = validProject();
    perso(data).viewIds = ['page-home', 'page-nope'];
    loose(data.layers[1]).pageIds = 'page-home';
    expect(lines(data)).toEqual([
      'error layers[0].viewIds[1]: viewIds names no page of the project: "page-nope"',
      'error layers[1].pageIds: pageIds must be a list, got "page-home"',
    ]);
  });

  it('CFG-16 an action names an existing page and its own layer', () => {
    const data = validProject();
    const action = perso(data).experiments[0].variations[0].actions[0];
    action.layerId = 'l-trust';
    action.viewId = 'page-gone';
    trust(data).variations[1].actions[0].pageId = undefined;
    const problems = validateProject(data);
    expect(problems.map((p) => `${p.entity} @ ${p.path}: ${p.message}`)).toEqual([
      'action "a1" in variation "v-ret" @ layers[0].experiments[0].variations[0].actions[0].layerId: layerId "l-trust" does not match the action\'s layer "l-perso"',
      'action "a1" in variation "v-ret" @ layers[0].experiments[0].variations[0].actions[0].viewId: viewId names no page of the project: "page-gone"',
      'action #0 in variation "v-1" @ layers[1].experiments[0].variations[1].actions[0]: An action needs a pageId or viewId naming the page its changes apply to',
    ]);
  });

  it('HPC-19 experimentMetadata.layerId names the experiment\'s own layer', () => {
    const data = validProject();
    perso(data).experiments[0].experimentMetadata!.layerId = 'l-trust';
    expect(lines(data)).toEqual(['error layers[0].experiments[0].experimentMetadata.layerId: layerId "l-trust" does not match the experiment\'s layer "l-perso"']);
  });

  it('PAG-16 an event names an existing page; a click event needs a selector', () => {
    const data = loose(validProject());
    data.events[0].pageId = 'page-x';
    data.events[1].eventFilter = { selector: '' };
    data.events[2].eventType = 'hover';
    data.events[3].config = 'x';
    expect(lines(data)).toEqual([
      'error events[0].pageId: pageId names no page of the project: "page-x"',
      'error events[1]: A click event needs a selector in config.selector or eventFilter.selector',
      'error events[2].eventType: eventType must be one of click, custom, engagement, pageview, got "hover"',
      'error events[3].config: config must be an object, got "x"',
    ]);
  });
});

describe('validateProject: changes', () => {
  const changesOf = (data: ProjectData): Change[] => trust(data).variations[1].actions[0].changes!;
  const at = 'layers[1].experiments[0].variations[1].actions[0].changes';

  it('CHG-9 a custom_code change value must be a function (ERR-27)', () => {
    const data = validProject();
    loose(changesOf(data)[0]).value = 'document.title = "x"';
    const [problem, ...rest] = validateProject(data);
    expect(rest).toEqual([]);
    expect(problem).toEqual({
      entity: 'change "c-wait" in action #0 in variation "v-1"',
      path: `${at}[0].value`,
      message: 'Custom code must be a function, got "document.title = \\"x\\""',
      severity: 'error',
    });
  });

  it('CHG-5 an unrecognised attribute of an attribute change is reported (ERR-22); on* attributes and javascript: URLs are refused', () => {
    const data = validProject();
    loose(changesOf(data)[1]).attributes = { hide: true, 'colour name': 'red', onclick: 'steal()', href: ' java\tscript:alert(1)', 'data-n': 2 };
    expect(lines(data)).toEqual([
      `error ${at}[1].attributes.colour name: Unrecognized attribute "colour name" (expected one of class, html, href, src, style, text, hide, remove, addClass, removeClass or an attribute name)`,
      `error ${at}[1].attributes.onclick: Event handler attributes are refused: onclick "steal()"`,
      `error ${at}[1].attributes.href: javascript: URLs are refused: href " java\\tscript:alert(1)"`,
      `error ${at}[1].attributes.data-n: An attribute takes text, true or false (null or false removes it), got 2`,
    ]);
  });

  it('CHG-4 any attribute by name, single classes and removals are accepted', () => {
    const data = validProject();
    loose(changesOf(data)[1]).attributes = { title: 'Hi', 'aria-label': 'Close', 'data-x': '1', hidden: true, alt: false, addClass: 'a b', removeClass: 'c', lang: null };
    expect(lines(data)).toEqual([]);
  });

  it('CHG-3 an unknown change type is a warning: an applier plugin may handle it (ERR-21)', () => {
    const data = validProject();
    loose(changesOf(data)[3]).type = 'shuffle';
    expect(lines(data)).toEqual([`warning ${at}[3].type: Unrecognized change type "shuffle"`]);
    loose(changesOf(data)[3]).type = undefined;
    expect(lines(data)).toEqual([`error ${at}[3].type: type is required, one of custom_code, attribute, append, rearrange, redirect, widget`]);
  });

  it('CHG-6 insertion operators are after, append, before and prepend', () => {
    const data = validProject();
    loose(changesOf(data)[2]).operator = 'inside';
    expect(lines(data)).toEqual([`error ${at}[2].operator: operator must be one of after, append, before, prepend, got "inside"`]);
  });

  it('CHG-7 an append change needs content (ERR-26) and, like attribute and rearrange, a selector', () => {
    const data = validProject();
    loose(changesOf(data)[2]).value = '  ';
    loose(changesOf(data)[3]).selector = undefined;
    expect(lines(data)).toEqual([
      `error ${at}[2].value: No DOM elements to be created for this change: value must be non-empty HTML, got "  "`,
      `error ${at}[3].selector: selector is required (a non-empty string)`,
    ]);
  });

  it('CHG-16 a dependency on an absent change id is a warning (ERR-18)', () => {
    const data = validProject();
    changesOf(data)[2].dependencies = ['c-wait', 'c-gone'];
    expect(lines(data)).toEqual([`warning ${at}[2].dependencies[1]: Change with id "c-gone" is absent`]);
  });

  it('CHG-15 circular dependencies are reported (ERR-19)', () => {
    const data = validProject();
    changesOf(data)[0].dependencies = ['c-add'];
    // c-add needs c-wait directly and through c-hide: two cycles, each reported.
    expect(lines(data)).toEqual([
      `error ${at}: Circular dependencies in changes: c-wait -> c-add -> c-wait`,
      `error ${at}: Circular dependencies in changes: c-wait -> c-add -> c-hide -> c-wait`,
    ]);
    changesOf(data)[0].dependencies = ['c-wait'];
    expect(lines(data)).toEqual([`error ${at}: Circular dependencies in changes: c-wait -> c-wait`]);
  });

  it('CHG-17 an async change src must not contain a double quote', () => {
    const data = validProject();
    changesOf(data)[5].src = 'https://cdn.example.com/a.js"><script>';
    expect(lines(data)).toEqual([`error ${at}[5].src: A script URL containing a double quote is refused; src must be a URL string, got "https://cdn.example.com/a.js\\"><script>"`]);
  });

  it('a widget change names its widget; change ids are unique within their list', () => {
    const data = validProject();
    loose(changesOf(data)[4]).widget_id = undefined;
    changesOf(data)[5].id = 'c-add';
    expect(lines(data)).toEqual([
      `error ${at}[4].widget_id: widget_id is required (a non-empty string)`,
      `error ${at}[5].id: Duplicate change id "c-add" (first used at ${at}[2].id)`,
    ]);
  });

  it('CHG-1 layer and experiment changes and changeSet lists are checked too', () => {
    const data = validProject();
    loose(data.layers[1].changes![0]).attributes = 'hide';
    loose(trust(data)).changes = [{ id: 'ec', type: 'custom_code' }];
    loose(trust(data).variations[2].actions[0].changeSet![0]).attributes = { 'no pe': 'x' };
    expect(lines(data)).toEqual([
      'error layers[1].changes[0].attributes: attributes must be an object, got "hide"',
      'error layers[1].experiments[0].changes[0].value: Custom code must be a function, got undefined',
      'error layers[1].experiments[0].variations[2].actions[0].changeSet[0].attributes.no pe: Unrecognized attribute "no pe" (expected one of class, html, href, src, style, text, hide, remove, addClass, removeClass or an attribute name)',
    ]);
  });
});

describe('validateProject: audiences, pages and attributes', () => {
  it('AUD-2 audience conditions are and/or/not lists of conditions with a type', () => {
    const data = loose(validProject());
    data.audiences[0].conditions = ['and', { name: 'x' }, 'first_session', ['not', { type: 'device', match: 3 }]];
    data.audiences[1].conditions = { type: 'first_session' };
    expect(lines(data)).toEqual([
      'error audiences[0].conditions[1].type: type is required (a non-empty string)',
      'error audiences[0].conditions[2]: A condition must be an object with a type, got "first_session"',
      'error audiences[0].conditions[3][1].match: match must be a non-empty string, got 3',
      'error audiences[1].conditions: Expected a list optionally opened by "and", "or" or "not", got {"type":"first_session"}',
    ]);
  });

  it('PAG-7 an unknown page activationType is a warning (a view plugin may provide it)', () => {
    const data = loose(validProject());
    data.pages[2].activationType = 'on_scroll';
    expect(lines(data)).toEqual(['warning pages[2].activationType: Unknown view activationType "on_scroll"']);
  });

  it('PAG-3 callback and polling pages need activation code, a function', () => {
    const data = loose(validProject());
    delete data.pages[1].activationCode;
    data.pages[2].activationType = 'polling';
    data.pages[0].activationCode = 'return true';
    expect(lines(data)).toEqual([
      'error pages[0].activationCode: activationCode must be a function, got "return true"',
      'error pages[1].activationCode: activationType callback needs activationCode, a function',
      'error pages[2].activationCode: activationType polling needs activationCode, a function',
    ]);
  });

  it('URL-1 page URL conditions use exact, substring, simple or regex with a string value', () => {
    const data = loose(validProject());
    data.pages[0].staticConditions = ['and', { type: 'url', match: 'prefix', value: 'x' }, { type: 'url', match: 'regex', value: '([' }, { type: 'url', match: 'exact' }];
    data.pages[0].deactivationEnabled = 'yes';
    data.pages[0].tags = [{ locator: 'x' }];
    const problems = lines(data);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toBe('error pages[0].deactivationEnabled: deactivationEnabled must be true or false, got "yes"');
    expect(problems[1]).toBe('error pages[0].tags[0].apiName: apiName is required (a non-empty string)');
    expect(problems[2]).toBe('error pages[0].staticConditions[1].match: match must be one of exact, substring, simple, regex, got "prefix"');
    expect(problems[3]).toMatch(/^error pages\[0\]\.staticConditions\[2\]\.value: Invalid regular expression: /);
    expect(problems[4]).toBe('error pages[0].staticConditions[3].value: A URL condition needs a string value, got undefined');
  });

  it('CFG-17 a dimension has an apiName; CFG-18 a visitor attribute has a name', () => {
    const data = loose(validProject());
    data.dimensions.push({ id: 'd2' });
    data.visitorAttributes.push({ id: 'va2' });
    expect(lines(data)).toEqual([
      'error dimensions[1].apiName: apiName is required (a non-empty string)',
      'error visitorAttributes[1].name: name is required (a non-empty string)',
    ]);
  });

  it('CFG-27 visitor attributes sharing a name get a warning: a lookup by that name fails (ERR-59)', () => {
    const data = validProject();
    data.visitorAttributes.push({ id: 'va2', name: 'plan' });
    expect(validateProject(data)).toEqual([
      {
        entity: 'visitor attribute "va2" (plan)',
        path: 'visitorAttributes[1].name',
        message: 'Duplicate visitor attribute name (a lookup by this name will fail) "plan" (first used at visitorAttributes[0].name)',
        severity: 'warning',
      },
    ]);
  });
});

describe('validateProject: every problem, any input', () => {
  it('CFG-19 multiple problems are all returned, in data order', () => {
    const data = loose(validProject());
    data.accountId = undefined;
    data.layers[0].experiments[0].variations = [];
    data.layers[1].experiments[0].weightDistributions = null;
    data.layers[1].policy = undefined;
    data.audiences[0].conditions = 'x';
    data.events[0].eventType = 'tap';
    expect(lines(data)).toEqual([
      'error accountId: accountId is required (a non-empty string)',
      'error layers[0].experiments[0].variations: No variations in selected experiment. An experiment needs a list of at least one variation, got []',
      'error layers[1].policy: policy must be a non-empty string such as single_experiment, multivariate or equal_priority, got undefined',
      'error layers[1].experiments[0].weightDistributions: weightDistributions are required: the experiment has 4 variations',
      'error audiences[0].conditions: Expected a list optionally opened by "and", "or" or "not", got "x"',
      'error events[0].eventType: eventType must be one of click, custom, engagement, pageview, got "tap"',
    ]);
  });

  it('CFG-1 non-object input is reported, never thrown', () => {
    for (const input of [null, undefined, 0, 42, 'project', true, [], [1, 2], () => undefined, Symbol('x'), 10n]) {
      const problems = validateProject(input as unknown as ProjectData);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ entity: 'project', path: '', severity: 'error' });
      expect(problems[0].message).toMatch(/^Project data must be an object, got /);
    }
  });

  it('CFG-1 garbage entries at every level are reported, never thrown', () => {
    const data = {
      projectId: 'p',
      accountId: 'a',
      revision: 1,
      layers: [null, 1, 'a', [], { experiments: [null, { variations: [null, { actions: [null, { changes: [null, {}] }] }] }] }],
      audiences: [null, { id: 'au', conditions: [null, [[[]]], 'and'] }],
      pages: [7, { id: 'pg', staticConditions: [[null]] }],
      events: [[]],
      dimensions: [false],
      visitorAttributes: ['x'],
    };
    const problems = validateProject(data as unknown as ProjectData);
    expect(problems.length).toBeGreaterThan(15);
    for (const p of problems) {
      expect(Object.keys(p).sort()).toEqual(['entity', 'message', 'path', 'severity']);
      expect(formatProblem(p)).toEqual(expect.any(String));
    }
    expect(problems.map((p) => p.path)).toContain('layers[4].experiments[1].variations[1].actions[1].changes[1].id');
    expect(problems.some((p) => p.path.includes('Symbol'))).toBe(false);
  });

  it('CFG-12 a self-referencing expression is reported instead of overflowing the stack', () => {
    const data = validProject();
    const loop: unknown[] = ['and', 'au-new'];
    loop.push(loop);
    perso(data).experiments[1].audienceIds = loop as string[];
    const problems = validateProject(data);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('Expression is nested more than 32 levels deep');
  });

  it('CFG-1 throwing getters and exotic values are reported, never thrown', () => {
    const data = loose(validProject());
    Object.defineProperty(data.layers[0], 'policy', { get: () => { throw new Error('boom'); } });
    data.layers[1].name = 10n;
    const problems = validateProject(data);
    expect(problems.at(-1)).toMatchObject({ entity: 'project "p1"', path: '', message: 'Validation stopped on malformed data: boom', severity: 'error' });
    const proxy = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
    expect(() => validateProject(proxy as ProjectData)).not.toThrow();
  });

  it('CFG-1 randomly generated garbage never makes the validator throw', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const keys = ['id', 'name', 'policy', 'experiments', 'variations', 'actions', 'changes', 'type', 'value', 'layers', 'audiences', 'pages', 'events', 'conditions', 'audienceIds', 'weightDistributions', 'decisionMetadata', 'experimentPriorities', 'experimentWeights', 'dependencies', 'attributes', 'entityId', 'endOfRange', 'pageId', 'viewId', 'staticConditions'];
    const atoms = [null, undefined, 0, -1, 1e9, NaN, '', 'and', 'not', 'x', 'custom_code', 'url', true, () => 1];
    const garbage = (depth: number): unknown => {
      const r = random();
      if (depth > 4 || r < 0.4) return atoms[Math.floor(random() * atoms.length)];
      if (r < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => garbage(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 6) }, () => [keys[Math.floor(random() * keys.length)], garbage(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const input = { ...validProject(), ...(garbage(0) as object) };
      expect(() => validateProject(input as ProjectData).map(formatProblem)).not.toThrow();
    }
  });
});

describe('validateProject: extra rules', () => {
  it('CFG-1 rules from plugins report their own problems, severity defaulting to error', () => {
    const data = validProject();
    const seen: unknown[] = [];
    const rules: ProjectRule[] = [
      (project, report) => {
        seen.push(project);
        report({ entity: 'change "c-add"', path: 'layers[1]', message: 'No applier for change type "append"' });
      },
      (_project, report) => report({ entity: 'page "page-home"', path: 'pages[0]', message: 'Slow', severity: 'warning' }),
    ];
    expect(validateProject(data, { rules })).toEqual([
      { entity: 'change "c-add"', path: 'layers[1]', message: 'No applier for change type "append"', severity: 'error' },
      { entity: 'page "page-home"', path: 'pages[0]', message: 'Slow', severity: 'warning' },
    ]);
    expect(seen).toEqual([data]);
  });

  it('CFG-1 a rule that throws or is not a function is itself reported', () => {
    const rules = [
      () => {
        throw new Error('rule broke');
      },
      'not a rule',
      (_data: ProjectData, report: (p: unknown) => void) => report('just text'),
    ] as unknown as ProjectRule[];
    expect(lines(validProject(), rules)).toEqual([
      'error : Project rule failed: rule broke',
      'error : Project rule failed: a rule must be a function, got "not a rule"',
      'error : "just text"',
    ]);
  });

  it('CFG-1 rules do not run on non-object data; garbage options are ignored', () => {
    let called = false;
    validateProject(null as unknown as ProjectData, { rules: [() => void (called = true)] });
    expect(called).toBe(false);
    expect(validateProject(validProject(), 'x' as never)).toEqual([]);
    expect(validateProject(validProject(), { rules: 'x' } as never)).toEqual([]);
  });
});
