/**
 * The top banner (`top_banner`, homepage-spec §2–§5, WID-19..28), also used as the AU/NZ event pencil
 * banner (copy, pillCopy, bannerType, url). Built only when `bannerType` is BASE or empty, and only if
 * no top banner exists yet (WID-20, WID-21); a pill (default "New") and the copy, linking to the
 * event page (WID-22), placed before the navigation's header (WID-23). Hidden while the mobile menu
 * is open, shown again when it closes (WID-25, WID-26): the toggle's `aria-expanded`, or its label
 * "Close Links" / "Open Links" when it has no such attribute. Other banners named in
 * `other_classes_pipe_seperated` (class names or selectors, `|`-separated) are hidden (WID-27).
 */
import { all, build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const TOP_BANNER_ID = 'varia-top-banner';

export const TOP_BANNER_SCHEMA = {
  copy: str(''),
  bannerType: str('BASE'),
  pillCopy: str('New'),
  url: str('/events'),
  /** Class names or selectors of banners to hide, separated by `|` (spelling as the spec gives it). */
  other_classes_pipe_seperated: str('promo-banner'),
  /** The element the banner goes before: the header holding the navigation (page contract). */
  selector: region('insert', '#site-header'),
  /** The mobile menu toggle (page contract). */
  menuToggle: str('nav.top-nav button.nav-menu-toggle'),
};

const CSS = `
#${TOP_BANNER_ID},#${TOP_BANNER_ID} *{box-sizing:border-box}
#${TOP_BANNER_ID}{display:flex;justify-content:center;background:var(--forest,#04241a);color:#fff;font-family:var(--font,inherit);font-size:.92rem;line-height:1.4}
#${TOP_BANNER_ID}[hidden]{display:none}
#${TOP_BANNER_ID} a{display:flex;align-items:center;justify-content:center;gap:.75rem;padding:.6rem 1.25rem;color:inherit;text-decoration:none;max-width:1416px;width:100%}
#${TOP_BANNER_ID} a:hover .vw-tb-copy{text-decoration:underline;text-underline-offset:3px}
.vw-tb-pill{flex:none;background:var(--leaf,#00c96b);color:var(--forest,#04241a);border-radius:999px;padding:.15rem .65rem;font-weight:750;font-size:.72rem;text-transform:uppercase;letter-spacing:.07em}
.vw-tb-arrow{flex:none;color:var(--leaf-bright,#3ee389);font-weight:700;transition:transform .2s}
#${TOP_BANNER_ID} a:hover .vw-tb-arrow{transform:translateX(3px)}
@media (max-width:767px){#${TOP_BANNER_ID}{font-size:.84rem}#${TOP_BANNER_ID} a{justify-content:flex-start;padding:.6rem 1rem}}
`;

/** The selectors of the pipe-separated list: a bare class name gets its dot. */
export const otherSelectors = (list: string): string[] =>
  list
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (/^[\w-]+$/.test(item) ? `.${item}` : item));

const isOpen = (toggle: Element): boolean => {
  const expanded = toggle.getAttribute('aria-expanded');
  return expanded != null ? expanded == 'true' : /close/i.test(toggle.textContent ?? '');
};

const show = (c: ConfigOf<typeof TOP_BANNER_SCHEMA>, t: Track) => {
  const { doc, win } = t;
  if (c.bannerType && c.bannerType.toUpperCase() != 'BASE') return t.log.debug(`Widget "top_banner": type ${c.bannerType} is not built`);
  if (doc.getElementById(TOP_BANNER_ID)) return t.log.debug('Widget "top_banner": a top banner is already shown');
  t.css(CSS);
  waitFor(t, c.selector, (anchor) => {
    if (doc.getElementById(TOP_BANNER_ID)) return;
    const banner = build(
      doc,
      `<div id="${TOP_BANNER_ID}" role="region" aria-label="${esc(c.pillCopy || 'Announcement')}"><a href="${esc(localize(win, c.url))}">` +
        `${c.pillCopy ? `<span class="vw-tb-pill">${esc(c.pillCopy)}</span>` : ''}<span class="vw-tb-copy">${esc(c.copy)}</span><span class="vw-tb-arrow" aria-hidden="true">→</span></a></div>`,
    );
    t.add(banner, anchor, 'before');
    for (const selector of otherSelectors(c.other_classes_pipe_seperated)) {
      for (const other of all(doc, selector)) if (other !== banner) t.style(other as HTMLElement, 'display', 'none', true);
    }
    waitFor(t, c.menuToggle, (toggle) => {
      const sync = () => (banner.hidden = isOpen(toggle));
      sync();
      t.observe(toggle, sync, { attributes: true, attributeFilter: ['aria-expanded'], childList: true, characterData: true, subtree: true });
    });
  });
};

export default defineWidget('top_banner', TOP_BANNER_SCHEMA, show);
