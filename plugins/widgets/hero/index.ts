/**
 * The hero widget (`hero`, homepage-spec §2–§5, WID-55..76, WID-114). It waits for the first section
 * and the main container (WID-60), then inserts its hero into the first section's parent, before it,
 * and hides that section (the site's own hero) while it shows. Until the page has loaded (the config's
 * `readyState`), any change in the main container re-renders it: a framework that re-renders the
 * page gets the hero put back and its new first section hidden, never a second hero (WID-61, WID-62);
 * then observation stops. The page is held at opacity 0.01 from the show until the hero is ready, and
 * never longer than the runtime's pre-hiding safety timeout, 3000 ms (WID-63). The first click on a
 * hero link pushes `heroLinkEvent`, once per page (WID-114).
 */
import { all, build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import { isOff, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { onLoad, onReady, waitFor } from '../_shared/wait';
import { defineWidget, pushEvent } from '../_shared/widget';
import { HERO_SCHEMA } from './schema';
import { HERO_CSS } from './styles';
import { BOX_ID, startWords, WORD_ID, wordsOf } from './words';

/** The runtime's pre-hiding safety timeout: the page is never held longer (WID-63). */
export const HOLD_MAX_MS = 3000;
export const HERO_ID = 'varia-hero';

type HeroConfig = ConfigOf<typeof HERO_SCHEMA>;
type Block = { title?: unknown; link?: unknown; description?: unknown };

// Pages (documents) where the hero-link click was already pushed: once per page (WID-114).
const clicked = new WeakSet<Document>();

const markup = (c: HeroConfig, words: string[], href: (link: string) => string): string => {
  const blocks = [c.block1, c.block2, c.block3, c.block4]
    .filter((b: Block) => b && b.title)
    .map((b: Block) => `<a class="vw-hero-block" href="${esc(href(String(b.link ?? '')))}"><b>${esc(b.title)}</b><span>${esc(b.description)}</span></a>`)
    .join('');
  const counters = [
    [c.customersCount, c.customersLabel],
    [c.developersCount, c.developersLabel],
    [c.regionsCount, c.regionsLabel],
    [c.rankCount, c.rankLabel],
  ]
    .filter(([count]) => count)
    .map(([count, label]) => `<li><strong>${esc(count)}</strong><span>${esc(label)}</span></li>`)
    .join('');
  const secondary = c.secondaryCtaText ? `<a class="vw-btn vw-btn-ghost" href="${esc(href(c.secondaryCtaLink))}">${esc(c.secondaryCtaText)} <span aria-hidden="true">→</span></a>` : '';
  // WID-77: three rows of the topics scrolling behind the hero, 100 s linear, endless (each row holds
  // its words twice, so moving it by half its width loops without a jump).
  const row = `<div>${esc(words.join(' · ') + ' · ').repeat(2)}</div>`;
  const rows = isOff(c.backgroundRows) ? '' : `<div class="vw-rows" aria-hidden="true">${row.repeat(3)}</div>`;
  return `<section class="vw-hero" id="${HERO_ID}">${rows}<div class="vw-hero-inner"><div class="vw-hero-main"><div>
${c.eyebrow ? `<p class="vw-hero-eyebrow">${esc(c.eyebrow)}</p>` : ''}
<h1 class="vw-hero-title${isOff(c.normalAnimatedTextSize) ? ' vw-small' : ''}">${esc(c.title1)} <span class="vw-words" id="${BOX_ID}"><span class="vw-word" id="${WORD_ID}"></span></span> ${esc(c.title2)}</h1>
${c.description ? `<p class="vw-hero-desc">${esc(c.description)}</p>` : ''}
<div class="vw-hero-ctas"><a class="vw-btn vw-btn-primary" href="${esc(href(c.ctaLink))}">${esc(c.ctaText)}</a>${secondary}</div></div>
<div class="vw-hero-visual" aria-hidden="true"><p>${esc(c.dataTypesLabel)}</p><ul class="vw-chips">${words.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></div></div>
${counters ? `<ul class="vw-counters">${counters}</ul>` : ''}
${blocks ? `<div class="vw-hero-blocks">${blocks}</div>` : ''}
</div></section>`;
};

const show = (c: HeroConfig, t: Track) => {
  const { doc, win } = t;
  const dropHold = t.css('html{opacity:.01!important}');
  const release = () => {
    stopSafety();
    dropHold();
  };
  const stopSafety = t.timer(release, HOLD_MAX_MS);
  t.css(HERO_CSS + c.additional_css);
  const words = wordsOf(c);
  const hidden = new WeakSet<Element>();
  let main: Element | null = null;
  let mine: Element | null = null;

  /**
   * Puts the hero in place unless it is there, and hides the site's first section. A hero another show
   * put in is left alone, section included (WID-61): each show undoes only what it did.
   */
  const render = () => {
    const current = doc.getElementById(HERO_ID);
    if (!main?.isConnected || (current && current !== mine)) return;
    // Once the hero is in, a `:first-of-type` selector names it: the site's section is then the next one.
    const first = all(doc, c.selector).find((el) => el.id != HERO_ID) ?? [...main.children].find((el) => el.tagName == 'SECTION' && el.id != HERO_ID);
    if (first && first.id != HERO_ID && !hidden.has(first)) {
      hidden.add(first);
      t.style(first as HTMLElement, 'display', 'none', true);
    }
    if (current) return;
    const hero = (mine = build(doc, markup(c, words, (link) => localize(win, link))));
    if (first?.parentNode) t.add(hero, first, 'before');
    else t.add(hero, main, 'prepend');
    t.on(hero, 'click', (event) => {
      if (clicked.has(doc) || !(event.target as Element).closest?.('a')) return;
      clicked.add(doc);
      pushEvent(t, c.heroLinkEvent);
    });
    startWords(t, words);
  };

  waitFor(t, c.mainSelector, (found) => {
    waitFor(t, c.selector, () => {
      main = found;
      render();
      release();
      // Re-render on changes of the main container (not those inside the hero) until the page is ready (WID-62).
      const stop = t.observe(found, (records) => {
        if (records.some((r) => !doc.getElementById(HERO_ID)?.contains(r.target))) render();
      }, { childList: true, subtree: true });
      (c.readyState == 'interactive' ? onReady : onLoad)(t, stop);
    });
  });
};

export default defineWidget('hero', HERO_SCHEMA, show);
