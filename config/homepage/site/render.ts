/**
 * Renders the stand-in homepage for one locale: a server-rendered page the way the real site's
 * framework sends it, with every block of ../page-contract.ts, the snippet loaded synchronously in
 * `<head>` after the queue (on a locale page, its copy's page part just before it, copy/locale-copy.ts),
 * and the hydration data that the page's own script (page.js) re-renders the hero from. Everything it references is served by services/routes/homepage.ts from this folder;
 * the page makes no request to another origin.
 */
import { pagePartSrc } from '../../../plugins/_shared/page-part';
import { LOCALES, type Locale } from '../page-contract';
import { COPY, type SiteCopy } from './copy';
import { copyPart } from './copy/locale-copy';
import { ICONS } from './icons';

/** Where the page's own files are served (styles, script, images). */
export const SITE_BASE = '/site';

/** Options of {@link renderHomepage}. */
export interface RenderOptions {
  /** The snippet's address (e.g. `/snippets/homepage.js`); omitted, the page runs without it. */
  snippetSrc?: string;
}

/** Escapes text for HTML content and double-quoted attributes. */
const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The locale's path prefix for site links: `/ko-kr` or '' on the default homepage. */
const prefixOf = (locale: Locale) => (locale ? `/${locale}` : '');

const header = (c: SiteCopy, p: string) => `<div class="promo-banner" role="region" aria-label="${esc(c.promo.pill)}">
<span class="promo-pill">${esc(c.promo.pill)}</span><span class="promo-text">${esc(c.promo.text)}</span>
<a class="promo-link" href="${p}/products/platform/atlas-vector-search">${esc(c.promo.cta)} <span aria-hidden="true">→</span></a>
</div>
<header id="site-header" class="site-header">
<nav class="top-nav" aria-label="Main">
<a class="brand" href="${p || '/'}"><img src="${SITE_BASE}/assets/logo.svg" alt="Leafline" width="132" height="32"></a>
<button type="button" class="nav-menu-toggle" aria-expanded="false" aria-controls="nav-links" data-open-label="${esc(c.nav.open)}" data-close-label="${esc(c.nav.close)}"><span class="nav-menu-icon" aria-hidden="true"></span><span class="nav-menu-label">${esc(c.nav.open)}</span></button>
<div class="nav-links" id="nav-links">
<ul class="nav-primary">
<li><a data-nav="platform" href="${p}/developer-data-platform">${esc(c.nav.platform)}</a></li>
<li><a data-nav="atlas" href="${p}/atlas">${esc(c.nav.atlas)}</a></li>
<li><a data-nav="guides" href="${p}/docs/">${esc(c.nav.guides)}</a></li>
<li><a data-nav="pricing" href="${p}/pricing">${esc(c.nav.pricing)}</a></li>
<li><a data-nav="company" href="${p}/company/contact">${esc(c.nav.company)}</a></li>
</ul>
<div class="nav-actions">
<a class="nav-signin" href="${p}/cloud/atlas/login">${esc(c.nav.signIn)}</a>
<a class="button button-primary nav-cta" href="${p}/cloud/atlas/register">${esc(c.nav.tryFree)}</a>
</div>
</div>
</nav>
</header>`;

/** The hero's trust blocks and counters; page.js renders the same markup again at hydration. */
const trust = (c: SiteCopy, p: string) => c.hero.blocks
  .map((block) => `<a class="hero-trust-block" href="${p}${block.link}"><span class="hero-trust-title">${esc(block.title)}</span><span class="hero-trust-text">${esc(block.description)}</span></a>`)
  .join('\n');

const counters = (c: SiteCopy) => c.heroCounters.map((text) => `<li>${esc(text)}</li>`).join('');

const codeWindow = `<div class="hero-visual" aria-hidden="true">
<div class="code-window">
<div class="code-bar"><i></i><i></i><i></i><span>orders.js</span></div>
<pre><code><span class="k">const</span> orders = db.<span class="f">collection</span>(<span class="s">'orders'</span>);

<span class="k">const</span> nearby = <span class="k">await</span> orders.<span class="f">aggregate</span>([
  { $vectorSearch: {
      index: <span class="s">'products'</span>,
      queryVector: embedding,
      limit: <span class="n">5</span> } },
  { $match: { status: <span class="s">'shipped'</span> } },
]).<span class="f">toArray</span>();</code></pre>
</div>
<div class="stat-card"><span class="stat-value">12 ms</span><span class="stat-label">p95 latency</span></div>
</div>`;

const hero = (c: SiteCopy, p: string) => `<section class="hero">
<div class="hero-inner">
<div class="hero-copy">
<p class="hero-eyebrow">${esc(c.hero.eyebrow)}</p>
<h1 class="hero-title"><span class="hero-title-1">${esc(c.hero.title1)}</span> <span class="hero-title-2">${esc(c.hero.title2)}</span></h1>
<p class="hero-description">${esc(c.hero.description)}</p>
<div class="hero-ctas">
<a class="button button-primary hero-cta-primary" href="${p}/cloud/atlas/register">${esc(c.hero.cta)}</a>
<a class="button button-ghost hero-cta-secondary" href="${p}/products/platform/atlas-product-tour">${esc(c.hero.secondaryCta)} <span aria-hidden="true">→</span></a>
</div>
</div>
${codeWindow}
</div>
<div class="hero-trust">
${trust(c, p)}
</div>
<ul class="hero-counters">${counters(c)}</ul>
</section>`;

const LOGOS = ['Northwind', 'Quantia', 'Bluepeak', 'Helix&amp;Co', 'Orbital', 'Tessera'];

const sections = (c: SiteCopy, p: string) => `<section class="shadow-banner">
<div class="shadow-banner-inner">
<div><p class="eyebrow">${esc(c.ai.eyebrow)}</p><h2>${esc(c.ai.title)}</h2><p>${esc(c.ai.text)}</p>
<a class="button button-primary" href="${p}/products/platform/atlas-vector-search">${esc(c.ai.cta)}</a></div>
<img src="${SITE_BASE}/assets/vectors.svg" alt="" width="360" height="240">
</div>
</section>
<section class="logos" id="pathfinder-anchor">
<p>${esc(c.logos)}</p>
<ul>${LOGOS.map((name) => `<li>${name}</li>`).join('')}</ul>
</section>
<section class="features">
<h2>${esc(c.features.title)}</h2>
<p class="section-lead">${esc(c.features.subtitle)}</p>
<div class="feature-grid">
${c.features.items.map(([title, text], index) => `<article class="feature"><span class="feature-icon">${ICONS[index]}</span><h3>${esc(title)}</h3><p>${esc(text)}</p></article>`).join('\n')}
</div>
</section>
<section class="events-banner">
<div class="events-banner-inner">
<div><p class="eyebrow">${esc(c.events.eyebrow)}</p><h2>${esc(c.events.title)}</h2><p>${esc(c.events.text)}</p></div>
<div class="events-aside"><span class="events-meta">${esc(c.events.meta)}</span><a class="button button-light" href="${p}/events">${esc(c.events.cta)}</a></div>
</div>
</section>
<section class="resources" id="use-case-injection">
<h2>${esc(c.resources.title)}</h2>
<div class="resource-grid">
${c.resources.items.map(([title, text], index) => `<a class="resource" href="${p}${['/docs/', '/developer', '/learn'][index]}"><h3>${esc(title)} <span aria-hidden="true">→</span></h3><p>${esc(text)}</p></a>`).join('\n')}
</div>
</section>
<section class="signup">
<div class="signup-inner">
<div><h2>${esc(c.signup.title)}</h2><p>${esc(c.signup.text)}</p></div>
<form id="registration-form" class="registration-form" action="${p}/cloud/atlas/register" method="post" novalidate>
<label>${esc(c.signup.name)}<input name="name" autocomplete="name" required></label>
<label>${esc(c.signup.email)}<input name="email" type="email" autocomplete="email" required></label>
<button type="submit" class="button button-primary">${esc(c.signup.submit)}</button>
<p class="form-note">${esc(c.signup.note)}</p>
<p class="form-thanks" role="status" hidden>${esc(c.signup.thanks)}</p>
</form>
</div>
</section>`;

const footer = (c: SiteCopy, locale: Locale) => `<footer class="site-footer">
<div class="footer-inner">
<div class="footer-brand"><img src="${SITE_BASE}/assets/logo-light.svg" alt="Leafline" width="132" height="32"><p>${esc(c.footer.tagline)}</p></div>
${c.footer.columns.map(([title, links]) => `<div class="footer-col"><h4>${esc(title)}</h4><ul>${links.map((link) => `<li><a href="${prefixOf(locale)}/docs/">${esc(link)}</a></li>`).join('')}</ul></div>`).join('\n')}
</div>
<div class="footer-bottom"><p>${esc(c.footer.rights)}</p>
<ul class="footer-locales">${LOCALES.map((other) => `<li><a href="/${other}"${other === locale ? ' aria-current="page"' : ''}>${esc(COPY[other].footer.language)}</a></li>`).join('')}</ul></div>
</footer>`;

/**
 * The state a framework would serialise for hydration: page.js renders the hero's trust blocks and
 * counters from it, so a change made to them before hydration is overwritten, as on the real site.
 * A `type="application/json"` script is data, which the strict CSP allows.
 */
const hydrationData = (c: SiteCopy, p: string) =>
  JSON.stringify({ blocks: c.hero.blocks.map((block) => ({ ...block, link: p + block.link })), counters: c.heroCounters }).replace(/</g, '\\u003c');

/**
 * The snippet's script tags: on a locale page its copy's page part first, from beside the snippet, so the
 * snippet finds that copy registered when it runs; on the default homepage the snippet alone (English is in it).
 */
const snippetTags = (locale: Locale, src: string | undefined): string => {
  if (!src) return '';
  const part = locale ? `\n<script src="${esc(pagePartSrc(src, copyPart(locale)))}"></script>` : '';
  return `${part}\n<script src="${esc(src)}"></script>`;
};

/** The whole page for a locale of {@link LOCALES}. */
export function renderHomepage(locale: Locale, options: RenderOptions = {}): string {
  const c = COPY[locale];
  const p = prefixOf(locale);
  const snippet = snippetTags(locale, options.snippetSrc);
  return `<!doctype html>
<html lang="${esc(c.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(c.title)}</title>
<link rel="icon" href="${SITE_BASE}/assets/favicon.svg" type="image/svg+xml">
<script src="${SITE_BASE}/queue.js"></script>${snippet}
<link rel="stylesheet" href="${SITE_BASE}/styles.css">
<script src="${SITE_BASE}/page.js" defer></script>
</head>
<body>
${header(c, p)}
<main id="main-content">
${hero(c, p)}
${sections(c, p)}
</main>
${footer(c, locale)}
<button type="button" class="chatbot-launcher" aria-expanded="false"><span class="chatbot-dot" aria-hidden="true"></span>${esc(c.chatbot)}</button>
<script type="application/json" id="site-data">${hydrationData(c, p)}</script>
</body>
</html>
`;
}
