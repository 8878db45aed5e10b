/**
 * The check for clashes between campaigns (issue 37), one test per kind of overlap, from the working copy
 * to the page: the homepage project with a new campaign as staff build it, its pairs asked of the
 * stand-in homepage in real Chromium through the agent's own overlap answer and preview (as the hidden
 * review frame asks them), and the clashes said in the product's words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin, WidgetKind } from '../../../core';
import { createPreview, type Preview } from '../../../desktop/agent/preview';
import { overlapOf } from '../../../desktop/agent/overlap';
import { type ProjectStore } from '../../../desktop/renderer/src/model/project-store';
import { askView } from '../../../desktop/renderer/src/review/ask-view';
import { widgetRegions } from '../../../desktop/renderer/src/review/changes-on-view';
import { changedSinceLive, conflictProbes, conflictsOf } from '../../../desktop/renderer/src/review/conflicts';
import aiBanner from '../../../plugins/widgets/ai-banner';
import banner from '../../../plugins/widgets/banner';
import demoBanner from '../../../plugins/widgets/demo-banner';
import hero from '../../../plugins/widgets/hero';
import pathfinder from '../../../plugins/widgets/pathfinder';
import scrollGoals from '../../../plugins/widgets/scroll-goals';
import topBanner from '../../../plugins/widgets/top-banner';
import useCaseSection from '../../../plugins/widgets/use-case-section';
import { HOMEPAGE, mount } from './markup';
import { added, newLayer, storeWith } from '../../support/conflict-projects';

const WIDGETS = [aiBanner(), banner(), demoBanner(), hero(), pathfinder(), scrollGoals(), topBanner(), useCaseSection()] as Plugin[];
const REGIONS = widgetRegions(WIDGETS.map((plugin) => ({ id: plugin.name, schema: (plugin as unknown as WidgetKind).schema })));

const headline = (id: string, selector = 'h1.hero-title') => ({ id, type: 'attribute', selector, attributes: { text: 'Ship faster with Varia' } });

let preview: Preview | undefined;
afterEach(() => preview?.clear());

/** Review's clashes for the changes `mine` made since live, asked of the mounted homepage as the review frame asks it. */
async function clashes(store: ProjectStore, mine: string[]): Promise<string[]> {
  mount(HOMEPAGE);
  preview = createPreview(window, WIDGETS, '');
  const found: string[] = [];
  for (const probe of conflictProbes(store, changedSinceLive(added(...mine)), REGIONS)) {
    const answers = await askView(store, probe, async (pairs, shown) => {
      if (shown) await preview!.apply(shown);
      const results = pairs.map((pair) => overlapOf(document, pair));
      preview!.clear();
      return results;
    });
    found.push(...conflictsOf(probe, answers).map((conflict) => conflict.message));
  }
  return found;
}

const L1 = 'Experiment L1 (campaign Campaign L1)';
const inP13n = (who: string) => `${who} (campaign Homepage personalisation)`;

describe('clashes between campaigns, per kind of overlap', () => {
  it('EDT-12 the same selector in two campaigns is a clash', async () => {
    const found = await clashes(storeWith(newLayer('L1', 'view_home', [headline('c1')]), newLayer('L2', 'view_home', [headline('c2')])), ['c1']);
    expect(found).toContain(`${L1} and Experiment L2 (campaign Campaign L2) both change h1.hero-title on view Homepage.`);
  });

  it('EDT-12 a selector inside a region another variation replaces is a clash; the free-demo banner inserted above that region is not', async () => {
    const found = await clashes(storeWith(newLayer('L1', 'view_home', [headline('c1')])), ['c1']);
    const inside = (experiment: string) => `${L1} changes h1.hero-title, inside main#main-content > section:first-of-type (section.hero) that ${inP13n(experiment)} changes, on view Homepage.`;
    expect(found).toContain(inside('Homepage personalisation: Returning'));
    expect(found).toContain(inside('Homepage personalisation: New'));
    expect(found.some((message) => message.includes('Free-demo banner'))).toBe(false);
  });

  it('EDT-12 a widget change over a change: a widget replacing the hero clashes with a headline change; one inserting above it does not', async () => {
    const heroWidget = { id: 'c1', type: 'widget', widget_id: 'hero', config: {} };
    const aboveHero = { id: 'c3', type: 'widget', widget_id: 'demo_banner', config: {} };
    const store = storeWith(newLayer('L1', 'view_home', [heroWidget]), newLayer('L2', 'view_home', [headline('c2')]), newLayer('L3', 'view_home', [aboveHero]));
    expect(await clashes(store, ['c1'])).toContain(`${L1} changes main#main-content > section:first-of-type (section.hero), around h1.hero-title that Experiment L2 (campaign Campaign L2) changes, on view Homepage.`);
    expect((await clashes(store, ['c3'])).some((message) => message.includes('Experiment L2'))).toBe(false);
  });

  it('EDT-12 different views: changes on another view than the other campaigns are not a clash with them', async () => {
    const found = await clashes(storeWith(newLayer('L1', 'view_de_de', [headline('c1')])), ['c1']);
    // The German view's own hero campaign is met there; the Homepage's personalisation is not.
    expect(found).toEqual([
      `${L1} changes h1.hero-title, inside main#main-content > section:first-of-type (section.hero) that In-language homepage hero (campaign Homepage in-language) changes, on view Homepage (German).`,
    ]);
  });

  it('EDT-12 an element only one variation shows: the page is asked again with that variation applied, and the clash says so', async () => {
    // The personalisation hero's own headline exists only where its hero widget is shown.
    const found = await clashes(storeWith(newLayer('L1', 'view_home', [headline('c1', '.vw-hero-title')])), ['c1']);
    expect(found).toContain(
      `${L1} changes .vw-hero-title, inside main#main-content > section:first-of-type (section#varia-hero.vw-hero) that ${inP13n('Homepage personalisation: Returning')} changes, on view Homepage, with Homepage personalisation: Returning - Variation #1 applied (the element is not on the original page).`,
    );
  });
});
