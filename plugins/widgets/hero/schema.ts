/**
 * The hero widget's configuration (homepage-spec §3, WID-55..59, WID-64). The spec names the hero's
 * default eyebrow and call-to-action text without giving them: they are marked placeholders here
 * (ruling 18) that the homepage project overrides. The counters' figures are the spec's (§9); one
 * variant passes 54K+ as `customersCount`.
 */
import { flag, obj, region, str } from '../_shared/schema';
import { REGISTER_PATH } from '../_shared/links';

/** A hero block: shown only when its title is non-empty (the four default to empty, WID-59). */
const block = () => obj({ title: '', link: '', description: '' });

/** The keys of the nine rotating-word labels, in rotation order (WID-57). */
export const LABEL_KEYS = [
  'fullTextSearchLabel',
  'transactionsLabel',
  'timeSeriesLabel',
  'aiLabel',
  'streamingDataLabel',
  'operationalDataLabel',
  'geospatialDataLabel',
  'graphDataLabel',
  'vectorSearchLabel',
] as const;

export const HERO_SCHEMA = {
  /** The first section: the site's own hero, replaced (hidden) while the widget shows. */
  selector: region('replace', 'main#main-content > section:first-of-type'),
  /** The main container whose changes re-render the hero until the page has loaded (WID-62). */
  mainSelector: str('main#main-content'),
  eyebrow: str('[Hero eyebrow placeholder]'),
  title1: str('Build the next big thing on'),
  title2: str('with one developer data platform.'),
  description: str(''),
  ctaText: str('[Hero call to action placeholder]'),
  ctaLink: str(REGISTER_PATH),
  secondaryCtaText: str(''),
  secondaryCtaLink: str('/atlas'),
  block1: block(),
  block2: block(),
  block3: block(),
  block4: block(),
  ...(Object.fromEntries(LABEL_KEYS.map((key) => [key, str()])) as Record<(typeof LABEL_KEYS)[number], ReturnType<typeof str>>),
  /** Caption of the data-type panel beside the title (the nine words, the current one lit). */
  dataTypesLabel: str('One platform for every data type'),
  customersCount: str('57K+'),
  customersLabel: str('customers'),
  developersCount: str('175K+'),
  developersLabel: str('new developers every month'),
  regionsCount: str('125+'),
  regionsLabel: str('cloud regions'),
  rankCount: str('#1'),
  rankLabel: str('modern database'),
  /** The document state at which the hero stops re-rendering on main-container changes ('complete': the load event). */
  readyState: str('complete', ['interactive', 'complete']),
  /** 'True' (default) for the large animated word; false or 'False' for the small size (WID-75). */
  normalAnimatedTextSize: flag('True'),
  /** 'True' (default): three rows of the topics scroll slowly behind the hero (WID-77); false or 'False': none. */
  backgroundRows: flag('True'),
  /** Custom event pushed on the first click on a hero link (once per page, WID-114). */
  heroLinkEvent: str('hero_link_click'),
  additional_css: str(''),
};
