/**
 * The free-demo banner (`demo_banner`, homepage-spec §1, §9, WID-103..106): for desktop users only
 * (WID-12, ruling 19: 1024 px and up; below it is not built, and a window narrowed afterwards hides
 * it), inserted above the hero after a 100 ms delay (WID-104). Its link is the product tour with the
 * tracking parameter `tck=demo_hp_banner_2` (WID-105); a click pushes `demo_banner_clicks` to the
 * runtime's queue (WID-106).
 */
import { DESKTOP_MIN, deviceOf } from '../_shared/breakpoints';
import { build, esc } from '../_shared/dom';
import { localize, withParam } from '../_shared/links';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor } from '../_shared/wait';
import { defineWidget, pushEvent } from '../_shared/widget';

export const DEMO_BANNER_ID = 'varia-demo-banner';
export const DEMO_DELAY_MS = 100;

export const DEMO_BANNER_SCHEMA = {
  /** The hero, which the banner goes above (page contract: the first section of main). */
  selector: region('insert', 'main#main-content > section:first-of-type'),
  title: str('See the platform in action'),
  copy: str('Take a self-guided product tour: no sign-up needed.'),
  ctaText: str('Start the free demo'),
  url: str('/products/platform/atlas-product-tour'),
  /** The product tour's tracking parameter `tck` (WID-105). */
  tck: str('demo_hp_banner_2'),
  clickEvent: str('demo_banner_clicks'),
};

const CSS = `
#${DEMO_BANNER_ID},#${DEMO_BANNER_ID} *{box-sizing:border-box}
#${DEMO_BANNER_ID}{background:var(--mint,#e6f7ee);border-bottom:1px solid var(--line,#dbe5e0);font-family:var(--font,inherit);color:var(--ink,#0d1f19)}
.vw-demo{max-width:1416px;margin:0 auto;padding:.9rem 1.5rem;display:flex;align-items:center;gap:1.25rem}
.vw-demo-icon{flex:none;width:36px;height:36px;border-radius:50%;background:var(--forest,#04241a);display:grid;place-items:center}
.vw-demo-icon::before{content:"";margin-left:3px;border-style:solid;border-width:7px 0 7px 11px;border-color:transparent transparent transparent var(--leaf-bright,#3ee389)}
.vw-demo p{margin:0}
.vw-demo strong{font-weight:750}
.vw-demo span.vw-demo-copy{color:var(--muted,#5a6e66)}
.vw-demo a{margin-left:auto;flex:none;display:inline-flex;padding:.6rem 1.15rem;border-radius:999px;background:var(--forest,#04241a);color:#fff;font-weight:650;text-decoration:none;font-size:.92rem}
.vw-demo a:hover{background:var(--forest-3,#124634)}
@media (max-width:${DESKTOP_MIN - 1}px){#${DEMO_BANNER_ID}{display:none}}
`;

const show = (c: ConfigOf<typeof DEMO_BANNER_SCHEMA>, t: Track) => {
  if (deviceOf(t.win.innerWidth) != 'desktop') return t.log.debug('Widget "demo_banner": not a desktop viewport; not shown');
  t.timer(
    () =>
      waitFor(t, c.selector, (hero) => {
        if (t.doc.getElementById(DEMO_BANNER_ID)) return;
        t.css(CSS);
        const href = withParam(localize(t.win, c.url), 'tck', c.tck);
        const banner = build(
          t.doc,
          `<div id="${DEMO_BANNER_ID}"><div class="vw-demo"><span class="vw-demo-icon" aria-hidden="true"></span><p><strong>${esc(c.title)}</strong> <span class="vw-demo-copy">${esc(c.copy)}</span></p><a href="${esc(href)}">${esc(c.ctaText)}</a></div></div>`,
        );
        t.on(banner.querySelector('a')!, 'click', () => pushEvent(t, c.clickEvent));
        t.add(banner, hero, 'before');
      }),
    DEMO_DELAY_MS,
  );
};

export default defineWidget('demo_banner', DEMO_BANNER_SCHEMA, show);
