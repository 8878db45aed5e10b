/**
 * Which pairs of changes review asks the page about (issue 37), from a working copy: the homepage
 * project with a new campaign whose experiment changes the hero headline, as a staff member builds it.
 */
import { type ProjectStore } from '../../../desktop/renderer/src/model/project-store';
import { describe, expect, it } from 'vitest';
import { P13N_HERO_SELECTOR } from '../../../config/homepage/layers/personalisation';
import { changedSinceLive, conflictProbes as probesOf, conflictsOf, missingElementRetries, overlapPairs, uncheckedOf } from '../../../desktop/renderer/src/review/conflicts';
import { widgetRegions } from '../../../desktop/renderer/src/review/changes-on-view';
import { WIDGET_PLUGINS } from '../../../config/homepage/plugins';
import type { WidgetKind } from '../../../core';
import { exclusionConsequence, moveIntoCampaign } from '../../../desktop/renderer/src/review/exclusion';
import type { ProjectModel } from '../../../desktop/renderer/src/model/project-model';
import type { EntityDiff } from '../../../editor-model/project-diff';
import { added, newLayer, storeWith } from '../../support/conflict-projects';

/** The regions the homepage's widgets declare in their schemas. */
const REGIONS = widgetRegions(WIDGET_PLUGINS.map((plugin) => ({ id: plugin.name, schema: (plugin as unknown as WidgetKind).schema })));
/** Review's probes: the changes made since live (`diff`) against the other campaigns'. */
const conflictProbes = (store: ProjectStore, diff: EntityDiff[]) => probesOf(store, changedSinceLive(diff), REGIONS);
const headline = { id: 'chg_headline', type: 'attribute', selector: 'h1.hero-title', attributes: { text: 'Ship faster with Varia' } };

describe('review: which changes are compared on the page', () => {
  it('EDT-12 a new experiment on the Homepage is paired with each element change of the other campaigns there, the personalisation hero among them', () => {
    const probes = conflictProbes(storeWith(newLayer('L1', 'view_home', [headline])), added('chg_headline'));
    expect(probes.map((probe) => probe.pageId)).toEqual(['view_home']);
    const pairs = overlapPairs(probes[0]);
    expect(pairs.every((pair) => pair.a[0] === 'h1.hero-title')).toBe(true);
    const heroes = probes[0].pairs.filter((pair) => pair.theirs.changeRowId.endsWith('_hero') && pair.theirs.layerId === 'layer_p13n');
    expect(heroes.map((pair) => [pair.theirs.experimentName, pair.theirs.selectors])).toEqual([
      ['Homepage personalisation: Returning', [P13N_HERO_SELECTOR]],
      ['Homepage personalisation: New', [P13N_HERO_SELECTOR]],
    ]);
    // Nothing of the new campaign's own is compared with itself.
    expect(probes[0].pairs.some((pair) => pair.theirs.layerId === 'L1')).toBe(false);
  });

  it('EDT-12 an experiment on another view than the other campaigns is not paired with them (different views: no conflict)', () => {
    const probes = conflictProbes(storeWith(newLayer('L1', 'view_de_de', [headline])), added('chg_headline'));
    expect(probes.flatMap((probe) => probe.pairs).some((pair) => pair.theirs.layerId === 'layer_p13n')).toBe(false);
  });

  it('EDT-12 nothing changed since live: nothing to compare; only the changes made since live are compared, not the rest of their experiment', () => {
    expect(conflictProbes(storeWith(newLayer('L1', 'view_home', [headline])), [])).toEqual([]);
    const footer = { id: 'chg_footer', type: 'attribute', selector: 'footer p', attributes: { text: 'Hi' } };
    const probes = conflictProbes(storeWith(newLayer('L1', 'view_home', [headline, footer])), added('chg_footer'));
    expect(new Set(probes[0].pairs.map((pair) => pair.mine.selectors[0]))).toEqual(new Set(['footer p']));
  });

  it('EDT-12 experiments of one campaign are not compared (the runtime keeps them apart)', () => {
    const probes = conflictProbes(storeWith(), added('chg_p13n_returning_hero'));
    expect(probes.flatMap((probe) => probe.pairs).some((pair) => pair.theirs.layerId === 'layer_p13n')).toBe(false);
  });

  it('EDT-12 a widget the editor does not know, naming no region, is listed as not checkable rather than probed', () => {
    const widget = { id: 'chg_custom', type: 'widget', widget_id: 'site_own_widget', config: { copy: 'Hello' } };
    const probes = conflictProbes(storeWith(newLayer('L1', 'view_home', [widget])), added('chg_custom'));
    expect(probes[0].pairs).toEqual([]);
    expect(uncheckedOf(probes[0])[0]).toMatch(/^Experiment L1 \(campaign Campaign L1\) and .* on view Homepage: not checkable, a widget of Experiment L1 names no region/);
  });

  it('EDT-12 a known widget touches the region its schema declares (its default when the config names none), with the declared role; a goal widget touches nothing', () => {
    const pencil = { id: 'chg_pencil', type: 'widget', widget_id: 'top_banner', config: { copy: 'Hello' } };
    const goals = { id: 'chg_goals', type: 'widget', widget_id: 'scroll_goals', config: {} };
    const probes = conflictProbes(storeWith(newLayer('L1', 'view_home', [pencil, goals])), added('chg_pencil', 'chg_goals'));
    const mine = probes[0].pairs.map((pair) => pair.mine);
    expect(new Set(mine.map((item) => `${item.changeId} ${item.role} ${item.selectors}`))).toEqual(new Set(['chg_pencil insert #site-header']));
    expect(uncheckedOf(probes[0])).toEqual([]);
  });

  it('EDT-12 which overlaps make a clash follows how each side touches its element: the free-demo banner inserted above the hero does not clash with a headline change, the personalisation hero that replaces it does', () => {
    const probe = conflictProbes(storeWith(newLayer('L1', 'view_home', [headline])), added('chg_headline'))[0];
    const kindsWith = (changeId: string) => overlapPairs(probe).find((pair) => pair.id === `chg_headline|${changeId}`)?.kinds;
    // A headline change (replaces h1) against the hero widget (replaces the first section): any nesting counts.
    expect(kindsWith('chg_p13n_returning_hero')).toEqual(['same', 'contains', 'inside']);
    // Against the banner inserted before the first section: only the section itself, or one inside the headline.
    expect(kindsWith('chg_demo_banner')).toEqual(['same', 'contains']);
    expect(probe.pairs.find((pair) => pair.theirs.changeId === 'chg_demo_banner')?.theirs.role).toBe('insert');
  });

  it('EDT-12 a pair whose element is on neither side of the original page is asked again with the variation that may show it applied', () => {
    const probe = conflictProbes(storeWith(newLayer('L1', 'view_home', [{ ...headline, selector: '.vw-hero-title' }])), added('chg_headline'))[0];
    const returning = probe.pairs.find((pair) => pair.theirs.changeId === 'chg_p13n_returning_hero')!;
    const newcomers = probe.pairs.find((pair) => pair.theirs.changeId === 'chg_p13n_new_hero')!;
    const retries = missingElementRetries(probe, [
      { id: returning.id, kind: 'none', counts: [0, 1] },
      { id: newcomers.id, kind: 'none', counts: [0, 1] },
      // Both sides found and apart: settled on the original page.
      ...probe.pairs.filter((pair) => pair !== returning && pair !== newcomers).map((pair) => ({ id: pair.id, kind: 'none' as const, counts: [1, 1] as [number, number] })),
    ]);
    expect(retries.map((retry) => [retry.variations.map((variation) => variation.variationName), retry.pairs.map((pair) => pair.id)])).toEqual([
      [['Variation #1'], [returning.id]],
      [['Variation #1'], [newcomers.id]],
    ]);
    expect(retries[0].variations[0].variationRowId).toBe('var_p13n_returning_1');
  });

  it('EDT-12 the page\'s answers read as one clash per pair of experiments, in the product\'s words', () => {
    const probe = conflictProbes(storeWith(newLayer('L1', 'view_home', [headline]), newLayer('L2', 'view_home', [{ ...headline, id: 'chg_l2' }])), added('chg_headline'))[0];
    const results = probe.pairs.map((pair) => ({
      id: pair.id,
      kind: pair.theirs.layerId === 'L2' ? 'same' as const : pair.theirs.changeRowId === 'chg_p13n_returning_hero' ? 'inside' as const : 'none' as const,
      a: 'h1.hero-title', b: pair.theirs.layerId === 'L2' ? 'h1.hero-title' : 'section.hero',
    }));
    const conflicts = conflictsOf(probe, results);
    expect(conflicts.map((conflict) => conflict.message)).toEqual([
      'Experiment L1 (campaign Campaign L1) changes h1.hero-title, inside main#main-content > section:first-of-type (section.hero) that Homepage personalisation: Returning (campaign Homepage personalisation) changes, on view Homepage.',
      'Experiment L1 (campaign Campaign L1) and Experiment L2 (campaign Campaign L2) both change h1.hero-title on view Homepage.',
    ]);
    expect(conflicts[0].key).toBe('L1_exp|exp_p13n_returning|view_home');
  });
});

describe('review: making two clashing experiments mutually exclusive', () => {
  /** The model's one edit operation over a bare store, recording each edit's label. */
  const modelOf = (store: ProjectStore) => {
    const labels: string[] = [];
    return { labels, model: { store, edit: (label: string, apply: (s: ProjectStore) => void) => (labels.push(label), apply(store)) } as unknown as ProjectModel };
  };

  it('EDT-12 the experiment moves beside the other in its weighted group, the group\'s share split equally, its emptied campaign removed, in one edit', () => {
    const store = storeWith(newLayer('L1', 'view_home', [headline]));
    expect(exclusionConsequence(store, 'L1_exp', 'exp_p13n_returning')).toBe(
      'Visitors of campaign "Homepage personalisation" then meet one of its experiments, never two. In the group of "Homepage personalisation: Returning", visitors are split by weight: "Homepage personalisation: Returning" 50%, "Experiment L1" 50% ("Homepage personalisation: Returning" had 100%). Visitors outside the audience of "Homepage personalisation: Returning" meet "Experiment L1" in 50% of cases and nothing of this campaign otherwise. "Experiment L1" targets everyone, so the campaign\'s later groups ("Homepage personalisation: New") are no longer reached.',
    );
    const { model, labels } = modelOf(store);
    moveIntoCampaign(model, 'L1_exp', 'exp_p13n_returning');
    expect(labels).toEqual(['Move experiment "Experiment L1" into campaign "Homepage personalisation"']);
    expect(store.getCell('experiments', 'L1_exp', 'layerId')).toBe('layer_p13n');
    const metadata = store.getCell('layers', 'layer_p13n', 'decisionMetadata') as { experimentPriorities: Array<Array<{ entityId: string }>>; experimentWeights: Record<string, number> };
    expect(metadata.experimentPriorities.map((group) => group.map((item) => item.entityId))).toEqual([['exp_p13n_returning', 'L1_exp'], ['exp_p13n_new']]);
    expect(metadata.experimentWeights).toEqual({ exp_p13n_returning: 5000, L1_exp: 5000, exp_p13n_new: 10000 });
    expect(store.hasRow('layers', 'L1')).toBe(false);
    // Now in one campaign, the two are no longer compared.
    expect(conflictProbes(store, added('chg_headline')).flatMap((probe) => probe.pairs).some((pair) => pair.theirs.layerId === 'layer_p13n')).toBe(false);
  });

  it('EDT-12 into a campaign of one experiment: it becomes a campaign of equal priority whose visitors are split equally', () => {
    const store = storeWith(newLayer('L1', 'view_home', [headline]), newLayer('L2', 'view_home', [{ ...headline, id: 'chg_l2' }]));
    expect(exclusionConsequence(store, 'L1_exp', 'L2_exp')).toContain('It runs one experiment today; it becomes a campaign of equal priority whose visitors are split equally between "Experiment L2" and "Experiment L1".');
    moveIntoCampaign(modelOf(store).model, 'L1_exp', 'L2_exp');
    expect(store.getCell('layers', 'L2', 'policy')).toBe('equal_priority');
    expect((store.getCell('layers', 'L2', 'decisionMetadata') as { experimentPriorities: Array<Array<{ entityId: string }>> }).experimentPriorities[0].map((item) => item.entityId)).toEqual(['L2_exp', 'L1_exp']);
  });
});
