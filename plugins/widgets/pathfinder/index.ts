/**
 * Choose your path (`pathfinder`, homepage-spec §2–§5, WID-29..32): a title, a left card (eyebrow,
 * header, copy, call-to-action button) and a right card with four links and a fifth only when
 * `rcol_5_text` is non-empty (WID-31). Inserted after the configured element once the page has fully
 * loaded (WID-32). The spec gives no default copy: the defaults below are neutral labels pointing at
 * the spec's link targets (WID-9), and the call to action goes to the sign-up page (WID-10).
 */
import { build, esc } from '../_shared/dom';
import { localize, REGISTER_PATH } from '../_shared/links';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { onLoad, waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const PATHFINDER_ID = 'varia-pathfinder';

export const PATHFINDER_SCHEMA = {
  header: str('Choose your path'),
  /** The element the block goes after (page contract). */
  selector: region('insert', '#pathfinder-anchor'),
  lefteyebrow: str('Start building'),
  leftheader: str('Deploy a free cluster in minutes'),
  leftcopy: str('Get a managed database with search and vectors built in. No credit card required.'),
  leftCTAText: str('Start free'),
  leftCTAURL: str(REGISTER_PATH),
  righteyebrow: str('Explore'),
  rcol_1_text: str('Read the documentation'),
  rcol_1_url: str('/docs/'),
  rcol_2_text: str('Compare pricing'),
  rcol_2_url: str('/pricing'),
  rcol_3_text: str('Why developers choose us'),
  rcol_3_url: str('/why-use-mongodb'),
  rcol_4_text: str('Talk to our team'),
  rcol_4_url: str('/company/contact'),
  rcol_5_text: str(''),
  rcol_5_url: str(''),
};

const CSS = `
#${PATHFINDER_ID},#${PATHFINDER_ID} *{box-sizing:border-box}
#${PATHFINDER_ID}{max-width:1416px;margin:0 auto;padding:4rem 1.5rem 1rem;font-family:var(--font,inherit);color:var(--ink,#0d1f19)}
#${PATHFINDER_ID} h2{font-size:clamp(1.6rem,1.2rem + 1.6vw,2.5rem);letter-spacing:-.02em;margin:0 0 2rem;text-align:center}
.vw-pf-grid{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,.9fr);gap:1.25rem}
.vw-pf-card{border-radius:18px;padding:2.25rem 2.5rem;display:flex;flex-direction:column;gap:.9rem}
.vw-pf-left{background:linear-gradient(125deg,var(--forest,#04241a),var(--forest-3,#124634));color:#fff}
.vw-pf-right{background:var(--cream,#f6f8f5);border:1px solid var(--line,#dbe5e0)}
.vw-pf-eyebrow{margin:0;text-transform:uppercase;letter-spacing:.12em;font-size:.78rem;font-weight:700;color:var(--leaf,#00c96b)}
.vw-pf-left .vw-pf-eyebrow{color:var(--leaf-bright,#3ee389)}
.vw-pf-left h3{font-size:clamp(1.4rem,1.1rem + 1vw,1.9rem);letter-spacing:-.02em;line-height:1.2;margin:0}
.vw-pf-left p:not(.vw-pf-eyebrow){margin:0;color:rgba(255,255,255,.78);font-size:1.05rem;max-width:32rem}
.vw-pf-cta{align-self:flex-start;margin-top:auto;display:inline-flex;padding:.8rem 1.35rem;border-radius:999px;background:var(--leaf,#00c96b);color:var(--forest,#04241a);font-weight:650;text-decoration:none}
.vw-pf-cta:hover{background:var(--leaf-bright,#3ee389)}
.vw-pf-links{list-style:none;margin:0;padding:0;display:grid}
.vw-pf-links a{display:flex;justify-content:space-between;gap:1rem;padding:.95rem 0;border-bottom:1px solid var(--line,#dbe5e0);color:inherit;text-decoration:none;font-weight:600}
.vw-pf-links li:last-child a{border-bottom:0}
.vw-pf-links a::after{content:"→";color:var(--leaf,#00c96b);transition:transform .2s}
.vw-pf-links a:hover::after{transform:translateX(4px)}
@media (max-width:1023px){.vw-pf-grid{grid-template-columns:1fr}}
@media (max-width:767px){#${PATHFINDER_ID}{padding:3rem 1.25rem 1rem}.vw-pf-card{padding:1.75rem 1.5rem}}
`;

type Config = ConfigOf<typeof PATHFINDER_SCHEMA>;

const markup = (c: Config, href: (link: string) => string) => {
  const links = ([1, 2, 3, 4, 5] as const)
    .filter((n) => n < 5 || c.rcol_5_text)
    .map((n) => `<li><a href="${esc(href(c[`rcol_${n}_url`]))}">${esc(c[`rcol_${n}_text`])}</a></li>`)
    .join('');
  return `<section id="${PATHFINDER_ID}" aria-label="${esc(c.header)}"><h2>${esc(c.header)}</h2><div class="vw-pf-grid">
<div class="vw-pf-card vw-pf-left"><p class="vw-pf-eyebrow">${esc(c.lefteyebrow)}</p><h3>${esc(c.leftheader)}</h3><p>${esc(c.leftcopy)}</p>
<a class="vw-pf-cta" href="${esc(href(c.leftCTAURL))}">${esc(c.leftCTAText)}</a></div>
<div class="vw-pf-card vw-pf-right"><p class="vw-pf-eyebrow">${esc(c.righteyebrow)}</p><ul class="vw-pf-links">${links}</ul></div>
</div></section>`;
};

const show = (c: Config, t: Track) =>
  onLoad(t, () =>
    waitFor(t, c.selector, (anchor) => {
      if (t.doc.getElementById(PATHFINDER_ID)) return;
      t.css(CSS);
      t.add(build(t.doc, markup(c, (link) => localize(t.win, link))), anchor, 'after');
    }),
  );

export default defineWidget('pathfinder', PATHFINDER_SCHEMA, show);
