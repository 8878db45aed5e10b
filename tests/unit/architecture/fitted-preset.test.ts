/**
 * The standard preset fitted to a project (plugins/presets/fit.ts): its module table must list exactly
 * the plugins of `standardPreset`, in order, and a fitted snippet keeps what the data uses.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from '../../../core';
import { fitStandardPreset, STANDARD_MODULES } from '../../../plugins/presets/fit';
import { standardPreset } from '../../../plugins/presets/standard';
import { normalizeProjectData, validateProject } from '../../../core/project';

const ROOT = join(__dirname, '../../..');
const load = async (use: string, options: unknown = {}): Promise<Plugin> => {
  const module = await import(pathToFileURL(join(ROOT, 'plugins', use, 'index.ts')).href);
  return typeof module.default === 'function' ? module.default(options) : module.default;
};
const names = (plugins: readonly Plugin[]) => plugins.map((plugin) => `${plugin.type} ${plugin.name}`);

const project = {
  projectId: 'p',
  accountId: 'a',
  revision: 1,
  pages: [{ id: 'home', apiName: 'home', staticConditions: [{ type: 'url', match: 'substring', value: '/' }] }],
  audiences: [{ id: 'aud', conditions: ['and', { type: 'device', value: 'phone' }, ['or', { type: 'custom_attribute', name: 'plan', value: 'pro' }]] }],
  events: [{ id: 'e', apiName: 'signup', eventType: 'click', pageId: 'home', config: { selector: '.signup' } }],
  layers: [
    {
      id: 'l',
      policy: 'equal_priority',
      pageIds: ['home'],
      decisionMetadata: { experimentPriorities: [[{ entityId: 'x', endOfRange: 10000 }]] },
      experiments: [
        {
          id: 'x',
          audienceIds: ['aud'],
          variations: [{ id: 'v', actions: [{ id: 'a', pageId: 'home', changes: [{ id: 'c', type: 'attribute', selector: 'h1', attributes: { text: 'Hi' } }] }] }],
          weightDistributions: [{ entityId: 'v', endOfRange: 10000 }],
        },
      ],
    },
  ],
};

describe('standard preset fitted to a project', () => {
  it('its module table names every plugin of standardPreset, in the same order, options on included', async () => {
    const options = { crossDomain: { origin: 'https://storage.example' }, rum: {} };
    const table = STANDARD_MODULES.map((entry) => entry.use);
    expect(table.every((use) => existsSync(join(ROOT, 'plugins', use, 'index.ts')))).toBe(true);
    const loaded = await Promise.all(STANDARD_MODULES.map((entry) => load(entry.use, entry.option ? options[entry.option as keyof typeof options] : {})));
    expect(names(loaded)).toEqual(names(standardPreset(options as never)));
  });

  it('keeps the plugins the data uses (matchers, their providers, deciders, appliers, view providers, events) and every module', () => {
    const uses = fitStandardPreset(project as never).map((ref) => ref.use);
    expect(uses).toEqual([
      'storage/local', 'storage/session', 'storage/cookie', 'modules/controls', 'modules/visitor', 'modules/audiences',
      'audience-matchers/custom-attribute', 'audience-matchers/device', 'profile-providers/device',
      'deciders/equal-priority', 'modules/decisions', 'modules/changes', 'modules/integrations', 'modules/preview', 'modules/qa-log', 'change-appliers/attribute',
      'view-providers/immediate', 'event-implementations/click', 'trackers/batch', 'modules/pages',
    ]);
  });

  it("a page's URL conditions need no URL audience matcher (the pages module matches them); an audience's URL condition does", () => {
    const uses = (data: unknown) => fitStandardPreset(data as never).map((ref) => ref.use);
    expect(uses(project)).not.toContain('audience-matchers/url');
    const withAudienceUrl = structuredClone(project);
    withAudienceUrl.audiences[0].conditions.push({ type: 'url', match: 'substring', value: '/pricing' } as never);
    expect(uses(withAudienceUrl)).toEqual(expect.arrayContaining(['audience-matchers/url', 'profile-providers/url']));
    // A page condition of another type still brings its matcher.
    const withPageDevice = structuredClone(project);
    (withPageDevice.pages[0].staticConditions as unknown[]).push({ type: 'device', value: 'phone' });
    withPageDevice.audiences = [];
    expect(uses(withPageDevice)).toContain('audience-matchers/device');
  });

  it('KRN-47 keeps the features module only for data whose variations carry feature values', () => {
    const withFeatures = structuredClone(project);
    (withFeatures.layers[0].experiments[0].variations[0] as Record<string, unknown>).features = { banner: 'on' };
    expect(fitStandardPreset(withFeatures as never).map((ref) => ref.use)).toContain('modules/features');
    expect(fitStandardPreset(project as never).map((ref) => ref.use)).not.toContain('modules/features');
  });

  it('passes the preset options to the plugins that take them; a project without layers keeps a decider for the holdback draws', () => {
    const refs = fitStandardPreset({ projectId: 'p', accountId: 'a', revision: 1 } as never, { tracker: { host: 'https://collect.example' } });
    expect(refs.find((ref) => ref.use === 'trackers/batch')).toEqual({ use: 'trackers/batch', options: { host: 'https://collect.example' } });
    expect(refs.map((ref) => ref.use)).toContain('deciders/single-experiment');
  });

  it('a project valid with the whole preset is valid with its fitted plugins', async () => {
    const errors = (plugins: readonly Plugin[]) => {
      const rules = plugins.flatMap((plugin) => (plugin.validate ? [plugin.validate] : []));
      return validateProject(normalizeProjectData(project as never), { rules, plugins }).filter((problem) => problem.severity === 'error');
    };
    expect(errors(standardPreset())).toEqual([]);
    expect(errors(await Promise.all(fitStandardPreset(project as never).map((ref) => load(ref.use))))).toEqual([]);
  });
});
