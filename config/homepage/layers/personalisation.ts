/**
 * The homepage personalisation layer (HPC-13, HPC-15, HPC-44): equal priority, two experiments for the
 * audiences Returning and New. They are mutually exclusive audiences, so each sits in its own priority
 * group weighted 10000: every visitor meets the one experiment of their group (a shared group would
 * leave each audience only its weight's share of traffic, whoever is eligible).
 */
import { AUDIENCE } from '../audiences';
import { PAGE } from '../page-contract';
import { EN_COPY } from '../site/copy/locale-copy';
import { HOME_VIEW } from '../views';
import { AI_BANNER_CONFIG, BANNER_NV_CONFIG, heroConfig, heroWidgetText, PATHFINDER_CONFIG, TOP_BANNER_CONFIG, widget, WIDGET } from '../widgets';
import { USE_CASE_CONFIG } from '../use-case';
import { action, experiment, layer, variations } from './kit';

export const P13N_LAYER = 'layer_p13n';
export const RETURNING_EXPERIMENT = 'exp_p13n_returning';
export const NEW_EXPERIMENT = 'exp_p13n_new';
/** Variation ids (the force-variation parameter names them). */
export const P13N_VARIATIONS = {
  returningOriginal: 'var_p13n_returning_original',
  returning: 'var_p13n_returning_1',
  newOriginal: 'var_p13n_new_original',
  new: 'var_p13n_new_1',
} as const;

/** Returning visitors: a welcome-back hero (the 54K customers variant, §9), the path chooser and the events banner rewritten. */
const returningChanges = [
  widget('chg_p13n_returning_hero', WIDGET.hero, heroConfig(EN_COPY.hero, '', { ...heroWidgetText(EN_COPY.widget), eyebrow: 'Welcome back', title1: 'Pick up where', title2: 'you left off.', customersCount: '54K+' })),
  widget('chg_p13n_returning_pathfinder', WIDGET.pathfinder, PATHFINDER_CONFIG),
  widget('chg_p13n_returning_banner', WIDGET.banner, BANNER_NV_CONFIG),
];

/** New visitors: the hero with rotating words, the top promo banner, the AI banner and the use-case section. */
const newChanges = [
  widget('chg_p13n_new_hero', WIDGET.hero, heroConfig(EN_COPY.hero, '', heroWidgetText(EN_COPY.widget))),
  widget('chg_p13n_new_top_banner', WIDGET.topBanner, TOP_BANNER_CONFIG),
  widget('chg_p13n_new_ai_banner', WIDGET.aiBanner, AI_BANNER_CONFIG),
  widget('chg_p13n_new_use_cases', WIDGET.useCaseSection, USE_CASE_CONFIG),
];

export const PERSONALISATION_LAYER = layer({
  id: P13N_LAYER,
  name: 'Homepage personalisation',
  policy: 'equal_priority',
  viewIds: [HOME_VIEW],
  experiments: [
    experiment({
      id: RETURNING_EXPERIMENT,
      name: 'Homepage personalisation: Returning',
      layerId: P13N_LAYER,
      audiences: [AUDIENCE.returning],
      audienceName: 'Returning',
      variations: variations([P13N_VARIATIONS.returningOriginal, P13N_VARIATIONS.returning], [[], [action(HOME_VIEW, returningChanges)]]),
    }),
    experiment({
      id: NEW_EXPERIMENT,
      name: 'Homepage personalisation: New',
      layerId: P13N_LAYER,
      audiences: [AUDIENCE.new],
      audienceName: 'New',
      variations: variations([P13N_VARIATIONS.newOriginal, P13N_VARIATIONS.new], [[], [action(HOME_VIEW, newChanges)]]),
    }),
  ],
  decisionMetadata: {
    experimentPriorities: [[{ entityId: RETURNING_EXPERIMENT, endOfRange: null }], [{ entityId: NEW_EXPERIMENT, endOfRange: null }]],
    experimentWeights: { [RETURNING_EXPERIMENT]: 10000, [NEW_EXPERIMENT]: 10000 },
    offerConsistency: true,
  },
});

/** The selector the personalisation's hero replaces (for the tests). */
export const P13N_HERO_SELECTOR = PAGE.firstSection;
