/**
 * The contract between the stand-in homepage (config/homepage/site/), the homepage project's data
 * (config/homepage/project.ts) and the widgets' tests: the selectors of the blocks that the
 * experiments and widgets act on, and how the page signals hydration. The stand-in page renders
 * every one of them; the project data and the tests name them through these constants, so a
 * renamed block breaks the build, not a visitor's page.
 *
 * Widgets themselves (plugins/widgets/) do not import this file: they take their selectors from
 * their configuration, with the spec's defaults, and the project passes these.
 */

/** Locale path prefixes of the homepage (HPC-35); '' is the default homepage at `/`. */
export const LOCALES = ['', 'pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn', 'fr-fr', 'it-it'] as const;
export type Locale = (typeof LOCALES)[number];

/** Selectors of the homepage's blocks. */
export const PAGE = {
  /** An existing promo banner above the navigation, hidden by the top banner's pipe-separated list. */
  promoBanner: '.promo-banner',
  /** The site header holding the navigation; the top banner goes before it. */
  header: '#site-header',
  /** The top navigation. */
  nav: '#site-header nav.top-nav',
  /** Navigation links by role (HPC-48, HPC-51). */
  navPlatformLink: 'nav.top-nav a[data-nav="platform"]',
  navAtlasLink: 'nav.top-nav a[data-nav="atlas"]',
  navGuidesLink: 'nav.top-nav a[data-nav="guides"]',
  /** The mobile menu toggle; its text is "Open Links" while closed and "Close Links" while open. */
  mobileMenuToggle: 'nav.top-nav button.nav-menu-toggle',
  /** The main container whose changes re-render the hero (WID-62). */
  main: 'main#main-content',
  /** The first section inside main: the site's own hero (WID-60). */
  firstSection: 'main#main-content > section:first-of-type',
  hero: 'section.hero',
  heroEyebrow: 'section.hero .hero-eyebrow',
  heroTitle: 'section.hero h1.hero-title',
  heroDescription: 'section.hero .hero-description',
  heroPrimaryCta: 'section.hero a.hero-cta-primary',
  heroSecondaryCta: 'section.hero a.hero-cta-secondary',
  /** The four trust blocks of the hero (WID-15..17), in order. */
  heroBlocks: 'section.hero .hero-trust > .hero-trust-block',
  heroCounters: 'section.hero .hero-counters',
  /** Any link inside the hero (the hero-link click events). */
  heroLinks: 'section.hero a',
  /** The shadow banner element the AI banner waits for (WID-102). */
  shadowBanner: '.shadow-banner',
  /** The element the choose-your-path block is inserted after (WID-32). */
  pathfinderAnchor: '#pathfinder-anchor',
  /** The existing events banner that banner NV rewrites and RV replaces (WID-81, WID-83). */
  banner: 'section.events-banner',
  /** The use-case section's injection element; the section goes before it (WID-48). */
  useCaseInjection: '#use-case-injection',
  /** The registration form (event Registration Form Submitted). */
  registrationForm: 'form#registration-form',
  /** Any link to the sign-up page. */
  registerLinks: 'a[href*="/cloud/atlas/register"]',
  /** The chat assistant launcher (event chatbot engaged). */
  chatbotLauncher: 'button.chatbot-launcher',
  footer: 'footer.site-footer',
} as const;

/**
 * Hydration, the way a React site marks it: the page's own script re-renders the hero and main
 * container, then sets this attribute on `<html>` and dispatches {@link HYDRATED_EVENT} on
 * `window`. "Wait for hydration" (WID-14) means: the attribute is present, or wait for the event.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATED_EVENT = 'site:hydrated';
