import { HERO_FR_FR } from '../hero';
import { HERO_WIDGET_FR_FR } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The French hero's text, the homepage's page part `copy-fr-fr` (see ../locale-copy.ts). */
export default { hero: HERO_FR_FR, widget: HERO_WIDGET_FR_FR } satisfies LocaleCopy;
