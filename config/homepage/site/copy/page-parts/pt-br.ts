import { HERO_PT_BR } from '../hero';
import { HERO_WIDGET_PT_BR } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Portuguese (Brazil) hero's text, the homepage's page part `copy-pt-br` (see ../locale-copy.ts). */
export default { hero: HERO_PT_BR, widget: HERO_WIDGET_PT_BR } satisfies LocaleCopy;
