import { HERO_KO_KR } from '../hero';
import { HERO_WIDGET_KO_KR } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Korean hero's text, the homepage's page part `copy-ko-kr` (see ../locale-copy.ts). */
export default { hero: HERO_KO_KR, widget: HERO_WIDGET_KO_KR } satisfies LocaleCopy;
