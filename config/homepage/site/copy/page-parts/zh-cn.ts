import { HERO_ZH_CN } from '../hero';
import { HERO_WIDGET_ZH_CN } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Chinese (simplified) hero's text, the homepage's page part `copy-zh-cn` (see ../locale-copy.ts). */
export default { hero: HERO_ZH_CN, widget: HERO_WIDGET_ZH_CN } satisfies LocaleCopy;
