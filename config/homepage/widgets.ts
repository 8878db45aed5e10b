/**
 * Widget changes of the homepage project: `{ type: 'widget', widget_id, config }` (HPC-23, HPC-55) with
 * the configuration field names of homepage-spec §3. A field left out takes the widget's default. The
 * widgets themselves are plugins (plugins/widgets/<id with - for _>/); a widget that is not in the
 * snippet yet still emits its showWidget event and is reported once, never thrown.
 */
import type { Change } from '../../core/project/types';
import { GOAL_SUFFIXES } from './events';
import { PAGE } from './page-contract';
import { HERO_DEFAULT_CTA, HERO_DEFAULT_EYEBROW, KOREAN_BUSINESS_ADDRESS, KOREAN_REGISTRATION_NUMBER, VENDOR_DOMAIN, READY_MARKER_CLASS } from './placeholders';
import type { HeroWidgetCopy } from './site/copy/hero-widget';
import type { HeroCopy } from './site/copy/types';

/** The widget ids the project uses (folder = id with `_` -> `-` under plugins/widgets/). */
export const WIDGET = {
  hero: 'hero',
  heroTrustSignals: 'hero_trust_signals',
  topBanner: 'top_banner',
  pathfinder: 'pathfinder',
  aiBanner: 'ai_banner',
  demoBanner: 'demo_banner',
  timerGoals: 'timer_goals',
  scrollGoals: 'scroll_goals',
  engagementGoals: 'engagement_goals',
  koreanFooter: 'korean_footer',
  useCaseSection: 'use_case_section',
  banner: 'banner',
} as const;

/** A widget change. */
export const widget = (id: string, widgetId: string, config: Record<string, unknown>): Change => ({ id, type: 'widget', widget_id: widgetId, config });

/** The hero for one audience or locale: the site's hero text (site/copy/hero.ts), the counters of homepage-spec §9. */
export const heroConfig = (hero: HeroCopy, prefix: string, overrides: Record<string, unknown> = {}) => ({
  selector: PAGE.firstSection,
  eyebrow: hero.eyebrow || HERO_DEFAULT_EYEBROW,
  title1: hero.title1,
  title2: hero.title2,
  description: hero.description,
  ctaText: hero.cta || HERO_DEFAULT_CTA,
  ctaLink: `${prefix}/cloud/atlas/register`,
  secondaryCtaText: hero.secondaryCta,
  secondaryCtaLink: `${prefix}/products/platform/atlas-product-tour?tck=hp_hero_secondary`,
  ...Object.fromEntries(hero.blocks.map((block, index) => [`block${index + 1}`, { title: block.title, link: prefix + block.link, description: block.description }])),
  readyState: 'complete',
  normalAnimatedTextSize: 'True',
  customersCount: '57K+',
  additional_css: '',
  ...overrides,
});

/** The hero widget's counters, rotating words and data-type heading in the page's language (WID-57). */
export const heroWidgetText = (copy: HeroWidgetCopy) => {
  const [customers, developers, regions, rank] = copy.counters;
  const words = ['fullTextSearchLabel', 'transactionsLabel', 'timeSeriesLabel', 'aiLabel', 'streamingDataLabel', 'operationalDataLabel', 'geospatialDataLabel', 'graphDataLabel', 'vectorSearchLabel'];
  return {
    ...Object.fromEntries(words.map((key, index) => [key, copy.words[index]])),
    dataTypesLabel: copy.dataTypes,
    customersCount: customers[0],
    customersLabel: customers[1],
    developersCount: developers[0],
    developersLabel: developers[1],
    regionsCount: regions[0],
    regionsLabel: regions[1],
    rankCount: rank[0],
    rankLabel: rank[1],
  };
};

/** The choose-your-path block (WID-30..34). */
export const PATHFINDER_CONFIG = {
  header: 'Choose your path',
  selector: PAGE.pathfinderAnchor,
  lefteyebrow: 'New to Atlas?',
  leftheader: 'Start building in minutes',
  leftcopy: 'Deploy a free cluster, load sample data and run your first query from the browser.',
  leftCTAText: 'Start free',
  leftCTAURL: '/cloud/atlas/register',
  righteyebrow: 'Already building?',
  rcol_1_text: 'Read the documentation',
  rcol_1_url: '/docs/',
  rcol_2_text: 'Compare plans and pricing',
  rcol_2_url: '/pricing',
  rcol_3_text: 'Explore the developer data platform',
  rcol_3_url: '/developer-data-platform',
  rcol_4_text: 'Talk to an expert',
  rcol_4_url: '/company/contact',
  rcol_5_text: 'See industry solutions',
  rcol_5_url: '/solutions/industries',
};

/** The top promo banner (WID-20..29): placed before the navigation, the site's promo bar hidden. */
export const TOP_BANNER_CONFIG = {
  selector: PAGE.header,
  bannerType: 'BASE',
  pillCopy: 'New',
  copy: 'Atlas Stream Processing is generally available. Build event-driven apps with the query API you know.',
  url: '/products/platform/atlas-stream-processing',
  other_classes_pipe_seperated: 'promo-banner',
};

/** The AU/NZ event pencil banner (HPC-50): a top banner of pencil shape. */
export const PENCIL_BANNER_CONFIG = {
  bannerType: 'BASE',
  pillCopy: 'Event',
  copy: 'Leafline.local Sydney and Auckland: a free day of talks and workshops. Save your seat.',
  url: '/events/local-anz',
};

/** The AI banner (WID-102): waits for the shadow banner element. */
export const AI_BANNER_CONFIG = {
  selector: PAGE.shadowBanner,
  eyebrow: 'AI Applications Program',
  title: 'Ship generative AI apps with an expert at your side',
  description: 'Architecture reviews, reference designs and credits for teams building retrieval-augmented apps on Atlas.',
  ctaText: 'Join the program',
  ctaLink: '/services/consulting/ai-applications-program',
  secondaryCtaText: 'Explore vector search',
  secondaryCtaLink: '/products/platform/atlas-vector-search',
};

/** The desktop free-demo banner above the hero (HPC-49, WID-103..106); tck demo_hp_banner_2. */
export const DEMO_BANNER_CONFIG = {
  selector: PAGE.firstSection,
  title: 'Free demo',
  copy: 'See Atlas in action: a self-guided product demo in under five minutes.',
  ctaText: 'Take the free demo',
  url: '/products/platform/atlas-product-tour',
  tck: 'demo_hp_banner_2',
};

/** The Korean footer's business registration details (HPC-47, WID-115); the number and address are stand-ins (./placeholders.ts). */
export const KOREAN_FOOTER_CONFIG = {
  selector: PAGE.footer,
  companyName: '리프라인 코리아 유한회사 (Leafline Korea)',
  registrationNumberLabel: '사업자등록번호',
  registrationNumber: KOREAN_REGISTRATION_NUMBER,
  addressLabel: '주소',
  address: KOREAN_BUSINESS_ADDRESS,
};

/** The events banner rewritten in place (type NV, WID-81..84). */
export const BANNER_NV_CONFIG = {
  selector: PAGE.banner,
  type: 'NV',
  title: 'Leafline.local 2026',
  title2: 'is coming to 14 cities',
  description: 'Talks, hands-on workshops and office hours with the engineers who build Atlas.',
  ctaText: 'Register free',
  ctaLink: '/events',
  GSHEETS_URL: '',
  document_ready_state: 'complete',
  vendorDomain: VENDOR_DOMAIN,
  readyClass: READY_MARKER_CLASS,
};

/** The goal widgets of one measurement scope (homepage or one experiment), WID-107..113. */
export const goalWidgets = (scope: keyof typeof GOAL_SUFFIXES, idPrefix: string): Change[] => {
  const suffix = GOAL_SUFFIXES[scope];
  return [
    widget(`${idPrefix}_timer`, WIDGET.timerGoals, { experimentSuffix: suffix.time }),
    widget(`${idPrefix}_scroll`, WIDGET.scrollGoals, { eventSuffix: suffix.scroll }),
    widget(`${idPrefix}_engagement`, WIDGET.engagementGoals, { eventSuffix: suffix.engagement }),
  ];
};
