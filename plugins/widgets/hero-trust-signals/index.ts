/**
 * Hero trust signals (`hero_trust_signals`, homepage-spec §2, WID-14..18). Waits for the site's
 * hydration before changing anything (WID-14): hydration re-renders the hero's blocks, which would
 * overwrite an earlier change. Then removes the first two hero blocks (WID-15) and turns the third
 * and fourth into analyst-report links (WID-16, WID-17) whose link, icon and text come from the
 * experiment's config (WID-18). Each link carries `data-report="<type>"` (default forrester and
 * gartner) so the project's Forrester and Gartner click events select them; which badge is which is
 * open in the spec (WID-18), so it is the config's `report1_type`/`report2_type`.
 */
import { all, build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import { str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor, whenHydrated } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const TRUST_SCHEMA = {
  /** The hero's trust blocks, in order (page contract). */
  blocksSelector: str('section.hero .hero-trust > .hero-trust-block'),
  report1_type: str('forrester'),
  report1_link: str(''),
  report1_icon: str(''),
  report1_text: str(''),
  report2_type: str('gartner'),
  report2_link: str(''),
  report2_icon: str(''),
  report2_text: str(''),
};

const CSS = `
.vw-report{display:flex!important;align-items:center;gap:.9rem}
.vw-report img,.vw-report .vw-report-badge{flex:none;width:44px;height:44px;border-radius:10px;object-fit:contain;background:#fff;padding:6px}
.vw-report .vw-report-badge{display:grid;place-items:center;color:var(--forest,#04241a);font-weight:800;font-size:.7rem;letter-spacing:.04em;text-transform:uppercase}
.vw-report-text{font-weight:600;line-height:1.35}
.vw-report-text::after{content:" →";color:var(--leaf-bright,#3ee389)}
`;

type Config = ConfigOf<typeof TRUST_SCHEMA>;

/** Rewrites a hero block into report `n`'s link; a report without text leaves its block as it is. */
const report = (t: Track, block: HTMLAnchorElement | undefined, c: Config, n: 1 | 2) => {
  const text = c[`report${n}_text`];
  if (!block || !text) return;
  const type = c[`report${n}_type`];
  const icon = c[`report${n}_icon`];
  const badge = icon ? `<img src="${esc(icon)}" alt="" width="44" height="44">` : `<span class="vw-report-badge">${esc(type.slice(0, 3))}</span>`;
  const inner = build(t.doc, `<span>${badge}<span class="vw-report-text">${esc(text)}</span></span>`);
  t.content(block, ...inner.childNodes);
  if (c[`report${n}_link`]) t.attr(block, 'href', localize(t.win, c[`report${n}_link`]));
  t.attr(block, 'data-report', type);
  t.attr(block, 'class', `${block.className} vw-report`);
};

const show = (c: Config, t: Track) => {
  whenHydrated(t, () =>
    waitFor(t, c.blocksSelector, () => {
      t.css(CSS);
      const blocks = all(t.doc, c.blocksSelector) as HTMLAnchorElement[];
      report(t, blocks[2], c, 1);
      report(t, blocks[3], c, 2);
      t.remove(blocks[0]);
      t.remove(blocks[1]);
      // Two badges instead of four blocks: let them share the row the four had.
      const row = blocks[2]?.parentElement;
      if (row && t.win.getComputedStyle(row).display == 'grid') t.style(row, 'grid-template-columns', 'repeat(auto-fit,minmax(min(100%,18rem),1fr))');
    }),
  );
};

export default defineWidget('hero_trust_signals', TRUST_SCHEMA, show);
