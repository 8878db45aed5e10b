/**
 * The banner's configuration (WID-78, WID-79), plus the values the spec leaves to configuration:
 * the vendor's own domain for the new-tab rule (ruling 18), the ready-marker class (ruling 18), the
 * library and asset locations (the public CDN; locally the services' stand-in) and the limits put
 * on the spreadsheet answer.
 */
import { REGISTER_PATH } from '../_shared/links';
import { num, region, str } from '../_shared/schema';

/** Configured slides: at most five (WID-84). */
export const SLIDES = [1, 2, 3, 4, 5] as const;
const SLIDE_PARTS = ['Link', 'Image', 'Title', 'Copy', 'CtaText', 'NewWindow'] as const;
export type SlidePart = (typeof SLIDE_PARTS)[number];

const BASE = {
  /** The existing banner NV rewrites and RV replaces. */
  selector: region('replace', 'section.events-banner'),
  /** RV: carousel of cards; NV: rewrite; BASE belongs to the top banner and is ignored here. */
  type: str('RV', ['RV', 'NV', 'BASE']),
  title: str(),
  title2: str(),
  description: str(),
  ctaText: str(),
  ctaLink: str(REGISTER_PATH),
  image: str(),
  backgroundSVG: str(),
  /** 'true': the NV banner's image fills the banner's height. */
  fullHeightImage: str('false'),
  /** The spreadsheet service's address; cards come from it when set (WID-86). */
  GSHEETS_URL: str(),
  /** The document ready state the banner waits for (WID-101): loading, interactive or complete. */
  document_ready_state: str('interactive', ['loading', 'interactive', 'complete']),
  /** The vendor's own domain: card links elsewhere open in a new tab (WID-90); '' means the page's host. */
  vendorDomain: str(),
  /** Class put on `<html>` once the banner is set up, or failed to be (WID-100). Placeholder name (ruling 18). */
  readyClass: str('varia-banner-ready'),
  /** The slider library, relative to `libraryBase` (WID-92). */
  libraryBase: str('/assets/homepage/npm'),
  swiperPath: str('swiper@6.8.3/swiper-bundle.min.js'),
  /**
   * Swiper's own style sheet, loaded once when set. Empty by default: the widget's sheet carries the
   * slider's layout rules, and Swiper's sheet embeds a `data:` font a strict CSP refuses.
   */
  swiperCssPath: str(),
  /** Limits on the spreadsheet answer: after this long, or beyond this size, the configured slides stay. */
  sheetTimeoutMs: num(4000),
  sheetMaxBytes: num(256 * 1024),
  /** Most cards taken from the sheet. */
  maxCards: num(12),
};

const slideFields: Record<string, ReturnType<typeof str>> = {};
for (const n of SLIDES) for (const part of SLIDE_PARTS) slideFields[`slide${n}${part}`] = str(part == 'NewWindow' ? 'false' : part == 'CtaText' ? 'Learn more' : '');

/** The declared schema (WID-3): the banner fields, then `slide<n><Part>` for slides 1 to 5. */
export const SCHEMA = { ...BASE, ...slideFields } as typeof BASE & Record<`slide${(typeof SLIDES)[number]}${SlidePart}`, ReturnType<typeof str>>;
