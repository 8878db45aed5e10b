/**
 * The copy the homepage snippet shows, by locale: the hero's text (./hero.ts) and the hero widget's
 * (./hero-widget.ts). English is in the snippet itself. Each other locale's is a page part
 * (plugins/_shared/page-part.ts, `pageParts` of ../../project.ts): a script of its own beside the snippet,
 * `homepage.copy-<locale>.js`, that its locale's page includes before the snippet, so no page downloads
 * the other eight locales' copy. In the snippet a locale's copy is therefore undefined on any page but
 * its own; in Node (the build, the editor, the tests) every locale's is here.
 */
import type { Locale } from '../../page-contract';
import { HERO_EN } from './hero';
import { HERO_WIDGET_EN, type HeroWidgetCopy } from './hero-widget';
import deDe from './page-parts/de-de';
import es from './page-parts/es';
import frFr from './page-parts/fr-fr';
import itIt from './page-parts/it-it';
import jaJp from './page-parts/ja-jp';
import koKr from './page-parts/ko-kr';
import ptBr from './page-parts/pt-br';
import zhCn from './page-parts/zh-cn';
import type { HeroCopy } from './types';

/** One locale's copy as the snippet uses it. */
export interface LocaleCopy {
  hero: HeroCopy;
  widget: HeroWidgetCopy;
}

/** The English copy (the default homepage's, and the personalisation's). */
export const EN_COPY: LocaleCopy = { hero: HERO_EN, widget: HERO_WIDGET_EN };

/** Each other locale's copy: in the snippet, there only on the locale's own page (see the file comment). */
export const LOCALE_COPY: Readonly<Record<Exclude<Locale, ''>, LocaleCopy | undefined>> = {
  'pt-br': ptBr,
  'de-de': deDe,
  es,
  'ko-kr': koKr,
  'ja-jp': jaJp,
  'zh-cn': zhCn,
  'fr-fr': frFr,
  'it-it': itIt,
};

/** The page part holding a locale's copy (its script is `homepage.<part>.js` beside the snippet). */
export const copyPart = (locale: Exclude<Locale, ''>): string => `copy-${locale}`;
