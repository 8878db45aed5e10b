import { HERO_IT_IT } from '../hero';
import { HERO_WIDGET_IT_IT } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Italian hero's text, the homepage's page part `copy-it-it` (see ../locale-copy.ts). */
export default { hero: HERO_IT_IT, widget: HERO_WIDGET_IT_IT } satisfies LocaleCopy;
