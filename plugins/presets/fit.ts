/**
 * The standard preset fitted to one project, for snippet builds: the plugins of `standardPreset` that
 * the project's data can use, as plugin references for the snippet entry (`<kind folder>/<name>`
 * with options), in the preset's order. A snippet built from them carries, compiles and sets up only
 * what its project needs: the audience matchers of the condition types it names (and the profile
 * providers of their fields), the deciders of its layer policies, the change appliers of its change
 * types, the view providers of its pages' activation types and the event implementations of its
 * events, and the widget plugins its widget changes name (`plugins/widgets/<id with - for _>/`).
 * Storage, the api modules and the tracker always stay.
 *
 * A fitted snippet also leaves out the project validators (core/project/prepare-fitted.ts): it refuses data
 * handed over by `load`. Because its data is all it will run, parts of a plugin its data cannot use are
 * replaced by stand-ins at build time (FITTED_PARTS below: the contextual bandit for a project with no
 * cmab experiment, the redirect relay with no redirect change, the holdback draws with no holdback above 0,
 * page tags, activation code and audience conditions when no page has them, the pages module's
 * DOM-ready fallback for a plugin list without controls, the URL rules other than regex and the loader of
 * async changes' scripts when the data names none, the customer id locator with no `visitorIdLocator`,
 * the value matchers' range and comparisons when every match is exists, exact, substring or regex,
 * version comparison with no semver_* match, the regex guard's analysis, which the build has run
 * on every pattern of the data, and the validators' code: the modules' project rules and the audience
 * matchers' checks).
 *
 * What a fitted snippet leaves out is also what a page could otherwise reach through push calls alone
 * (`geolocation` with no location condition, `segments` with no segment condition): a project that
 * relies on those lists its plugins itself, or builds the whole preset.
 *
 * Runs at build time (Node): it instantiates the preset to read each plugin's type, name and fields.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '../../core';
import type { Experiment, Layer, ProjectInput } from '../../core/project/types';
import { isCmab } from '../modules/decisions/util';
import { standardPreset, type StandardPresetOptions } from './standard';

/** The folder of a widget plugin under plugins/widgets/: its widget id with `_` as `-` (`hero_trust_signals` -> `hero-trust-signals`). */
export const widgetFolder = (widgetId: string): string => widgetId.replace(/_/g, '-');

/**
 * The widget plugins a project's widget changes name (`widgets/<folder>`), in order of first use: only
 * those whose plugin exists; a widget change without one still emits showWidget (a listener may render it).
 */
export const widgetRefs = (data: ProjectInput): FittedPluginRef[] => {
  const ids = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const change = value as { type?: unknown; widget_id?: unknown };
    if (change.type === 'widget' && typeof change.widget_id === 'string') ids.add(change.widget_id);
    Object.values(value).forEach(walk);
  };
  walk(data);
  return [...ids]
    .map(widgetFolder)
    .filter((folder) => /^[a-z0-9-]+$/.test(folder) && existsSync(fileURLToPath(new URL(`../widgets/${folder}/index.ts`, import.meta.url))))
    .map((folder) => ({ use: `widgets/${folder}` }));
};

/** A plugin reference of a snippet entry: `plugins/<use>/index.ts`, given `options` when it is a factory. */
export interface FittedPluginRef {
  use: string;
  options?: unknown;
}

/**
 * The module of every plugin `standardPreset` lists, in its order, and the preset option it takes.
 * Entries with an option that is off by default (cross-domain, rum) are in the preset only when on.
 */
export const STANDARD_MODULES: ReadonlyArray<{ use: string; option?: keyof StandardPresetOptions; optional?: true }> = [
  { use: 'storage/local' },
  { use: 'storage/session' },
  { use: 'storage/cookie' },
  { use: 'storage/cross-domain', option: 'crossDomain', optional: true },
  { use: 'modules/controls' },
  { use: 'modules/visitor' },
  { use: 'modules/audiences' },
  ...[
    'behavior', 'cookies', 'custom-attribute', 'device', 'first-session', 'list', 'local-storage', 'location',
    'query', 'referrer', 'segment', 'session-storage', 'source-type', 'time-and-day', 'url',
  ].map((name) => ({ use: `audience-matchers/${name}` })),
  ...['cookies', 'device', 'list', 'location', 'query', 'referrer', 'segments', 'source', 'storage', 'time', 'url'].map((name) => ({
    use: `profile-providers/${name}`,
  })),
  ...['single-experiment', 'multivariate', 'equal-priority'].map((name) => ({ use: `deciders/${name}` })),
  { use: 'modules/decisions', option: 'decisions' },
  { use: 'modules/changes', option: 'changes' },
  ...['integrations', 'preview', 'features', 'qa-log'].map((name) => ({ use: `modules/${name}` })),
  ...['attribute', 'append', 'rearrange', 'redirect', 'custom-code', 'widget'].map((name) => ({ use: `change-appliers/${name}` })),
  ...['immediate', 'callback', 'polling', 'manual', 'url-changed', 'dom-changed'].map((name) => ({ use: `view-providers/${name}` })),
  ...['click', 'pageview', 'custom', 'engagement'].map((name) => ({ use: `event-implementations/${name}` })),
  { use: 'trackers/batch', option: 'tracker' },
  { use: 'trackers/rum', option: 'rum', optional: true },
  { use: 'modules/pages' },
];

/** What a project's data uses, by the plugin kind that serves it. */
interface Usage {
  conditionTypes: Set<string>;
  policies: Set<string>;
  changeTypes: Set<string>;
  activationTypes: Set<string>;
  eventTypes: Set<string>;
  /** Whether a variation carries feature values (the features module serves them). */
  features: boolean;
}

/** Walks the data: condition types in any `...conditions` list, change types in any `changes` list. */
const usageOf = (data: ProjectInput): Usage => {
  const usage: Usage = { conditionTypes: new Set(), policies: new Set(), changeTypes: new Set(), activationTypes: new Set(), eventTypes: new Set(), features: false };
  const typesIn = (value: unknown, into: Set<string>, skip?: string): void => {
    if (Array.isArray(value)) value.forEach((item) => typesIn(item, into, skip));
    else if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type !== skip) {
      into.add((value as { type: string }).type);
    }
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      // A page's URL conditions are matched by the pages module itself (views.ts); only its other
      // conditions need the audience matchers.
      if (key === 'staticConditions') typesIn(item, usage.conditionTypes, 'url');
      else if (/conditions$/i.test(key)) typesIn(item, usage.conditionTypes);
      else if (key === 'changes') typesIn(item, usage.changeTypes);
      else if (key === 'features') usage.features = true;
      walk(item);
    }
  };
  walk(data);
  for (const layer of data.layers ?? []) if (typeof layer?.policy === 'string') usage.policies.add(layer.policy);
  for (const page of data.pages ?? []) usage.activationTypes.add(page?.activationType ?? 'immediate');
  for (const event of data.events ?? []) if (typeof event?.eventType === 'string') usage.eventTypes.add(event.eventType);
  // The holdback draws need a decider's hash even in a project without layers.
  if (!usage.policies.size) usage.policies.add('single_experiment');
  return usage;
};

/**
 * The plugin references of the standard preset that `data` can use (see the file comment). `own` are the
 * project's own plugins: the profile providers of the fields its own audience matchers read stay too.
 */
export const fitStandardPreset = (data: ProjectInput, options: StandardPresetOptions = {}, own: readonly Plugin[] = []): FittedPluginRef[] => {
  const modules = STANDARD_MODULES.filter((entry) => !entry.optional || options[entry.option!]);
  // Widget plugins come from the data (widgetRefs), not from the option.
  const plugins: Plugin[] = standardPreset({ ...options, widgets: undefined });
  if (plugins.length !== modules.length) throw Error('STANDARD_MODULES no longer lists the plugins of standardPreset');
  const usage = usageOf(data);
  const matchers = plugins.filter((plugin) => plugin.type === 'audienceMatcher' && usage.conditionTypes.has(plugin.name));
  const ownMatchers = own.filter((plugin) => plugin?.type === 'audienceMatcher');
  const fields = new Set([...matchers, ...ownMatchers].flatMap((matcher) => (matcher as { fields?: readonly string[] }).fields ?? []));
  const keep = (plugin: Plugin): boolean => {
    switch (plugin.type) {
      case 'audienceMatcher':
        return matchers.includes(plugin);
      case 'profileProvider':
        return ((plugin as { fields?: readonly string[] }).fields ?? []).some((field) => fields.has(field));
      case 'decider':
        return usage.policies.has(plugin.name);
      case 'changeApplier':
        return usage.changeTypes.has(plugin.name);
      case 'viewProvider':
        return usage.activationTypes.has(plugin.name);
      case 'eventImplementation':
        return usage.eventTypes.has(plugin.name);
      case 'apiModule':
        return plugin.name !== 'features' || usage.features;
      default:
        return true;
    }
  };
  return modules.flatMap((entry, index) => [
    ...(keep(plugins[index]) ? [entry.option && options[entry.option] ? { use: entry.use, options: options[entry.option] } : { use: entry.use }] : []),
    // The widgets its widget changes name come right after the widget applier.
    ...(entry.use === 'change-appliers/widget' && keep(plugins[index]) ? widgetRefs(data) : []),
  ]);
};

/** The value matches the basic stand-in of the value matchers answers (audience-matchers/_shared/values-basic.ts). */
const BASIC_MATCHES = ['exists', 'exact', 'substring', 'regex'];

const holdsBack = (threshold: unknown) => typeof threshold === 'number' && threshold > 0;

/** The match types of the URL conditions in the pages' conditions (at any depth of their lists). */
const pageUrlMatches = (data: ProjectInput): unknown[] => {
  const matches: unknown[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'url') matches.push((value as { match?: unknown }).match);
  };
  for (const page of data.pages ?? []) walk(page?.staticConditions);
  return matches;
};

/** Whether a page's conditions (at any depth of their lists) hold a leaf that is not a URL condition. */
const pageHasOtherCondition = (data: ProjectInput): boolean => {
  const walk = (value: unknown): boolean =>
    Array.isArray(value) ? value.some(walk) : !!value && typeof value === 'object' && (value as { type?: unknown }).type !== 'url';
  return (data.pages ?? []).some((page) => walk(page?.staticConditions));
};

/** Whether an object anywhere in the data (a condition at any depth, in any list) satisfies `test`. */
const someObject = (data: unknown, test: (item: Record<string, unknown>) => boolean): boolean => {
  const walk = (value: unknown): boolean =>
    !!value && typeof value === 'object' && (Array.isArray(value) ? value.some(walk) : test(value as Record<string, unknown>) || Object.values(value).some(walk));
  return walk(data);
};

/** Whether a change anywhere in the data (in a layer's or an action's `changes` or `changeSet`) has a script to load (`src`). */
const hasAsyncChange = (data: ProjectInput): boolean =>
  someObject(data, (item) =>
    [item.changes, item.changeSet].some((changes) => (Array.isArray(changes) ? changes : [changes]).some((change) => !!change && typeof change === 'object' && (change as { src?: unknown }).src !== undefined)),
  );

/**
 * Parts of a plugin that a fitted snippet replaces by a stand-in at build time when its project's data
 * cannot use them (a fitted snippet refuses data from `load`, so its data is all it will ever run):
 * `module` is the repository path of the part, `stub` the path of the stand-in (same exports), `used`
 * tells from the data whether the part is needed. The whole preset (not fitted) always carries the parts.
 */
export const FITTED_PARTS: ReadonlyArray<{ module: string; stub: string; used(data: ProjectInput): boolean }> = [
  {
    // The contextual bandit (prediction requests, stored predictions): only for a cmab experiment.
    module: 'plugins/modules/decisions/cmab.ts',
    stub: 'plugins/modules/decisions/cmab-off.ts',
    used: (data) => (data.layers ?? []).some((layer) => (layer?.experiments ?? []).some((experiment) => experiment && isCmab(layer as Layer, experiment as Experiment))),
  },
  {
    // The redirect relay (writing the decision before a redirect, reading it on the next page): only for a
    // project with a redirect change, since the cookie carries a decision of the same project.
    module: 'plugins/modules/decisions/relay.ts',
    stub: 'plugins/modules/decisions/relay-off.ts',
    used: (data) => usageOf(data).changeTypes.has('redirect'),
  },
  {
    // The holdback draws: only for a project with a global or a layer holdback above 0 (ruling 3: a visitor
    // is held back when the bucket is below the threshold, which no bucket is below 0).
    module: 'plugins/modules/decisions/holdback.ts',
    stub: 'plugins/modules/decisions/holdback-off.ts',
    used: (data) => holdsBack(data.holdback) || (data.layers ?? []).some((layer) => holdsBack(layer?.holdback)),
  },
  {
    // Page tags read from the page (PAG-14): only for a project with a page that has tags.
    module: 'plugins/modules/pages/tags.ts',
    stub: 'plugins/modules/pages/tags-off.ts',
    used: (data) => (data.pages ?? []).some((page) => Array.isArray(page?.tags) && page.tags.length > 0),
  },
  {
    // Pages' activation code (run by the callback and polling view providers): only for a project with a
    // page that has some.
    module: 'plugins/modules/pages/activation-code.ts',
    stub: 'plugins/modules/pages/activation-code-off.ts',
    used: (data) => (data.pages ?? []).some((page) => page?.activationCode !== undefined),
  },
  {
    // The URL rules other than `regex` (exact, substring, simple with its wildcards): only for a project
    // with a page URL condition that uses one (a condition without a match type matches nothing either way).
    module: 'plugins/modules/pages/url.ts',
    stub: 'plugins/modules/pages/url-regex.ts',
    used: (data) => pageUrlMatches(data).some((match) => match !== 'regex'),
  },
  {
    // A page condition that is not a URL condition, asked of the audiences module: only for a project
    // with a page that has one.
    module: 'plugins/modules/pages/audience-leaf.ts',
    stub: 'plugins/modules/pages/audience-leaf-off.ts',
    used: pageHasOtherCondition,
  },
  {
    // The pages module's DOM-ready fallback for a plugin list without the controls module: a fitted
    // snippet always has it.
    module: 'plugins/modules/pages/dom-ready.ts',
    stub: 'plugins/modules/pages/dom-ready-controls.ts',
    used: () => false,
  },
  {
    // The loader of async changes' scripts (CHG-17): only for a project with a change that has a `src`.
    module: 'plugins/modules/changes/script.ts',
    stub: 'plugins/modules/changes/script-off.ts',
    used: (data) => hasAsyncChange(data),
  },
  {
    // The customer-provided visitor id (CFG-3, VIS-11): only for a project with a `visitorIdLocator`.
    module: 'plugins/modules/visitor/locator.ts',
    stub: 'plugins/modules/visitor/locator-off.ts',
    used: (data) => data.visitorIdLocator != null,
  },
  {
    // The value matchers' range and comparisons (and the validators' value check, which a fitted snippet
    // never runs): only for a project with a condition whose match type is not exists, exact, substring or regex.
    module: 'plugins/audience-matchers/_shared/values.ts',
    stub: 'plugins/audience-matchers/_shared/values-basic.ts',
    used: (data) => someObject(data, (item) => typeof item.match === 'string' && !BASIC_MATCHES.includes(item.match)),
  },
  {
    // Version comparison (the semver_* matches): only for a project with a condition that uses one.
    module: 'plugins/audience-matchers/_shared/semver.ts',
    stub: 'plugins/audience-matchers/_shared/semver-off.ts',
    used: (data) => someObject(data, (item) => typeof item.match === 'string' && item.match.startsWith('semver_')),
  },
  {
    // The regex guard's automaton analysis (about 3 KB gzip): the build ran it on every pattern of the
    // data and refuses an unsafe one; the stand-in keeps the limits and the input cut (see its comment).
    module: 'core/project/regex.ts',
    stub: 'core/project/regex-checked.ts',
    used: () => false,
  },
  // Code only the validators run (the audience matchers' `check`): a fitted snippet never validates.
  { module: 'plugins/_shared/validation-only.ts', stub: 'plugins/_shared/validation-only-off.ts', used: () => false },
  // The modules' project rules: a fitted snippet never validates (prepare-fitted.ts).
  { module: 'plugins/modules/audiences/validate.ts', stub: 'plugins/modules/audiences/validate-off.ts', used: () => false },
  { module: 'plugins/modules/changes/validate.ts', stub: 'plugins/modules/changes/validate-off.ts', used: () => false },
  { module: 'plugins/modules/decisions/validate.ts', stub: 'plugins/modules/decisions/validate-off.ts', used: () => false },
  { module: 'plugins/modules/pages/validate.ts', stub: 'plugins/modules/pages/validate-off.ts', used: () => false },
];

/** The stand-ins a fitted snippet of `data` takes: module path -> stub path (see {@link FITTED_PARTS}). */
export const fittedStubs = (data: ProjectInput): Record<string, string> =>
  Object.fromEntries(FITTED_PARTS.filter((part) => !part.used(data)).map((part) => [part.module, part.stub]));
