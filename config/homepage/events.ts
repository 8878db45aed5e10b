/**
 * The homepage events (HPC-36..43). Goal widgets push named events whose api names follow ruling 17:
 * `time_on_page_<seconds>s<experimentSuffix>`, `scroll_<percent><eventSuffix>` and
 * `engagement<eventSuffix>`; the events below are defined for the default homepage (no suffix; the
 * engagement event is "engagement-all", so its suffix is `_all`) and for one experiment, the hero
 * trust signals (suffix `_hts`). Scroll events at 1% and 100% are pushed but not defined (ruling 16).
 * Click events carry their selector filter; the selectors are the stand-in page's (page-contract.ts).
 */
import type { EventDefinition } from '../../core/project/types';
import { PAGE } from './page-contract';
import { HOME_VIEW } from './views';

/** The goal widgets' suffixes: for the default homepage, and for the hero trust-signals experiment. */
export const GOAL_SUFFIXES = {
  homepage: { time: '', scroll: '', engagement: '_all' },
  heroTrust: { time: '_hts', scroll: '_hts', engagement: '_all_hts' },
} as const;

/** Seconds of the time-on-page events (homepage-spec §9: 30000, 45000, 60000 ms). */
export const TIME_GOALS = [30, 45, 60] as const;
/** Percentages of the defined scroll events (HPC-38). */
export const SCROLL_GOALS = [25, 50, 75] as const;

/** Api names of the single custom events. */
export const EVENT = {
  registration: 'registration_form_submitted',
  heroLink: 'hero_link_click',
  demoBanner: 'demo_banner_clicks',
} as const;

const custom = (apiName: string, name: string): EventDefinition => ({ id: `ev_${apiName}`, apiName, name, eventType: 'custom', category: 'other' });

const goals = (label: string, suffix: { time: string; scroll: string; engagement: string }): EventDefinition[] => [
  ...TIME_GOALS.map((seconds) => custom(`time_on_page_${seconds}s${suffix.time}`, `Time on page ${seconds}s (${label})`)),
  ...SCROLL_GOALS.map((percent) => custom(`scroll_${percent}${suffix.scroll}`, `Scroll past ${percent}% (${label})`)),
  custom(`engagement${suffix.engagement}`, `engagement-all (${label})`),
];

const click = (apiName: string, name: string, selector: string, category = 'other'): EventDefinition => ({
  id: `ev_${apiName}`,
  apiName,
  name,
  eventType: 'click',
  category,
  pageId: HOME_VIEW,
  eventFilter: { filterType: 'target_selector', selector },
});

/** Selectors of the analyst-report links the hero trust-signals variations show. */
export const REPORT_LINK_SELECTORS = { forrester: 'a[href*="forrester"]', gartner: 'a[href*="gartner"]' } as const;

/** Every homepage event. */
export const HOMEPAGE_EVENTS: EventDefinition[] = [
  ...goals('homepage', GOAL_SUFFIXES.homepage),
  ...goals('hero trust signals', GOAL_SUFFIXES.heroTrust),
  custom(EVENT.registration, 'Registration Form Submitted'),
  custom(EVENT.heroLink, 'Hero-link click'),
  custom(EVENT.demoBanner, 'Demo banner click'),
  click('hero_any_link', 'Any hero link', PAGE.heroLinks),
  click('hero_secondary_cta', 'Hero secondary CTA', PAGE.heroSecondaryCta),
  click('hero_primary_cta', 'Hero primary CTA', PAGE.heroPrimaryCta, 'sign_up'),
  click('forrester_link', 'Forrester link', REPORT_LINK_SELECTORS.forrester),
  click('gartner_link', 'Gartner link', REPORT_LINK_SELECTORS.gartner),
  click('register_link_any', 'Any register link', PAGE.registerLinks, 'sign_up'),
  click('chatbot_engaged', 'Chatbot engaged', PAGE.chatbotLauncher),
];
