/**
 * Markup for the agent's browser tests: the blocks of the stand-in homepage as
 * config/homepage/page-contract.ts names them, and a page whose class names a CSS-in-JS build
 * generates afresh on every load (as the `/editor/fixtures/generated-classes` route serves it).
 */

/** The homepage's blocks, as the page contract lists them (ids, data attributes and classes). */
export const HOMEPAGE = `
<div class="promo-banner"><p>Promo</p></div>
<header id="site-header"><nav class="top-nav">
  <a data-nav="platform" href="/platform">Platform</a><a data-nav="atlas" href="/atlas">Atlas</a>
  <a data-nav="guides" href="/guides">Guides</a><button class="nav-menu-toggle" type="button">Open Links</button>
</nav></header>
<main id="main-content">
  <section class="hero">
    <p class="hero-eyebrow">New</p><h1 class="hero-title">Build on the data platform</h1>
    <p class="hero-description">Description</p>
    <a class="hero-cta-primary" href="/cloud/atlas/register">Start free</a><a class="hero-cta-secondary" href="/contact">Contact</a>
    <div class="hero-trust"><div class="hero-trust-block">A</div><div class="hero-trust-block">B</div><div class="hero-trust-block">C</div><div class="hero-trust-block">D</div></div>
    <div class="hero-counters"><span>1</span><span>2</span></div>
  </section>
  <div class="shadow-banner"></div><div id="pathfinder-anchor"></div>
  <section class="events-banner"><h2>Events</h2><p>Join us</p></section>
  <div id="use-case-injection"></div>
  <form id="registration-form"><input name="email"><button type="submit">Register</button></form>
</main>
<button class="chatbot-launcher" type="button">Chat</button>
<footer class="site-footer"><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></footer>`;

const hash = () => Math.random().toString(36).slice(2, 8) + Math.floor(Math.random() * 90 + 10);

/** A page of generated classes: each call is a "reload" with new hashes. */
export const generated = (): string => {
  const c = (name: string) => `${name}_${hash()}`;
  return `<div class="css-${hash()} ${c('Layout_root')}">
<header class="sc-${hash()} ${c('Header_bar')}"><nav class="css-${hash()}"><a class="css-${hash()}" href="#a">Docs</a><a class="css-${hash()}" href="#b">Pricing</a><a class="css-${hash()}" data-testid="nav-signin" href="#c">Sign in</a></nav></header>
<main class="${c('Page_main')}">
<section class="css-${hash()} ${c('Hero_hero')}"><h1 class="css-${hash()} ${c('Hero_title')}">Build faster</h1><p class="css-${hash()}">Lead</p>
<button class="css-${hash()} ${c('Button_primary')}" type="button">Start</button><button class="css-${hash()} jss-${hash()} makeStyles-root-${Math.floor(Math.random() * 99)}" type="button">Learn</button></section>
<ul class="css-${hash()}">${[1, 2, 3].map((n) => `<li class="css-${hash()}"><span class="css-${hash()}">Item ${n}</span></li>`).join('')}</ul>
</main></div>`;
};

/** Replaces the fixture root's content; returns the root. */
export const mount = (html: string): HTMLElement => {
  document.getElementById('fx')?.remove();
  const root = document.createElement('div');
  root.id = 'fx';
  root.innerHTML = html;
  document.body.append(root);
  return root;
};
