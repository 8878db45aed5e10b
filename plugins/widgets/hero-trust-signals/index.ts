/**
 * Hero trust signals (`hero_trust_signals`, homepage-spec §2, WID-14..18). Waits for the site's
 * hydration before changing anything (WID-14): hydration re-renders the hero's blocks, which would
 * overwrite an earlier change. Then removes the first two hero blocks (WID-15) and turns the third
 * and fourth into analyst-report links (WID-16, WID-17) whose link, icon and text come from the
 * experiment's config (WID-18). Each link carries `data-report="<type>"` (forrester, gartner: from
 * the config, or told from the link and text) so click events can select them; which badge is which is
 * open in the spec (WID-18), so it is the config's `firstReportType`/`secondReportType`.
 */
import { all, build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor, whenHydrated } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const TRUST_SCHEMA = {
  /** The hero's trust blocks, in order (page contract). */
  selector: region('replace', 'section.hero .hero-trust > .hero-trust-block'),
  /** The report's kind, for `data-report`; empty: told from the link and text (gartner, forrester). */
  firstReportType: str(''),
  firstReportLink: str(''),
  firstReportIcon: str(''),
  firstReportText: str(''),
  secondReportType: str(''),
  secondReportLink: str(''),
  secondReportIcon: str(''),
  secondReportText: str(''),
};

const CSS = `
.vw-report,.vw-report *{box-sizing:border-box}
.vw-report{display:flex!important;align-items:center;gap:.9rem}
.vw-report img,.vw-report .vw-report-badge{flex:none;width:44px;height:44px;border-radius:10px;object-fit:contain;background:#fff;padding:6px}
.vw-report .vw-report-badge{display:grid;place-items:center;color:var(--forest,#04241a);font-weight:800;font-size:.7rem;letter-spacing:.04em;text-transform:uppercase}
.vw-report-text{font-weight:600;line-height:1.35}
.vw-report-text::after{content:" →";color:var(--leaf-bright,#3ee389)}
`;

type Config = ConfigOf<typeof TRUST_SCHEMA>;

/** Rewrites a hero block into report `n`'s link; a report without text leaves its block as it is. */
const report = (t: Track, block: HTMLAnchorElement | undefined, c: Config, n: 'first' | 'second') => {
  const text = c[`${n}ReportText`];
  if (!block || !text) return;
  const link = c[`${n}ReportLink`];
  const type = c[`${n}ReportType`] || (/gartner|forrester/i.exec(link + text)?.[0].toLowerCase() ?? 'report');
  const icon = c[`${n}ReportIcon`];
  const badge = icon ? `<img src="${esc(icon)}" alt="" width="44" height="44">` : `<span class="vw-report-badge">${esc(type.slice(0, 3))}</span>`;
  const inner = build(t.doc, `<span>${badge}<span class="vw-report-text">${esc(text)}</span></span>`);
  t.content(block, ...inner.childNodes);
  if (link) t.attr(block, 'href', localize(t.win, link));
  t.attr(block, 'data-report', type);
  t.attr(block, 'class', `${block.className} vw-report`);
};

const show = (c: Config, t: Track) => {
  whenHydrated(t, () =>
    waitFor(t, c.selector, () => {
      // Already swapped by another show: doing it again would remove the badges themselves.
      if (t.doc.querySelector('.vw-report')) return t.log.debug('Widget "hero_trust_signals": the badges are already shown');
      t.css(CSS);
      const blocks = all(t.doc, c.selector) as HTMLAnchorElement[];
      report(t, blocks[2], c, 'first');
      report(t, blocks[3], c, 'second');
      t.remove(blocks[0]);
      t.remove(blocks[1]);
      // Two badges instead of four blocks: let them share the row the four had (a grid on the site;
      // set without reading the computed style, which would force a style pass; ignored on a non-grid row).
      const row = blocks[2]?.parentElement;
      if (row) t.style(row, 'grid-template-columns', 'repeat(auto-fit,minmax(min(100%,18rem),1fr))');
    }),
  );
};

export default defineWidget('hero_trust_signals', TRUST_SCHEMA, show);
