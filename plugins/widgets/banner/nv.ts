/**
 * Banner type NV: the existing banner is rewritten in place (WID-81), each part only when its
 * configured value is non-empty (WID-82): the heading (title, with title2 as a second line), the
 * first paragraph that is not an eyebrow (description), the first link (ctaText, ctaLink), the image
 * (image; added when the banner has none), the background (backgroundSVG) and a full-height image
 * (fullHeightImage 'true'). With a spreadsheet address, the sheet's first card supplies the values
 * the config leaves empty (WID-89: the spec names the sheet as an NV content source without saying
 * how; filling gaps keeps the configured values in charge).
 */
import { one } from '../_shared/dom';
import { localize } from '../_shared/links';
import { isOn } from '../_shared/schema';
import { safeUrl, type CardRecord } from '../_shared/sheet';
import type { Track } from '../_shared/track';
import type { Config } from './cards';

/** The values NV writes, after the sheet's first card has filled the gaps. */
const values = (config: Config, card: CardRecord | undefined) => ({
  title: config.title || card?.title || '',
  title2: config.title2,
  description: config.description || card?.description || '',
  ctaText: config.ctaText || card?.ctaText || '',
  // ctaLink has a default, so the card's link is used only when the config's is cleared.
  ctaLink: config.ctaLink || card?.link || '',
  image: config.image || card?.image || '',
});

/** Rewrites `banner` (WID-81, WID-82); every edit is undone exactly on hide. */
export const rewrite = (t: Track, banner: HTMLElement, config: Config, card?: CardRecord): void => {
  const { doc, win } = t;
  const v = values(config, card);
  const heading = one(banner, 'h1,h2,h3');
  if (heading && (v.title || v.title2)) {
    const nodes: (Node | string)[] = [v.title || heading.textContent || ''];
    if (v.title2) {
      const second = doc.createElement('span');
      second.className = 'vbn-title2';
      second.textContent = v.title2;
      nodes.push(second);
    }
    t.content(heading, ...nodes);
  }
  const text = one(banner, 'p:not(.eyebrow)');
  if (text && v.description) t.content(text, v.description);
  const link = one(banner, 'a[href]');
  if (link && v.ctaText) t.content(link, v.ctaText);
  const href = v.ctaLink && safeUrl(localize(win, v.ctaLink), doc.baseURI);
  if (link && href) {
    t.attr(link, 'href', href);
    // The sheet's own link leaving the vendor's site opens in a new tab, as a card's does (WID-90).
    if (!config.ctaLink && card?.newTab) {
      t.attr(link, 'target', '_blank');
      t.attr(link, 'rel', 'noopener noreferrer');
    }
  }
  const inner = (banner.firstElementChild as HTMLElement | null) ?? banner;
  const src = v.image && safeUrl(v.image, doc.baseURI);
  if (src) {
    const image = one(banner, 'img');
    if (image) t.attr(image, 'src', src);
    else {
      const added = doc.createElement('img');
      added.className = 'vbn-nv-image';
      added.src = src;
      added.alt = '';
      t.add(added, inner, 'into');
    }
  }
  const background = config.backgroundSVG && safeUrl(config.backgroundSVG, doc.baseURI);
  if (background) t.style(inner, 'background-image', `url("${background.replace(/"/g, '%22')}")`);
  if (isOn(config.fullHeightImage)) {
    banner.classList.add('vbn-full-height');
    t.later(() => banner.classList.remove('vbn-full-height'));
  }
};
