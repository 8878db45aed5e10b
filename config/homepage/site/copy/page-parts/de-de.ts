import { HERO_DE_DE } from '../hero';
import { HERO_WIDGET_DE_DE } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The German hero's text, the homepage's page part `copy-de-de` (see ../locale-copy.ts). */
export default { hero: HERO_DE_DE, widget: HERO_WIDGET_DE_DE } satisfies LocaleCopy;
