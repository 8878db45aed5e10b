/**
 * The English homepage experiments (HPC-47..51), each in its own single-experiment layer (HPC-14): the
 * Korean footer, the navigation's platform link hidden and Atlas link reworded, the desktop free-demo
 * banner, the AU/NZ event pencil banner and the guides link re-pointed. Each has an Original without
 * changes and a Variation #1, split evenly.
 */
import type { Change, CustomCodeFunction } from '../../../core/project/types';
import { AUDIENCE } from '../audiences';
import { PAGE } from '../page-contract';
import { ATLAS_NAV_LABEL } from '../placeholders';
import { HOME_VIEW, viewId } from '../views';
import { DEMO_BANNER_CONFIG, KOREAN_FOOTER_CONFIG, PENCIL_BANNER_CONFIG, widget, WIDGET } from '../widgets';
import { action, experiment, layer, variations } from './kit';
import { LOCALES } from '../page-contract';

/** The getting-started docs page the guides link points to (HPC-51, WID-118). */
export const GETTING_STARTED_PATH = '/docs/atlas/getting-started';

/**
 * Re-points every navigation 'guides' link to the getting-started page, keeping the locale prefix of the
 * link (`/ko-kr/docs/` becomes `/ko-kr/docs/atlas/getting-started`). The snippet runs in `<head>`, before
 * the navigation is parsed, so the code waits for the document when it must; it returns its undo.
 */
export const repointGuides: CustomCodeFunction = (api) => {
  const doc = (api as { win?: Window }).win?.document;
  if (!doc) return;
  const previous = new Map<HTMLAnchorElement, string>();
  const run = () => {
    doc.querySelectorAll<HTMLAnchorElement>(PAGE.navGuidesLink).forEach((link) => {
      const href = link.getAttribute('href') ?? '';
      const prefix = /^\/[a-z]{2}(?:-[a-z]{2})?(?=\/)/.exec(href)?.[0] ?? '';
      previous.set(link, href);
      link.setAttribute('href', prefix + GETTING_STARTED_PATH);
    });
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
  return () => {
    doc.removeEventListener('DOMContentLoaded', run);
    previous.forEach((href, link) => link.setAttribute('href', href));
  };
};

/** Ids of the English experiments and their variations (the force-variation parameter names them). */
export const ENGLISH = {
  koreanFooter: { layer: 'layer_korean_footer', experiment: 'exp_korean_footer', original: 'var_korean_footer_original', variation: 'var_korean_footer_1' },
  nav: { layer: 'layer_nav_links', experiment: 'exp_nav_links', original: 'var_nav_links_original', variation: 'var_nav_links_1' },
  demoBanner: { layer: 'layer_demo_banner', experiment: 'exp_demo_banner', original: 'var_demo_banner_original', variation: 'var_demo_banner_1' },
  pencil: { layer: 'layer_anz_pencil', experiment: 'exp_anz_pencil', original: 'var_anz_pencil_original', variation: 'var_anz_pencil_1' },
  guides: { layer: 'layer_guides_link', experiment: 'exp_guides_link', original: 'var_guides_link_original', variation: 'var_guides_link_1' },
} as const;

type Ids = (typeof ENGLISH)[keyof typeof ENGLISH];

const simple = (ids: Ids, name: string, views: string[], audiences: string[], audienceName: string, changes: (view: string) => Change[]) =>
  layer({
    id: ids.layer,
    name,
    policy: 'single_experiment',
    viewIds: views,
    experiments: [
      experiment({
        id: ids.experiment,
        name,
        layerId: ids.layer,
        audiences,
        audienceName,
        variations: variations([ids.original, ids.variation], [[], views.map((view) => action(view, changes(view)))]),
      }),
    ],
  });

const KO_VIEW = viewId('ko-kr');

export const ENGLISH_LAYERS = [
  // The footer is Korean-language, so it runs on the Korean homepage.
  simple(ENGLISH.koreanFooter, 'Korean footer with business registration details', [KO_VIEW], [], 'Everyone else', () => [
    widget('chg_korean_footer', WIDGET.koreanFooter, KOREAN_FOOTER_CONFIG),
  ]),
  simple(ENGLISH.nav, 'Navigation: platform link hidden, Atlas link reworded', [HOME_VIEW], [], 'Everyone else', () => [
    { id: 'chg_nav_platform_hidden', type: 'attribute', selector: PAGE.navPlatformLink, attributes: { remove: true } },
    { id: 'chg_nav_atlas_label', type: 'attribute', selector: PAGE.navAtlasLink, attributes: { text: ATLAS_NAV_LABEL } },
    // A badge beside the reworded link, placed once the label is in.
    { id: 'chg_nav_atlas_badge', type: 'append', selector: PAGE.navAtlasLink, operator: 'after', value: '<span class="nav-badge">New</span>', dependencies: ['chg_nav_atlas_label'] },
  ]),
  simple(ENGLISH.demoBanner, 'Free-demo banner above the hero (desktop)', [HOME_VIEW], [AUDIENCE.desktopOnly], 'Desktop Only', () => [
    widget('chg_demo_banner', WIDGET.demoBanner, DEMO_BANNER_CONFIG),
  ]),
  simple(ENGLISH.pencil, 'AU/NZ event pencil banner', [HOME_VIEW], [AUDIENCE.ausNz], 'AUS + NZ', () => [
    widget('chg_anz_pencil', WIDGET.topBanner, PENCIL_BANNER_CONFIG),
  ]),
  // Every homepage view: the link keeps the view's locale prefix.
  simple(ENGLISH.guides, 'Navigation: guides link to getting started', LOCALES.map(viewId), [], 'Everyone else', (view) => [
    { id: `chg_guides_link_${view}`, type: 'custom_code', selector: PAGE.navGuidesLink, value: repointGuides },
  ]),
];
