/**
 * The `pages` module: pages (views), URL matching and the activation sequence (runtime-spec §2 Pages,
 * Page URL matching; §4 Activation sequence, Page state; URL-1..11, PAG-1..38). The sequence and the
 * page states are in ./views.ts, URL matching in ./url.ts.
 */
import { definePlugin, type PagesModule, type PluginOf } from '../../../core';
import { createUrlMatcher } from './url';
import { createViews } from './views';
import { specialisedPages } from './specialised';
import { pagesRule } from './validate';
import { validationOnly } from '../../_shared/validation-only';

export { normalizeUrl, createUrlMatcher, DEFAULT_HOST_PREFIXES } from './url';
export { evaluateConditions } from './conditions';
export { MSG_NO_VISITOR_ID, PAGE_CALL_PARAMS, msgUnknownActivationType, msgUnknownPage } from './views';

/** Options of the pages plugin. */
export interface PagesOptions {
  /** Editor and preview host prefixes stripped before matching (URL-11); default {@link DEFAULT_HOST_PREFIXES}. */
  hostPrefixes?: readonly string[];
}

/** Creates the pages plugin (an apiModule named `pages`). */
export default function pages(options: PagesOptions = {}): PluginOf<'apiModule'> {
  let module: PagesModule | undefined;
  return definePlugin({
    type: 'apiModule',
    name: 'pages',
    validate: validationOnly(pagesRule),
    setup(ctx) {
      // The matcher's own default stands for absent host prefixes.
      const matcher = createUrlMatcher(options.hostPrefixes, (pattern, error) =>
        ctx.log.error(`A page URL condition with the regular expression "${pattern}" never matches:`, error),
      );
      const currentUrl = () => {
        try {
          return ctx.win?.location.href ?? '';
        } catch {
          return '';
        }
      };
      // A compiled snippet's own pages have generated matchers of their conditions (a generic one has none).
      module = createViews(ctx, (condition, url) => matcher(condition, url ?? currentUrl()), specialisedPages(ctx, options.hostPrefixes, currentUrl));
    },
    create: () => module,
  });
}
