/**
 * The homepage views (HPC-33..35): one for the default homepage and one per locale prefix, each
 * matching only its own path. URL conditions are regular expressions on the normalised URL (host and
 * path without protocol or trailing slash, URL-5..10): the host part is `[^/?#]+`, so the views hold on
 * any host (the local services, a staging host, the production site) and on the homepage only, with
 * or without a query or hash.
 */
import type { PageDefinition } from '../../core/project/types';
import { LOCALES, type Locale } from './page-contract';

/** A view id per locale: `view_home` for the default homepage, `view_ko_kr` for /ko-kr... */
export const viewId = (locale: Locale): string => (locale ? `view_${locale.replace('-', '_')}` : 'view_home');

/** The regular expression of a locale's homepage URL (exported for the tests). */
export const viewPattern = (locale: Locale): string => (locale ? `^[^/?#]+/${locale}(?:[?#]|$)` : '^[^/?#]+(?:[?#]|$)');

const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  '': 'Homepage',
  'pt-br': 'Homepage (Portuguese, Brazil)',
  'de-de': 'Homepage (German)',
  es: 'Homepage (Spanish)',
  'ko-kr': 'Homepage (Korean)',
  'ja-jp': 'Homepage (Japanese)',
  'zh-cn': 'Homepage (Chinese, simplified)',
  'fr-fr': 'Homepage (French)',
  'it-it': 'Homepage (Italian)',
};

/** Every homepage view, default first. */
export const HOMEPAGE_VIEWS: PageDefinition[] = LOCALES.map((locale) => ({
  id: viewId(locale),
  name: LOCALE_NAMES[locale],
  apiName: locale ? `homepage_${locale.replace('-', '_')}` : 'homepage',
  category: 'home',
  activationType: 'immediate',
  staticConditions: ['and', { type: 'url', match: 'regex', value: viewPattern(locale) }],
}));

/** The default homepage's view id. */
export const HOME_VIEW = viewId('');
/** The locale views' ids, without the default homepage. */
export const LOCALE_VIEWS: string[] = LOCALES.filter((locale) => locale).map(viewId);
