/**
 * The in-language homepage layer (HPC-45, HPC-46): one experiment whose variation localises the hero on
 * each locale view, an action per view: Italian, French and Portuguese (Brazil) first, then German,
 * Spanish, Korean, Japanese and Chinese (simplified). The copy is the site's own translation
 * (site/copy/), so the widget shows the same language as the page around it.
 *
 * Each locale's copy reaches the snippet as that locale's page part (site/copy/locale-copy.ts), so on any
 * other page it is absent: the action keeps its change and configuration, with the settings that are not
 * text only, so the data has the same shape on every page (the editor's publish refers to parts of it by
 * their place, services/editor/publish-module.ts) and the change, which applies on its locale's view
 * only, never runs there. A locale page that left out its part would show the widget's default text.
 */
import { PAGE, type Locale } from '../page-contract';
import { LOCALE_COPY } from '../site/copy/locale-copy';
import { viewId } from '../views';
import { heroConfig, heroWidgetText, widget, WIDGET } from '../widgets';
import { action, experiment, layer, variations } from './kit';

export const IN_LANGUAGE_LAYER = 'layer_in_language';
export const IN_LANGUAGE_EXPERIMENT = 'exp_in_language_hero';
export const IN_LANGUAGE_VARIATIONS = { original: 'var_in_language_original', localised: 'var_in_language_1' } as const;

/** The locales of the layer, in the spec's order (HPC-45 then HPC-46). */
export const IN_LANGUAGE_LOCALES: Exclude<Locale, ''>[] = ['it-it', 'fr-fr', 'pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn'];

/** The localised hero of one locale: its copy, or without it the settings that are not text (see the file comment). */
const localisedHero = (locale: Exclude<Locale, ''>) => {
  const copy = LOCALE_COPY[locale];
  return copy ? heroConfig(copy.hero, `/${locale}`, heroWidgetText(copy.widget)) : { selector: PAGE.firstSection };
};

const localised = IN_LANGUAGE_LOCALES.map((locale) =>
  action(viewId(locale), [widget(`chg_in_language_hero_${locale.replace('-', '_')}`, WIDGET.hero, localisedHero(locale))]),
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
