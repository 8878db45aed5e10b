/**
 * The banner (homepage-spec §2..§5, §7; WID-78..101): type NV rewrites the existing banner, type RV
 * replaces it with a carousel of cards on Swiper 6.8.3, loaded once from a configurable base.
 *
 * - Waits for the document ready state named by `document_ready_state` (WID-101), then for the
 *   banner (`selector`). The sheet is requested as soon as the widget is shown and the slider loads
 *   while the sheet is read, so neither waits for the other.
 * - Cards come from the spreadsheet service when `GSHEETS_URL` is set (WID-86..88), otherwise from
 *   the configured slides (WID-84, WID-85). A sheet that fails, is malformed, truncated, too large,
 *   too slow or empty is a warning: the configured slides are used instead, or, when there are none,
 *   the original banner stays (hostile remote content never breaks the page).
 * - The original banner stays until the slider has loaded, then the carousel takes its place; if
 *   the slider cannot be loaded or set up the original banner stays (or comes back).
 * - `<html>` gets the ready class once the banner is set up, and also when setup failed (WID-100).
 * - Hide destroys the slider, removes the carousel, its style sheet and the ready class, and puts the
 *   original banner (or its original content, for NV) back exactly (WID-2).
 */
import { build, esc } from '../_shared/dom';
import { fetchSheet } from '../_shared/sheet-fetch';
import { parseSheet, type CardRecord } from '../_shared/sheet';
import type { Track } from '../_shared/track';
import { WAIT_MS, waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';
import { cardSlide, slidesFromConfig, type Config } from './cards';
import { loadSwiper, startCarousel } from './carousel';
import { rewrite } from './nv';
import { SCHEMA } from './schema';
import { STYLES } from './styles';

const STATES = ['loading', 'interactive', 'complete'];

/** Runs `fn` once the document has reached `state` (WID-101); an unknown state counts as 'interactive'. */
const whenState = (t: Track, state: string, fn: () => void) => {
  const index = STATES.indexOf(state);
  const wanted = index < 0 ? 1 : index;
  const reached = () => STATES.indexOf(t.doc.readyState) >= wanted;
  if (reached()) return fn();
  const off = t.on(t.doc, 'readystatechange', () => {
    if (!reached()) return;
    off();
    fn();
  });
};

/** The sheet's cards, or undefined (with a warning) when it cannot be used. */
const sheetCards = async (t: Track, config: Config): Promise<CardRecord[] | undefined> => {
  try {
    const body = await fetchSheet(t, config.GSHEETS_URL, { timeoutMs: config.sheetTimeoutMs, maxBytes: config.sheetMaxBytes });
    const result = parseSheet(body, { base: t.doc.baseURI, vendorDomain: config.vendorDomain, maxCards: config.maxCards });
    if ('problem' in result) throw Error(result.problem);
    if (!result.cards.length) throw Error('the sheet has no usable rows');
    return result.cards;
  } catch (error) {
    if (!t.undone) t.log.warn(`Widget "${t.name}": spreadsheet not used (${(error as Error)?.message ?? error})`);
    return undefined;
  }
};

/** The carousel section around the slides. */
const carouselSection = (t: Track, config: Config, banner: Element, cards: CardRecord[]): HTMLElement => {
  const heading = config.title || banner.querySelector('h1,h2,h3')?.textContent?.trim() || '';
  const title2 = config.title2 ? `<span class="vbn-title2">${esc(config.title2)}</span>` : '';
  const section = build<HTMLElement>(
    t.doc,
    `<section class="vbn" data-varia-widget="banner" aria-roledescription="carousel"><div class="vbn-head"><div>${heading || title2 ? `<h2 class="vbn-heading">${esc(heading)}${title2}</h2>` : ''}${config.description ? `<p class="vbn-lead">${esc(config.description)}</p>` : ''}</div><div class="vbn-controls"><button type="button" class="vbn-prev" aria-label="Previous">&#8592;</button><button type="button" class="vbn-next" aria-label="Next">&#8594;</button></div></div><div class="swiper-container vbn-swiper"><div class="swiper-wrapper"></div></div><div class="swiper-pagination vbn-dots"></div></section>`,
  );
  section.querySelector('.swiper-wrapper')!.append(...cards.map((card) => cardSlide(t.doc, card)));
  return section;
};

/** Marks the page ready (WID-100); the class goes when the widget hides. */
const markReady = (t: Track, config: Config) => {
  const root = t.doc.documentElement;
  if (!config.readyClass || t.undone || root.classList.contains(config.readyClass)) return;
  root.classList.add(config.readyClass);
  t.later(() => root.classList.remove(config.readyClass));
};

/** The carousel in the banner's place once the slider has loaded (until then the original banner stays). */
const showCarousel = async (t: Track, config: Config, banner: Element, cards: CardRecord[], slider: ReturnType<typeof loadSwiper>) => {
  const section = carouselSection(t, config, banner, cards);
  const Swiper = await slider;
  if (t.undone) return;
  t.add(section, banner, 'before');
  t.remove(banner);
  try {
    startCarousel(t, Swiper, section, cards.length);
  } catch (error) {
    // A slider that fails to set up leaves the original banner, never a broken carousel.
    section.replaceWith(banner);
    throw error;
  }
};

const run = async (t: Track, config: Config, banner: HTMLElement, type: string, sheet: Promise<CardRecord[] | undefined>) => {
  try {
    // The slider loads while the sheet is read; a failure is handled where it is awaited.
    const slider = type == 'RV' ? loadSwiper(t, config) : undefined;
    slider?.catch(() => {});
    const fromSheet = await sheet;
    if (t.undone) return;
    if (type == 'NV') return rewrite(t, banner, config, fromSheet?.[0]);
    const cards = fromSheet ?? slidesFromConfig(config, t.win);
    if (!cards.length) return t.log.warn(`Widget "${t.name}": no cards to show; the banner is left as it is`);
    await showCarousel(t, config, banner, cards, slider!);
  } catch (error) {
    if (!t.undone) t.log.warn(`Widget "${t.name}": the carousel could not be set up (${(error as Error)?.message ?? error}); the banner is left as it is`);
  } finally {
    markReady(t, config);
  }
};

/** The widget factory, registered under `banner`. */
export default defineWidget('banner', SCHEMA, (config, t) => {
  const type = String(config.type).toUpperCase();
  if (type != 'RV' && type != 'NV') return t.log.debug(`Widget "${t.name}": type "${config.type}" is not a banner type (RV, NV); nothing to do`);
  t.css(STYLES);
  // The sheet is requested at once (it needs no page), so it is read by the time the banner is there.
  const sheet = config.GSHEETS_URL ? sheetCards(t, config) : Promise.resolve(undefined);
  whenState(t, config.document_ready_state, () => {
    let found = false;
    waitFor(t, config.selector, (banner) => {
      found = true;
      void run(t, config, banner as HTMLElement, type, sheet);
    });
    // No banner to set up is a failed setup too: the page is still marked ready (WID-100).
    if (!found) t.timer(() => found || markReady(t, config), WAIT_MS);
  });
});
