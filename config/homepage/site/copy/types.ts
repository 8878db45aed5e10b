/**
 * The stand-in homepage's copy, one object per locale. Only text lives here: markup is in
 * ../render.ts, so a translation cannot break the page's structure (the blocks of page-contract.ts).
 */

/** A hero trust block (WID-15..17 act on the four of them). */
export interface TrustBlock {
  title: string;
  description: string;
  /** Site path without the locale prefix. */
  link: string;
}

/**
 * The hero's text for one locale (the site's hero and the hero widget's configurations). The homepage
 * snippet carries it, so what only the site shows (its counters) is in {@link SiteCopy} instead.
 */
export interface HeroCopy {
  eyebrow: string;
  title1: string;
  title2: string;
  description: string;
  cta: string;
  secondaryCta: string;
  blocks: [TrustBlock, TrustBlock, TrustBlock, TrustBlock];
}

/** Every string of the page for one locale. */
export interface SiteCopy {
  /** The `lang` attribute of `<html>`. */
  lang: string;
  title: string;
  promo: { pill: string; text: string; cta: string };
  nav: {
    platform: string;
    atlas: string;
    guides: string;
    pricing: string;
    company: string;
    signIn: string;
    tryFree: string;
    /** The mobile menu toggle's label while closed and while open (the top banner reads them). */
    open: string;
    close: string;
  };
  hero: HeroCopy;
  /** The site's hero counters: customers, developers per month, regions, ranking (homepage-spec §9). */
  heroCounters: [string, string, string, string];
  ai: { eyebrow: string; title: string; text: string; cta: string };
  logos: string;
  features: { title: string; subtitle: string; items: [string, string][] };
  events: { eyebrow: string; title: string; text: string; cta: string; meta: string };
  resources: { title: string; items: [string, string][] };
  signup: { title: string; text: string; name: string; email: string; submit: string; note: string; thanks: string };
  chatbot: string;
  footer: { tagline: string; columns: [string, string[]][]; rights: string; language: string };
}
