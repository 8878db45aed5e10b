/**
 * The canvas as a given visitor sees it, and clashes run anyway kept in the session (issue 37): which
 * other campaigns the canvas offers on a view, what choosing their variations applies and says, and the
 * acknowledgements that outlive the review screen until a check no longer finds the clash or a publish.
 */
import { describe, expect, it } from 'vitest';
import { HOMEPAGE_DATA } from '../../../config/homepage/project';
import { createCanvasSession } from '../../../desktop/renderer/src/canvas/canvas-session';
import { campaignsOnView, chosenOn, visitorChanges, visitorWords } from '../../../desktop/renderer/src/canvas/visitor-campaigns';
import { createProjectStore } from '../../../desktop/renderer/src/model/project-store';
import { createEditorSession } from '../../../desktop/renderer/src/session/editor-session';
import { encodeProject } from '../../../editor-model/project-codec';

const store = createProjectStore();
store.setTables(encodeProject(HOMEPAGE_DATA as never) as never);
const layerOf = (layerId: string) => HOMEPAGE_DATA.layers.find((layer) => layer.id === layerId)!;

describe('the canvas as a visitor sees it', () => {
  it('EDT-21 the other campaigns on the view are offered with the variations that change it, the edited campaign left out', () => {
    const home = campaignsOnView(store, 'view_home');
    const p13n = home.find((campaign) => campaign.layerRowId === 'layer_p13n')!;
    expect(p13n.variations.map((variation) => variation.label)).toEqual(['Homepage personalisation: Returning - Variation #1', 'Homepage personalisation: New - Variation #1']);
    // Every campaign offered changes the Homepage in some variation, as the data says.
    for (const campaign of home) {
      const layer = layerOf(campaign.layerRowId);
      expect(layer.experiments.some((experiment) => experiment.variations.some((variation) => variation.actions.some((action) => (action.pageId ?? action.viewId) === 'view_home' && action.changes?.length)))).toBe(true);
    }
    expect(campaignsOnView(store, 'view_home', 'layer_p13n').some((campaign) => campaign.layerRowId === 'layer_p13n')).toBe(false);
    // A typed URL is no view: nothing to offer.
    expect(campaignsOnView(store, '')).toEqual([]);
  });

  it('EDT-21 choosing a variation applies its changes on the view and says so in words; back to the original applies nothing', () => {
    const session = createEditorSession();
    const canvas = createCanvasSession(session);
    const campaigns = campaignsOnView(store, 'view_home');
    canvas.setAsVisitor('layer_p13n', 'var_p13n_returning_1');
    const chosen = chosenOn(campaigns, session.get().canvas.asVisitor);
    expect(visitorWords(chosen)).toBe('Seeing the page as a visitor in: Homepage personalisation: Returning - Variation #1.');
    expect(visitorChanges(store, 'view_home', chosen).map((change) => change.id)).toEqual(['chg_p13n_returning_hero', 'chg_p13n_returning_pathfinder', 'chg_p13n_returning_banner']);
    // A choice in a campaign that is not offered (the edited one) applies nothing.
    expect(chosenOn(campaignsOnView(store, 'view_home', 'layer_p13n'), session.get().canvas.asVisitor)).toEqual([]);
    canvas.setAsVisitor('layer_p13n', undefined);
    expect(chosenOn(campaigns, session.get().canvas.asVisitor)).toEqual([]);
    canvas.setAsVisitor('layer_p13n', 'var_p13n_new_1');
    canvas.clearAsVisitor();
    expect(session.get().canvas.asVisitor).toEqual({});
    // Another project starts from the original of every campaign.
    canvas.setAsVisitor('layer_p13n', 'var_p13n_new_1');
    session.startProject();
    expect(session.get().canvas.asVisitor).toEqual({});
  });
});

describe('clashes run anyway, kept in the session', () => {
  it('EDT-13 acknowledgements are kept per project until forgotten by key (the clash no longer exists) or all at once (after a publish)', () => {
    const session = createEditorSession();
    session.acknowledge('homepage', 'a|b|view_home', true);
    session.acknowledge('homepage', 'a|c|view_home', true);
    session.acknowledge('example', 'x|y|view', true);
    session.acknowledge('homepage', 'a|b|view_home', true);
    expect(session.get().acknowledged).toEqual({ homepage: ['a|b|view_home', 'a|c|view_home'], example: ['x|y|view'] });
    session.forgetAcknowledged('homepage', ['a|c|view_home']);
    expect(session.get().acknowledged.homepage).toEqual(['a|b|view_home']);
    // Opening another project keeps them: they are keyed by project.
    session.startProject();
    session.acknowledge('homepage', 'a|b|view_home', false);
    expect(session.get().acknowledged.homepage).toEqual([]);
    session.acknowledge('homepage', 'a|d|view_home', true);
    session.forgetAcknowledged('homepage');
    expect(session.get().acknowledged).toEqual({ homepage: [], example: ['x|y|view'] });
  });
});
