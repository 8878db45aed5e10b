import { HERO_ES } from '../hero';
import { HERO_WIDGET_ES } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Spanish hero's text, the homepage's page part `copy-es` (see ../locale-copy.ts). */
export default { hero: HERO_ES, widget: HERO_WIDGET_ES } satisfies LocaleCopy;
