/**
 * The RV carousel on the real slider library, Swiper 6.8.3, loaded once on demand (WID-92): loop,
 * free mode with snapping ("free-snap"), dragged with mouse or touch (WID-93), pagination dots
 * following the slide (WID-94), slides per view and spacing by width (WID-95), and cards dimmed by
 * their position relative to the first visible one (WID-97..99).
 */
import { joinUrl, loadLibrary, loadStyles } from '../_shared/animation-libraries';
import type { Track } from '../_shared/track';
import type { Config } from './cards';

/** The part of Swiper 6's API the carousel uses. */
export interface SwiperInstance {
  realIndex: number;
  slides: ArrayLike<HTMLElement & { progress?: number }>;
  params: { slidesPerView: number; spaceBetween: number };
  destroyed?: boolean;
  destroy(deleteInstance?: boolean, cleanStyles?: boolean): void;
}
export type SwiperClass = new (el: Element, options: Record<string, unknown>) => SwiperInstance;

/**
 * Slides per view and spacing (WID-95). The spec gives max-width rules (≤1350 2.3, ≤1280 1.5,
 * ≤1024 1.2, ≤768 1.35 with 16 px) over a default (2.7, 24 px) and one min-width rule (≥2300 3.8);
 * where they overlap the narrower rule wins (ruling 19). As Swiper's min-width breakpoints: the
 * narrowest rule is the base, each key the first width of the next rule.
 */
export const BREAKPOINTS: Readonly<Record<number, { slidesPerView: number; spaceBetween: number }>> = {
  769: { slidesPerView: 1.2, spaceBetween: 24 },
  1025: { slidesPerView: 1.5, spaceBetween: 24 },
  1281: { slidesPerView: 2.3, spaceBetween: 24 },
  1351: { slidesPerView: 2.7, spaceBetween: 24 },
  2300: { slidesPerView: 3.8, spaceBetween: 24 },
};
export const BASE_VIEW = { slidesPerView: 1.35, spaceBetween: 16 };

/** Opacity of dimmed cards (WID-97). */
export const DIMMED = 0.65;

/** How many cards from the first visible one stay fully opaque at this width (WID-97..99). */
export const opaqueCount = (width: number): number => (width <= 1280 ? 1 : width >= 2300 ? 3 : 2);

/** Dims every slide whose position relative to the first visible one is not among the opaque ones. */
const dim = (swiper: SwiperInstance, width: number) => {
  const opaque = opaqueCount(width);
  for (const slide of Array.from(swiper.slides)) {
    // Swiper's progress is 0 for the first visible slide and -k for the k-th one after it.
    const position = Math.round(-(slide.progress ?? 0));
    slide.classList.toggle('vbn-dim', position < 0 || position >= opaque);
  }
};

/** Loads Swiper's script and, when configured, its style sheet (each once per window); resolves with the Swiper class. */
export const loadSwiper = async (t: Track, config: Config): Promise<SwiperClass> => {
  const styles = config.swiperCssPath
    ? loadStyles(t, joinUrl(config.libraryBase, config.swiperCssPath)).catch(() => t.log.warn(`Widget "${t.name}": the slider's style sheet did not load`))
    : undefined;
  const Swiper = await loadLibrary<SwiperClass>(t, joinUrl(config.libraryBase, config.swiperPath), 'Swiper');
  await styles;
  return Swiper;
};

/** Sets the carousel up in `section` (already in the page, so it can be measured); destroyed on undo. */
export const startCarousel = (t: Track, Swiper: SwiperClass, section: HTMLElement, count: number): SwiperInstance => {
  const update = t.guard((swiper: SwiperInstance) => dim(swiper, t.win.innerWidth));
  const swiper = new Swiper(section.querySelector('.swiper-container')!, {
    loop: true,
    loopedSlides: count,
    freeMode: true,
    freeModeSticky: true,
    grabCursor: true,
    simulateTouch: true,
    watchSlidesProgress: true,
    ...BASE_VIEW,
    breakpoints: BREAKPOINTS,
    pagination: { el: section.querySelector('.swiper-pagination'), clickable: true },
    navigation: { prevEl: section.querySelector('.vbn-prev'), nextEl: section.querySelector('.vbn-next') },
    // Dots become focusable buttons labelled "Go to slide n"; slide changes are announced.
    a11y: { enabled: true },
    on: { init: update, setTranslate: update, resize: update, breakpoint: update, slideChangeTransitionEnd: update },
  });
  t.later(() => swiper.destroyed || swiper.destroy(true, true));
  return swiper;
};
