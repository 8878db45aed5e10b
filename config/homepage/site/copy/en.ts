import { HERO_EN } from './hero';
import type { SiteCopy } from './types';

/**
 * English copy of the stand-in homepage. The brand (Leafline) is fictional; the figures are the
 * spec's (homepage-spec §9: about 57 thousand customers, 175 thousand developers a month, 125 regions).
 */
export const EN: SiteCopy = {
  lang: 'en',
  title: 'Leafline Atlas: the developer data platform',
  promo: { pill: 'New', text: 'Vector search is now generally available on every Atlas cluster.', cta: 'Read the announcement' },
  nav: {
    platform: 'Platform',
    atlas: 'Atlas',
    guides: 'Guides',
    pricing: 'Pricing',
    company: 'Company',
    signIn: 'Sign In',
    tryFree: 'Try Free',
    open: 'Open Links',
    close: 'Close Links',
  },
  hero: HERO_EN,
  heroCounters: ['57K+ customers', '175K+ new developers every month', '125+ cloud regions', '#1 modern database'],
  ai: {
    eyebrow: 'AI applications',
    title: 'Your data, ready for generative AI',
    text: 'Store embeddings beside operational data and query both with one API. No sync jobs, no second database.',
    cta: 'Explore vector search',
  },
  logos: 'Trusted by engineering teams everywhere',
  features: {
    title: 'One platform for every workload',
    subtitle: 'Start with a free cluster and grow to global scale without rewriting a line.',
    items: [
      ['Flexible documents', 'Model data the way your code uses it and evolve the schema as you go.'],
      ['Full-text search', 'Relevance-ranked search built into the database, with no extra cluster.'],
      ['Stream processing', 'Query data in motion with the same language you use at rest.'],
      ['Global clusters', 'Place data close to users across 125+ regions with one click.'],
    ],
  },
  events: {
    eyebrow: 'Event',
    title: 'Leafline.local is coming to a city near you',
    text: 'A day of talks, workshops and office hours with the engineers who build Atlas.',
    cta: 'Find your city',
    meta: '14 cities · Free to attend',
  },
  resources: {
    title: 'Learn, build, ship',
    items: [
      ['Documentation', 'Reference, tutorials and drivers for every language.'],
      ['Developer Center', 'Code samples, articles and videos from the community.'],
      ['University', 'Free courses and certifications, at your own pace.'],
    ],
  },
  signup: {
    title: 'Deploy a free cluster in minutes',
    text: 'No credit card required. Upgrade when you are ready.',
    name: 'Full name',
    email: 'Work email',
    submit: 'Create free account',
    note: 'By signing up you accept the Terms of Service.',
    thanks: 'Thanks! Check your inbox to confirm your account.',
  },
  chatbot: 'Ask Leafline AI',
  footer: {
    tagline: 'The developer data platform.',
    columns: [
      ['Product', ['Atlas', 'Search', 'Vector Search', 'Pricing']],
      ['Resources', ['Documentation', 'Guides', 'Developer Center', 'University']],
      ['Company', ['About', 'Careers', 'Newsroom', 'Contact']],
    ],
    rights: '© 2026 Leafline, Inc. A stand-in site for Varia experiments.',
    language: 'English',
  },
};
