/**
 * The default homepage's goal widgets (HPC-37..39, WID-107..113): timer, scroll and engagement events
 * without suffix, for every visitor of the default homepage. Changes need a variation to carry them, so
 * they sit in a layer of their own whose one experiment has a single variation for everyone.
 */
import { HOME_VIEW } from '../views';
import { goalWidgets } from '../widgets';
import { action, experiment, layer, variations } from './kit';

export const GOALS = { layer: 'layer_hp_goals', experiment: 'exp_hp_goals', variation: 'var_hp_goals' } as const;

export const GOALS_LAYER = layer({
  id: GOALS.layer,
  name: 'Homepage goals',
  policy: 'single_experiment',
  viewIds: [HOME_VIEW],
  experiments: [
    experiment({
      id: GOALS.experiment,
      name: 'Homepage goals',
      layerId: GOALS.layer,
      audiences: [],
      audienceName: 'Everyone else',
      variations: variations([GOALS.variation], [[action(HOME_VIEW, goalWidgets('homepage', 'chg_hp_goals'))]]),
    }),
  ],
});
