import type { Locale } from '../../page-contract';
import { KO_KR, JA_JP, ZH_CN } from './asia';
import { EN } from './en';
import { DE_DE, ES, FR_FR, IT_IT, PT_BR } from './europe';
import type { SiteCopy } from './types';

export type { HeroCopy, SiteCopy, TrustBlock } from './types';

/** The page's copy by locale prefix ('' is the default, English homepage). */
export const COPY: Readonly<Record<Locale, SiteCopy>> = {
  '': EN,
  'pt-br': PT_BR,
  'de-de': DE_DE,
  es: ES,
  'ko-kr': KO_KR,
  'ja-jp': JA_JP,
  'zh-cn': ZH_CN,
  'fr-fr': FR_FR,
  'it-it': IT_IT,
};
