/**
 * The AI banner (`ai_banner`, homepage-spec §2, WID-102): waits for its configurable selector, by
 * default the shadow banner element, then shows its banner in that element's place (the shadow banner
 * is hidden while it shows). The spec states nothing else about it; the content fields follow the
 * other banners', and the call to action defaults to the AI applications programme page (WID-9).
 */
import { build, esc } from '../_shared/dom';
import { localize } from '../_shared/links';
import { region, str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { waitFor } from '../_shared/wait';
import { defineWidget } from '../_shared/widget';

export const AI_BANNER_ID = 'varia-ai-banner';

export const AI_BANNER_SCHEMA = {
  /** The element waited for and replaced (page contract: the shadow banner). */
  selector: region('replace', '.shadow-banner'),
  eyebrow: str('AI applications'),
  title: str('Build AI applications with your own data'),
  description: str('Work with our specialists to take a generative AI idea from prototype to production.'),
  ctaText: str('Explore the AI program'),
  ctaLink: str('/services/consulting/ai-applications-program'),
  secondaryCtaText: str('Learn about vector search'),
  secondaryCtaLink: str('/products/platform/atlas-vector-search'),
};

const CSS = `
#${AI_BANNER_ID},#${AI_BANNER_ID} *{box-sizing:border-box}
#${AI_BANNER_ID}{padding:4.5rem 1.5rem 0;font-family:var(--font,inherit)}
.vw-ai{max-width:1416px;margin:0 auto;position:relative;overflow:hidden;border-radius:22px;padding:3.25rem 3.5rem;color:#fff;background:radial-gradient(600px 300px at 90% 10%,rgba(62,227,137,.35),transparent 70%),linear-gradient(120deg,var(--forest,#04241a),var(--forest-3,#124634));display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2.5rem;align-items:center}
.vw-ai::after{content:"";position:absolute;right:-60px;bottom:-80px;width:280px;height:280px;border-radius:50%;border:40px solid rgba(62,227,137,.12)}
.vw-ai-eyebrow{margin:0 0 .75rem;text-transform:uppercase;letter-spacing:.12em;font-size:.78rem;font-weight:700;color:var(--leaf-bright,#3ee389)}
.vw-ai h2{margin:0 0 .8rem;font-size:clamp(1.6rem,1.2rem + 1.6vw,2.5rem);letter-spacing:-.02em;line-height:1.15}
.vw-ai p.vw-ai-text{margin:0;color:rgba(255,255,255,.78);font-size:1.05rem;max-width:38rem}
.vw-ai-ctas{display:flex;flex-direction:column;gap:.75rem;position:relative;z-index:1}
.vw-ai-ctas a{display:inline-flex;justify-content:center;padding:.85rem 1.4rem;border-radius:999px;font-weight:650;text-decoration:none;white-space:nowrap}
.vw-ai-primary{background:var(--leaf,#00c96b);color:var(--forest,#04241a)}
.vw-ai-primary:hover{background:var(--leaf-bright,#3ee389)}
.vw-ai-secondary{color:#fff;border:1.5px solid rgba(255,255,255,.35)}
.vw-ai-secondary:hover{border-color:var(--leaf-bright,#3ee389)}
@media (max-width:1023px){.vw-ai{grid-template-columns:1fr;padding:2.5rem 2rem}.vw-ai-ctas{flex-direction:row;flex-wrap:wrap}}
@media (max-width:767px){#${AI_BANNER_ID}{padding:3rem 1.25rem 0}.vw-ai{padding:2rem 1.5rem}.vw-ai-ctas a{flex:1 1 auto}}
`;

const show = (c: ConfigOf<typeof AI_BANNER_SCHEMA>, t: Track) =>
  waitFor(t, c.selector, (shadow) => {
    if (t.doc.getElementById(AI_BANNER_ID)) return;
    const href = (link: string) => esc(localize(t.win, link));
    t.css(CSS);
    const banner = build(
      t.doc,
      `<section id="${AI_BANNER_ID}"><div class="vw-ai"><div>${c.eyebrow ? `<p class="vw-ai-eyebrow">${esc(c.eyebrow)}</p>` : ''}<h2>${esc(c.title)}</h2><p class="vw-ai-text">${esc(c.description)}</p></div>
<div class="vw-ai-ctas"><a class="vw-ai-primary" href="${href(c.ctaLink)}">${esc(c.ctaText)}</a>${c.secondaryCtaText ? `<a class="vw-ai-secondary" href="${href(c.secondaryCtaLink)}">${esc(c.secondaryCtaText)}</a>` : ''}</div></div></section>`,
    );
    t.add(banner, shadow, 'before');
    t.style(shadow as HTMLElement, 'display', 'none', true);
  });

export default defineWidget('ai_banner', AI_BANNER_SCHEMA, show);
