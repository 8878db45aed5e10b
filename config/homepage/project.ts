/**
 * The homepage project (homepage-spec §1, §3, §9; HPC-1..55): revision 323, anonymised IPs, force
 * parameters on, `trimPages`; the personalisation layer, the in-language layer, the English
 * experiments, the hero trust-signals experiment and the homepage goals; six audiences, a view per
 * locale and every event of §3. Values the spec does not give are in ./placeholders.ts (ruling 18).
 *
 * The stand-in page it runs on is ./site/ (served at `/` and each locale prefix by `npm start`); each
 * locale page includes its copy's page part before the snippet ({@link pageParts}).
 */
import type { PageParts } from '../../compiler/page-parts';
import { defineProject } from '../../core';
import type { ProjectData } from '../../core/project/types';
import { HOMEPAGE_AUDIENCES } from './audiences';
import { homepageBootstrap } from './bootstrap';
import { EVENT, HOMEPAGE_EVENTS } from './events';
import { HOMEPAGE_ACCOUNT_ID, HOMEPAGE_PROJECT_ID } from './ids';
import { ENGLISH_LAYERS } from './layers/english';
import { GOALS_LAYER } from './layers/goals';
import { HERO_TRUST_LAYER } from './layers/hero-trust';
import { IN_LANGUAGE_LAYER_DATA } from './layers/in-language';
import { PERSONALISATION_LAYER } from './layers/personalisation';
import { PAGE } from './page-contract';
import { homepagePlugins } from './plugins';
import { HOMEPAGE_VIEWS } from './views';

/**
 * The project script: pushes "Registration Form Submitted" when the sign-up form is submitted. It
 * listens on the document (the form is parsed after the snippet runs in `<head>`), in the capture
 * phase so the site's own handler cannot hide the submission from it.
 */
const projectJS = (api: { win?: Window; push(call: unknown): unknown }) => {
  api.win?.document.addEventListener(
    'submit',
    (event) => {
      if ((event.target as Element | null)?.matches?.(PAGE.registrationForm)) api.push(['event', EVENT.registration]);
    },
    true,
  );
};

/** The project's data (exported for the tests and the bench). */
export const HOMEPAGE_DATA = {
  projectId: HOMEPAGE_PROJECT_ID,
  accountId: HOMEPAGE_ACCOUNT_ID,
  snippetId: HOMEPAGE_PROJECT_ID,
  namespace: 'homepage',
  revision: 323,
  anonymizeIP: true,
  enableForceParameters: true,
  experimental: { trimPages: true },
  projectJS,
  layers: [PERSONALISATION_LAYER, IN_LANGUAGE_LAYER_DATA, ...ENGLISH_LAYERS, HERO_TRUST_LAYER, GOALS_LAYER],
  audiences: HOMEPAGE_AUDIENCES,
  pages: HOMEPAGE_VIEWS,
  events: HOMEPAGE_EVENTS,
} satisfies Partial<ProjectData>;

/**
 * Each in-language locale's copy, a page part (compiler/page-parts.ts): built beside the snippet as
 * `homepage.copy-<locale>.js`, included by its locale's page before the snippet (site/render.ts), read by
 * the in-language layer (site/copy/locale-copy.ts). A literal, so the snippet leaves it out.
 */
export const pageParts = {
  'copy-pt-br': './site/copy/page-parts/pt-br.ts',
  'copy-de-de': './site/copy/page-parts/de-de.ts',
  'copy-es': './site/copy/page-parts/es.ts',
  'copy-ko-kr': './site/copy/page-parts/ko-kr.ts',
  'copy-ja-jp': './site/copy/page-parts/ja-jp.ts',
  'copy-zh-cn': './site/copy/page-parts/zh-cn.ts',
  'copy-fr-fr': './site/copy/page-parts/fr-fr.ts',
  'copy-it-it': './site/copy/page-parts/it-it.ts',
} satisfies PageParts;

// Fitted: the snippet runs this data only (no validators, `load` refused); the build validates it.
export default defineProject({ data: HOMEPAGE_DATA, plugins: homepagePlugins(), bootstrap: homepageBootstrap(), fitted: true });
