/**
 * The in-language homepage layer (HPC-45, HPC-46): one experiment whose variation localises the hero on
 * each locale view, an action per view: Italian, French and Portuguese (Brazil) first, then German,
 * Spanish, Korean, Japanese and Chinese (simplified). The copy is the site's own translation
 * (site/copy/), so the widget shows the same language as the page around it.
 */
import type { Locale } from '../page-contract';
import { HERO } from '../site/copy/hero';
import { viewId } from '../views';
import { HERO_WIDGET } from '../site/copy/hero-widget';
import { heroConfig, heroWidgetText, widget, WIDGET } from '../widgets';
import { action, experiment, layer, variations } from './kit';

export const IN_LANGUAGE_LAYER = 'layer_in_language';
export const IN_LANGUAGE_EXPERIMENT = 'exp_in_language_hero';
export const IN_LANGUAGE_VARIATIONS = { original: 'var_in_language_original', localised: 'var_in_language_1' } as const;

/** The locales of the layer, in the spec's order (HPC-45 then HPC-46). */
export const IN_LANGUAGE_LOCALES: Exclude<Locale, ''>[] = ['it-it', 'fr-fr', 'pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn'];

const localised = IN_LANGUAGE_LOCALES.map((locale) =>
  action(viewId(locale), [widget(`chg_in_language_hero_${locale.replace('-', '_')}`, WIDGET.hero, heroConfig(HERO[locale], `/${locale}`, heroWidgetText(HERO_WIDGET[locale])))]),
);

export const IN_LANGUAGE_LAYER_DATA = layer({
  id: IN_LANGUAGE_LAYER,
  name: 'Homepage in-language',
  policy: 'single_experiment',
  viewIds: IN_LANGUAGE_LOCALES.map(viewId),
  experiments: [
    experiment({
      id: IN_LANGUAGE_EXPERIMENT,
      name: 'In-language homepage hero',
      layerId: IN_LANGUAGE_LAYER,
      audiences: [],
      audienceName: 'Everyone else',
      variations: variations([IN_LANGUAGE_VARIATIONS.original, IN_LANGUAGE_VARIATIONS.localised], [[], localised]),
    }),
  ],
});
