/**
 * The banner's cards: from the configured slides (WID-84, WID-85, WID-91) and as DOM. Every text is
 * set with `textContent` and every URL passed through `safeUrl`, so content from the spreadsheet can
 * never become markup or a script link (hostile remote content).
 */
import type { CardRecord } from '../_shared/sheet';
import { safeUrl } from '../_shared/sheet';
import { isOn, type ConfigOf } from '../_shared/schema';
import { localize } from '../_shared/links';
import { SLIDES, type SCHEMA } from './schema';

export type Config = ConfigOf<typeof SCHEMA>;

/**
 * The configured slides as cards, in order: a slide is included only when its link is non-empty
 * (WID-85), at most five (WID-84); it opens in a new tab when its flag is the string 'true' (WID-91).
 */
export const slidesFromConfig = (config: Config, win: Window): CardRecord[] => {
  const cards: CardRecord[] = [];
  for (const n of SLIDES) {
    const link = String(config[`slide${n}Link`] ?? '').trim();
    if (!link) continue;
    cards.push({
      link: localize(win, link),
      image: String(config[`slide${n}Image`] ?? ''),
      eyebrow: '',
      title: String(config[`slide${n}Title`] ?? ''),
      date: '',
      video: '',
      description: String(config[`slide${n}Copy`] ?? ''),
      ctaText: String(config[`slide${n}CtaText`] ?? ''),
      newTab: isOn(config[`slide${n}NewWindow`]),
    });
  }
  return cards;
};

/** An element with a class and, when given, its text (never markup). */
const el = (doc: Document, tag: string, cls: string, text?: string): HTMLElement => {
  const node = doc.createElement(tag);
  node.className = cls;
  if (text) node.textContent = text;
  return node;
};

/** One slide of the carousel holding the card's link. */
export const cardSlide = (doc: Document, card: CardRecord): HTMLElement => {
  const slide = el(doc, 'div', 'swiper-slide vbn-slide');
  const link = el(doc, 'a', 'vbn-card') as HTMLAnchorElement;
  const href = safeUrl(card.link, doc.baseURI);
  if (href) link.href = href;
  if (card.newTab) {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  const media = el(doc, 'span', 'vbn-media');
  const src = safeUrl(card.image, doc.baseURI);
  if (src) {
    const image = doc.createElement('img');
    image.src = src;
    image.alt = '';
    image.loading = 'lazy';
    image.decoding = 'async';
    media.append(image);
  }
  if (card.video) media.append(el(doc, 'span', 'vbn-play', '\u25b6'));
  const body = el(doc, 'span', 'vbn-body');
  const meta = el(doc, 'span', 'vbn-meta');
  if (card.eyebrow) meta.append(el(doc, 'span', 'vbn-eyebrow', card.eyebrow));
  if (card.date) meta.append(el(doc, 'span', 'vbn-date', card.date));
  if (meta.firstChild) body.append(meta);
  body.append(el(doc, 'span', 'vbn-title', card.title));
  if (card.description) body.append(el(doc, 'span', 'vbn-desc', card.description));
  if (card.ctaText) body.append(el(doc, 'span', 'vbn-cta', card.ctaText));
  link.append(media, body);
  slide.append(link);
  return slide;
};
