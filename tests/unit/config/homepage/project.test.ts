/**
 * The homepage project's data (config/homepage/), checked against homepage-spec §1, §3 and §9 and
 * validated by the runtime's own rules with the snippet's plugins, as the snippet build does.
 */
import { describe, expect, it } from 'vitest';
import { normalizeProjectData, validateProject, type ProjectRule } from '../../../../core/project';
import type { Experiment, Layer } from '../../../../core/project/types';
import { fitStandardPreset } from '../../../../plugins/presets/fit';
import project, { HOMEPAGE_DATA } from '../../../../config/homepage/project';
import { HOMEPAGE_AUDIENCES } from '../../../../config/homepage/audiences';
import { HERO_TRUST } from '../../../../config/homepage/layers/hero-trust';
import { IN_LANGUAGE_LOCALES } from '../../../../config/homepage/layers/in-language';
import { NEW_EXPERIMENT, P13N_LAYER, RETURNING_EXPERIMENT } from '../../../../config/homepage/layers/personalisation';
import { ENGLISH } from '../../../../config/homepage/layers/english';
import { LOCALES } from '../../../../config/homepage/page-contract';
import { viewId } from '../../../../config/homepage/views';
import * as placeholders from '../../../../config/homepage/placeholders';

const data = HOMEPAGE_DATA;
const layers = data.layers as Layer[];
const experiments = layers.flatMap((layer) => layer.experiments);
const layerOf = (id: string) => layers.find((layer) => layer.id === id)!;
const experimentOf = (id: string) => experiments.find((item) => item.id === id)!;
const changesOf = (item: Experiment) => item.variations.flatMap((variation) => variation.actions.flatMap((action) => action.changes ?? []));
const widgetIds = (item: Experiment) => changesOf(item).filter((change) => change.type === 'widget').map((change) => change.widget_id);

describe('homepage project data', () => {
  it('HPC-5 HPC-6 HPC-7 HPC-8 HPC-9 global fields: revision 323, anonymizeIP, force parameters, trimPages', () => {
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['accountId', 'namespace', 'revision', 'anonymizeIP', 'enableForceParameters', 'experimental', 'projectId', 'layers']));
    expect(data.revision).toBe(323);
    expect(data.anonymizeIP).toBe(true);
    expect(data.enableForceParameters).toBe(true);
    expect(data.experimental).toEqual({ trimPages: true });
  });

  it('HPC-24 CFG-22 the runtime validates the project with the snippet plugins: no errors, no warnings', () => {
    const plugins = project.plugins ?? [];
    const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
    expect(validateProject(normalizeProjectData(data), { rules, plugins })).toEqual([]);
  });

  it('HPC-24 HPC-55 every plugin the standard preset fitted to the data would take is in the snippet, widgets included', () => {
    const names = new Set((project.plugins ?? []).map((plugin) => plugin.name));
    // Page URL conditions are evaluated by the pages module itself; the fitter counts them as audience conditions.
    const unused = new Set(['audience-matchers/url', 'profile-providers/url']);
    // The kinds the data's content decides; the always-present modules are listed in plugins.ts by hand.
    const driven = /^(audience-matchers|profile-providers|deciders|change-appliers|view-providers|event-implementations|widgets)\//;
    const fitted = fitStandardPreset(data).filter((ref) => driven.test(ref.use) && !unused.has(ref.use));
    expect(fitted.length).toBeGreaterThan(15);
    const missing = fitted.filter((ref) => !names.has(ref.use.split('/')[1].replace(/-/g, '_')) && !names.has(ref.use.split('/')[1]));
    expect(missing.map((ref) => ref.use)).toEqual([]);
  });

  it('HPC-10 HPC-11 HPC-12 every layer has the homepage fields, holdback 0 and concluded false', () => {
    for (const layer of layers) {
      expect(Object.keys(layer)).toEqual(
        expect.arrayContaining(['id', 'name', 'commitId', 'groupId', 'holdback', 'activation', 'integrationSettings', 'experiments', 'policy', 'viewIds', 'decisionMetadata', 'concluded']),
      );
      expect(layer.holdback).toBe(0);
      expect(layer.concluded).toBe(false);
    }
  });

  it('HPC-13 HPC-14 HPC-44 the personalisation layer is equal_priority with Returning and New; every other layer single_experiment', () => {
    const p13n = layerOf(P13N_LAYER);
    expect(p13n.policy).toBe('equal_priority');
    expect(p13n.experiments.map((item) => item.audienceIds)).toEqual([['and', 'returning'], ['and', 'new']]);
    for (const layer of layers.filter((item) => item.id !== P13N_LAYER)) {
      expect(layer.policy, layer.id).toBe('single_experiment');
      expect(layer.experiments).toHaveLength(1);
    }
  });

  it('HPC-15 decisionMetadata holds experimentPriorities with entityId and endOfRange, experimentWeights and offerConsistency', () => {
    for (const layer of layers) {
      const metadata = layer.decisionMetadata!;
      expect(Object.keys(metadata).sort()).toEqual(['experimentPriorities', 'experimentWeights', 'offerConsistency']);
      for (const group of metadata.experimentPriorities!) for (const item of group) expect(item).toEqual({ entityId: expect.any(String), endOfRange: null });
    }
    expect(layerOf(P13N_LAYER).decisionMetadata!.experimentWeights).toEqual({ [RETURNING_EXPERIMENT]: 10000, [NEW_EXPERIMENT]: 10000 });
  });

  it('HPC-16 HPC-17 HPC-18 HPC-19 HPC-20 every experiment: homepage fields, and-list audiences, manual, not deployed, not concluded', () => {
    for (const item of experiments) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['id', 'name', 'audienceIds', 'audienceName', 'variations', 'weightDistributions', 'bucketingStrategy', 'experimentMetadata', 'deployed', 'concluded']),
      );
      expect(item.deployed).toBe(false);
      expect(item.concluded).toBe(false);
      if (item.audienceIds!.length) expect(item.audienceIds![0]).toBe('and');
      const layer = layers.find((candidate) => candidate.experiments.includes(item))!;
      expect(item.experimentMetadata).toEqual({ allocationPolicy: 'manual', layerId: layer.id, cmabAttributes: { customAttributes: [], standardAttributes: [] } });
    }
  });

  it('HPC-21 HPC-22 variations are named Original, Variation #1, ... and each action carries a viewId and changes', () => {
    for (const item of experiments) {
      expect(item.variations.map((variation) => variation.name)).toEqual(item.variations.map((_, index) => (index ? `Variation #${index}` : 'Original')));
      for (const variation of item.variations) for (const action of variation.actions) expect(Object.keys(action).sort()).toEqual(['changes', 'viewId']);
    }
  });

  it('HPC-23 changes use the four homepage types: widget changes name widget_id and config, custom_code values are functions', () => {
    const changes = experiments.flatMap(changesOf);
    expect(new Set(changes.map((change) => change.type))).toEqual(new Set(['widget', 'attribute', 'append', 'custom_code']));
    for (const change of changes) {
      if (change.type === 'widget') expect(change).toEqual({ id: expect.any(String), type: 'widget', widget_id: expect.any(String), config: expect.any(Object) });
      if (change.type === 'custom_code') expect(typeof change.value).toBe('function');
    }
    expect(new Set(changes.map((change) => change.id)).size).toBe(changes.length);
  });

  it('HPC-25 HPC-26 HPC-27 HPC-28 HPC-29 HPC-30 the six audiences of §3', () => {
    expect(HOMEPAGE_AUDIENCES.map((audience) => audience.name)).toEqual(['Everyone else', 'Desktop Only', 'New', 'Returning', 'AUS + NZ', 'Unregistered Users (Enhanced)']);
    expect(data.audiences).toBe(HOMEPAGE_AUDIENCES);
  });

  it('HPC-33 HPC-34 HPC-35 one view per locale (default and the eight prefixes), each with name, apiName and a URL condition', () => {
    expect(data.pages.map((page) => page.id)).toEqual(LOCALES.map(viewId));
    for (const page of data.pages) {
      expect(page).toMatchObject({ name: expect.any(String), apiName: expect.any(String) });
      expect(page.staticConditions).toEqual(['and', { type: 'url', match: 'regex', value: expect.any(String) }]);
    }
    expect(LOCALES.filter(Boolean)).toEqual(['pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn', 'fr-fr', 'it-it']);
  });

  it('HPC-36 HPC-37 HPC-38 HPC-39 HPC-40 HPC-41 HPC-42 HPC-43 the events of §3 with their types', () => {
    const byName = Object.fromEntries(data.events.map((event) => [event.apiName, event]));
    const customs = [30, 45, 60].flatMap((s) => [`time_on_page_${s}s`, `time_on_page_${s}s_hts`])
      .concat([25, 50, 75].flatMap((p) => [`scroll_${p}`, `scroll_${p}_hts`]))
      .concat(['engagement_all', 'engagement_all_hts', 'registration_form_submitted', 'hero_link_click', 'demo_banner_clicks']);
    for (const name of customs) expect(byName[name]?.eventType, name).toBe('custom');
    const clicks = ['hero_any_link', 'hero_secondary_cta', 'hero_primary_cta', 'forrester_link', 'gartner_link', 'register_link_any', 'chatbot_engaged'];
    for (const name of clicks) expect(byName[name], name).toMatchObject({ eventType: 'click', pageId: 'view_home', eventFilter: { selector: expect.any(String) } });
    expect(data.events).toHaveLength(customs.length + clicks.length);
    expect(byName.registration_form_submitted.name).toBe('Registration Form Submitted');
  });

  it('HPC-45 HPC-46 the in-language layer localises Italian, French, Portuguese (Brazil), then German, Spanish, Korean, Japanese, Chinese', () => {
    expect(IN_LANGUAGE_LOCALES).toEqual(['it-it', 'fr-fr', 'pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn']);
    const [item] = layerOf('layer_in_language').experiments;
    expect(item.variations[1].actions.map((action) => action.viewId)).toEqual(IN_LANGUAGE_LOCALES.map(viewId));
  });

  it('HPC-47 WID-115 the Korean footer runs on the Korean view with stand-in registration details, believable and listed as stand-ins (rulings 18, 26)', () => {
    const item = experimentOf(ENGLISH.koreanFooter.experiment);
    const change = changesOf(item)[0];
    expect(change).toMatchObject({ widget_id: 'korean_footer', config: { registrationNumber: placeholders.KOREAN_REGISTRATION_NUMBER, address: placeholders.KOREAN_BUSINESS_ADDRESS } });
    expect(Object.values(placeholders.STAND_INS)).toEqual(expect.arrayContaining([change.config!.registrationNumber, change.config!.address]));
    for (const text of [change.config!.registrationNumber, change.config!.address]) expect(String(text)).not.toMatch(/placeholder|\[|\]/i);
    expect(item.variations[1].actions[0].viewId).toBe(viewId('ko-kr'));
  });

  it('HPC-49 HPC-50 HPC-52 the targeted English experiments name their audiences', () => {
    expect(experimentOf(ENGLISH.demoBanner.experiment)).toMatchObject({ audienceIds: ['and', 'desktop_only'], audienceName: 'Desktop Only' });
    expect(experimentOf(ENGLISH.pencil.experiment)).toMatchObject({ audienceIds: ['and', 'aus_nz'], audienceName: 'AUS + NZ' });
    expect(experimentOf(HERO_TRUST.experiment)).toMatchObject({ audienceIds: ['and', 'unregistered_enhanced'] });
    expect(widgetIds(experimentOf(ENGLISH.demoBanner.experiment))).toEqual(['demo_banner']);
    expect(changesOf(experimentOf(ENGLISH.demoBanner.experiment))[0].config).toMatchObject({ tck: 'demo_hp_banner_2' });
    expect(changesOf(experimentOf(ENGLISH.pencil.experiment))[0].config).toEqual({ bannerType: 'BASE', pillCopy: expect.any(String), copy: expect.any(String), url: expect.any(String) });
  });

  it('HPC-53 HPC-54 hero trust signals: four variations at 2500/5000/7500/10000, single experiment, manual', () => {
    const item = experimentOf(HERO_TRUST.experiment);
    expect(item.weightDistributions).toEqual(HERO_TRUST.variations.map((entityId, index) => ({ entityId, endOfRange: (index + 1) * 2500 })));
    expect(layerOf(HERO_TRUST.layer).policy).toBe('single_experiment');
    expect(item.experimentMetadata!.allocationPolicy).toBe('manual');
  });

  it('HPC-55 the configured widgets cover use cases, pathfinder, hero, AI banner, top banner and the three goal widgets', () => {
    const all = new Set(experiments.flatMap(widgetIds));
    for (const id of ['use_case_section', 'pathfinder', 'hero', 'ai_banner', 'top_banner', 'scroll_goals', 'engagement_goals', 'timer_goals']) expect(all.has(id), id).toBe(true);
    const hero = changesOf(experimentOf(RETURNING_EXPERIMENT)).find((change) => change.widget_id === 'hero')!;
    expect(hero.config).toMatchObject({ customersCount: '54K+' });
  });

  it('HPC-23 HPC-55 every widget change names a widget of the snippet, and every config field is one its schema declares', () => {
    const widgets = new Map((project.plugins ?? []).filter((plugin) => plugin.type === 'widget').map((plugin) => [plugin.name, plugin as unknown as { schema: Record<string, unknown> }]));
    const unknownFields: string[] = [];
    for (const change of experiments.flatMap(changesOf).filter((item) => item.type === 'widget')) {
      const plugin = widgets.get(change.widget_id!);
      expect(plugin, change.widget_id).toBeDefined();
      for (const field of Object.keys(change.config ?? {})) if (!(field in plugin!.schema)) unknownFields.push(`${change.widget_id}.${field}`);
    }
    expect([...new Set(unknownFields)]).toEqual([]);
  });

  it('HPC-48 HPC-51 navigation: platform link removed, Atlas link reworded with a placeholder, guides re-pointed on every view', () => {
    const nav = changesOf(experimentOf(ENGLISH.nav.experiment));
    expect(nav.map((change) => change.type)).toEqual(['attribute', 'attribute', 'append']);
    expect(nav[1].attributes).toEqual({ text: placeholders.ATLAS_NAV_LABEL });
    const guides = experimentOf(ENGLISH.guides.experiment);
    expect(guides.variations[1].actions.map((action) => action.viewId)).toEqual(LOCALES.map(viewId));
  });

  it('HPC-1 HPC-2 HPC-3 HPC-4 one project for the marketing homepage: every layer runs on homepage views only, targeting by audience only', () => {
    const views = new Set(data.pages.map((page) => page.id));
    for (const layer of layers) for (const id of layer.viewIds!) expect(views.has(id)).toBe(true);
    expect(Object.keys(data)).not.toContain('dimensions');
    // Ruling 26: the copy the homepage stands in for is believable text listed in STAND_INS, never a marker.
    const strings = Object.values(placeholders as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
    expect(strings.filter((value) => /placeholder/i.test(value))).toEqual([]);
    expect(Object.keys(placeholders.STAND_INS).length).toBeGreaterThanOrEqual(5);
  });
});
