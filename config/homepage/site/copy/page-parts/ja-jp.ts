import { HERO_JA_JP } from '../hero';
import { HERO_WIDGET_JA_JP } from '../hero-widget';
import type { LocaleCopy } from '../locale-copy';

/** The Japanese hero's text, the homepage's page part `copy-ja-jp` (see ../locale-copy.ts). */
export default { hero: HERO_JA_JP, widget: HERO_WIDGET_JA_JP } satisfies LocaleCopy;
