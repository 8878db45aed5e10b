/**
 * The homepage project's experiments as GrowthBook and Optimizely take them, for the homepage bench
 * (homepage.ts): generated from the project's own data, so both peers carry the same experiments,
 * variations, weights, audiences and views.
 *
 * - GrowthBook: one auto experiment per experiment, with the view's URL as a regex url pattern, the
 *   audiences as a condition on attributes the page computes (device type, first session, country,
 *   registered), the ranges as weights, attribute and append changes as DOM mutations and custom code
 *   as its `js`. Widget changes have no GrowthBook form: their variations change nothing (the peers carry
 *   no widget code, ours does).
 * - Optimizely (Feature Experimentation): a datafile with the same layers, experiments, variations,
 *   traffic allocation and typed audiences, one flag per experiment; the page decides every flag. It
 *   applies no DOM changes (the SDK has none).
 */
import type { Audience, Change, Experiment, Layer } from '../../../core/project/types';
import { HOMEPAGE_DATA } from '../../../config/homepage/project';
import { LOCALES, type Locale } from '../../../config/homepage/page-contract';
import { viewId } from '../../../config/homepage/views';

const layers = HOMEPAGE_DATA.layers as Layer[];
const localeOf = new Map(LOCALES.map((locale) => [viewId(locale), locale] as [string, Locale]));
const urlPattern = (view: string) => {
  const locale = localeOf.get(view);
  return { include: true, type: 'regex' as const, pattern: `^https?://[^/?#]+${locale ? `/${locale}` : ''}/?(?:[?#]|$)` };
};

/** Audience id -> the attribute condition both peers evaluate (the page computes the attributes). */
const CONDITIONS: Record<string, Record<string, unknown>> = {
  everyone_else: {},
  desktop_only: { deviceType: 'desktop' },
  new: { firstSession: true },
  returning: { firstSession: false },
  aus_nz: { country: { $in: ['AU', 'NZ'] } },
  unregistered_enhanced: { registered: false },
};
const conditionOf = (item: Experiment) =>
  Object.assign({}, ...((item.audienceIds ?? []).filter((id) => typeof id === 'string' && id !== 'and') as string[]).map((id) => CONDITIONS[id]));

const mutations = (change: Change) => {
  const selector = change.selector ?? '';
  if (change.type === 'append') return [{ selector: `li:has(> ${selector})`, action: 'append', attribute: 'html', value: String(change.value) }];
  if (change.type !== 'attribute') return [];
  return Object.entries(change.attributes ?? {}).map(([kind, value]) =>
    kind === 'remove' ? { selector, action: 'set', attribute: 'style', value: 'display: none !important' } : { selector, action: 'set', attribute: kind === 'text' ? 'html' : kind, value: String(value) },
  );
};
/** The guides link re-pointed, as GrowthBook's variation code (a string it runs). */
const GUIDES_JS = `document.querySelectorAll('nav.top-nav a[data-nav="guides"]').forEach(function (a) { var p = (/^\\/[a-z]{2}(?:-[a-z]{2})?(?=\\/)/.exec(a.getAttribute('href')) || [''])[0]; a.setAttribute('href', p + '/docs/atlas/getting-started'); });`;

/** GrowthBook's auto experiments, one per experiment and view. */
export const growthbookExperiments = () =>
  layers.flatMap((layer) =>
    layer.experiments.flatMap((item) =>
      (layer.viewIds ?? []).map((view) => {
        const ends = (item.weightDistributions ?? []).map((range) => range.endOfRange);
        const weights = ends.map((end, index) => (end - (ends[index - 1] ?? 0)) / 10000);
        const variations = item.variations.map((variation) => {
          const changes = variation.actions.filter((action) => action.viewId === view).flatMap((action) => action.changes ?? []);
          const domMutations = changes.flatMap(mutations);
          const js = changes.some((change) => change.type === 'custom_code') ? GUIDES_JS : undefined;
          return { ...(domMutations.length ? { domMutations } : {}), ...(js ? { js } : {}) };
        });
        while (variations.length < 2) variations.push({});
        return { key: `${item.id}:${view}`, variations, weights: weights.length === variations.length ? weights : undefined, urlPatterns: [urlPattern(view)], condition: conditionOf(item), hashAttribute: 'id' };
      }),
    ),
  );

/** The attributes both peers' pages compute: what our audiences read, read the same way. */
export const PEER_ATTRIBUTES = `
var ua = navigator.userAgent;
var cookie = function (name) { var m = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)')); return m ? m[1] : null; };
var visitorId = cookie('peer_id') || ('v' + Math.random().toString(36).slice(2));
var firstSession = !cookie('peer_id');
document.cookie = 'peer_id=' + visitorId + '; max-age=15552000; path=/; samesite=lax';
var registered = false;
try {
  var seg = JSON.parse(sessionStorage.getItem('segResponse') || '{}');
  var traits = JSON.parse(localStorage.getItem('ajs_user_traits') || '{}');
  registered = !!(seg.found_traits && seg.found_traits.registered_users) || 'signup_source' in traits || 'loggedIn' in traits;
} catch (e) {}
var attributes = { id: visitorId, deviceType: /Mobi|Android|iPhone|iPad/.test(ua) ? 'mobile' : 'desktop', firstSession: firstSession, country: cookie('site_geo_country') || 'ZZ', registered: registered };
`;

const audienceConditions = (audience: Audience) => {
  const condition = CONDITIONS[audience.id] ?? {};
  const leaves = Object.entries(condition).flatMap(([name, value]): unknown[] =>
    value && typeof value === 'object' && '$in' in value
      ? [['or', ...(value.$in as string[]).map((item) => ({ type: 'custom_attribute', name, match: 'exact', value: item }))]]
      : [{ type: 'custom_attribute', name, match: 'exact', value }],
  );
  return ['and', ...leaves];
};

/** Optimizely's datafile: the same layers, experiments, ranges and audiences, one flag per experiment. */
export const optimizelyDatafile = () => {
  const audiences = (HOMEPAGE_DATA.audiences as Audience[]).map((audience) => ({ id: audience.id, name: audience.name, conditions: JSON.stringify(audienceConditions(audience)) }));
  const experiments = layers.flatMap((layer) =>
    layer.experiments.map((item) => {
      const ids = ((item.audienceIds ?? []).filter((id) => typeof id === 'string' && id !== 'and') as string[]);
      return {
        id: item.id, key: item.id, status: 'Running', layerId: layer.id, audienceIds: ids, audienceConditions: ids.length ? ['and', ...ids] : [], forcedVariations: {},
        variations: item.variations.map((variation) => ({ id: variation.id, key: variation.id, featureEnabled: true, variables: [] })),
        trafficAllocation: item.weightDistributions ?? [{ entityId: item.variations[0].id, endOfRange: 10000 }],
      };
    }),
  );
  return {
    version: '4', projectId: '1', accountId: '1', revision: '323', anonymizeIP: true, botFiltering: false,
    attributes: ['deviceType', 'firstSession', 'country', 'registered'].map((key, index) => ({ id: `a${index}`, key })),
    audiences, typedAudiences: [], events: (HOMEPAGE_DATA.events ?? []).map((event) => ({ id: event.id, key: event.apiName, experimentIds: [] })), groups: [], integrations: [],
    experiments,
    featureFlags: experiments.map((item) => ({ id: `f_${item.id}`, key: `flag_${item.id}`, experimentIds: [item.id], rolloutId: `r_${item.id}`, variables: [] })),
    rollouts: experiments.map((item) => ({ id: `r_${item.id}`, experiments: [] })),
  };
};

/** GrowthBook in `<head>`: its auto experiments decided and applied in its constructor. */
export const growthbookEntry = () => `
import { GrowthBook } from '@growthbook/growthbook';
${PEER_ATTRIBUTES}
new GrowthBook({ attributes: attributes, experiments: ${JSON.stringify(growthbookExperiments())}, trackingCallback: function () {} });
window.__peerDone = true;
`;

/** Optimizely in `<head>`: its client, then every flag decided for the visitor. */
export const optimizelyEntry = () => `
import { createInstance, createStaticProjectConfigManager } from '@optimizely/optimizely-sdk';
${PEER_ATTRIBUTES}
var client = createInstance({ projectConfigManager: createStaticProjectConfigManager({ datafile: ${JSON.stringify(JSON.stringify(optimizelyDatafile()))} }) });
client.onReady().then(function () { client.createUserContext(visitorId, attributes).decideAll(); window.__peerDone = true; });
`;
