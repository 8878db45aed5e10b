/** Set-up of the banner browser tests: Swiper from node_modules (served by the test server), slide configs. */
import { page } from 'vitest/browser';
import banner from '../../../plugins/widgets/banner';
import { boot, fixture, realClock } from './kit';

export const SWIPER = { libraryBase: '/node_modules', swiperPath: 'swiper/swiper-bundle.min.js' };
/** Swiper's own style sheet (not loaded by default: the widget's sheet has its layout rules). */
export const SWIPER_CSS = 'swiper/swiper-bundle.min.css';

/** The fixture's events banner, as the stand-in homepage renders it. */
export const EVENTS_BANNER = `<section class="events-banner"><div class="events-banner-inner">
<div><p class="eyebrow">Events</p><h2>Leafline.local</h2><p>Meet the team in your city.</p></div>
<div class="events-aside"><span class="events-meta">14 cities</span><a class="button" href="/events">See events</a><img src="/x.svg" alt=""></div>
</div></section>`;

/** Configured slides 1..n (an SVG of the card's colour as image). */
export const slides = (n: number, extra: Record<string, unknown> = {}): Record<string, unknown> => {
  const config: Record<string, unknown> = {};
  for (let i = 1; i <= n; i++) {
    config[`slide${i}Link`] = `/events/${i}`;
    config[`slide${i}Title`] = `Card ${i}`;
    config[`slide${i}Copy`] = `Copy ${i}`;
    config[`slide${i}CtaText`] = `Go ${i}`;
  }
  return { ...SWIPER, type: 'RV', title: 'Upcoming events', ...config, ...extra };
};

export const plugins: { hide(): void }[] = [];

/** A fixture page whose events banner is the stand-in's, a kernel with the banner widget, at `width`. */
export const setUpBanner = async (width: number, height = 900) => {
  await page.viewport(width, height);
  const root = fixture();
  root.querySelector('section.events-banner')!.outerHTML = EVENTS_BANNER;
  const plugin = banner();
  plugins.push(plugin);
  return { plugin, root, ...boot([plugin], { clock: realClock }) };
};

/** Slides that are not loop copies, in order. */
export const realSlides = () => [...document.querySelectorAll<HTMLElement>('.vbn .swiper-slide:not(.swiper-slide-duplicate)')];

/** Slides left to right from the first one whose left edge is at or after the carousel's content start. */
export const visibleFromFirst = () => {
  const container = document.querySelector<HTMLElement>('.vbn-swiper')!;
  const start = container.getBoundingClientRect().left + parseFloat(getComputedStyle(container).paddingLeft);
  return [...document.querySelectorAll<HTMLElement>('.vbn .swiper-slide')]
    .map((slide) => ({ slide, left: slide.getBoundingClientRect().left }))
    .filter(({ left }) => left >= start - 2)
    .sort((a, b) => a.left - b.left)
    .map(({ slide }) => slide);
};

/** Whether the carousel is at rest with a card's left edge on the content start (snapped, not moving). */
export const snapped = () => {
  const container = document.querySelector<HTMLElement>('.vbn-swiper');
  const wrapper = document.querySelector<HTMLElement>('.vbn .swiper-wrapper');
  const first = visibleFromFirst()[0];
  if (!container || !wrapper || !first) return false;
  const start = container.getBoundingClientRect().left + parseFloat(getComputedStyle(container).paddingLeft);
  return wrapper.style.transitionDuration === '0ms' && Math.abs(first.getBoundingClientRect().left - start) < 1;
};

export const carouselReady = () => !!document.querySelector('.vbn .swiper-container-initialized');
