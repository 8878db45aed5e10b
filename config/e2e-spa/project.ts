import { defineProject } from '../../core';
import type { Layer } from '../../core/project/types';
import changes from '../../plugins/api-modules/changes';
import controls from '../../plugins/api-modules/controls';
import decisions from '../../plugins/api-modules/decisions';
import pages from '../../plugins/api-modules/pages';
import timeline from '../../plugins/api-modules/timeline';
import visitor from '../../plugins/api-modules/visitor';
import attribute from '../../plugins/change-appliers/attribute';
import singleExperiment from '../../plugins/deciders/single-experiment';
import click from '../../plugins/event-implementations/click';
import pageview from '../../plugins/event-implementations/pageview';
import cookie from '../../plugins/storage/cookie';
import local from '../../plugins/storage/local';
import batchTracker from '../../plugins/trackers/batch';
import immediate from '../../plugins/view-providers/immediate';
import urlChanged from '../../plugins/view-providers/url-changed';

/**
 * The single-page-app test project (tests/e2e/spa.spec.ts, page /spa served by services/routes/spa.ts):
 * two url_changed pages, products and cart, that deactivate and undo their changes when the route
 * leaves them; one campaign per page changes the promo line. Every visitor gets the only variation.
 */
const promoLayer = (page: string, text: string): Layer => ({
  id: `layer-${page}`,
  name: `${page} promo`,
  policy: 'single_experiment',
  holdback: 0,
  pageIds: [page],
  experiments: [
    {
      id: `exp-${page}`,
      name: `${page} promo`,
      weightDistributions: [{ entityId: `var-${page}`, endOfRange: 10000 }],
      variations: [
        {
          id: `var-${page}`,
          name: 'promo',
          actions: [
            {
              id: `action-${page}`,
              pageId: page,
              changes: [{ id: `change-${page}`, type: 'attribute', selector: '#spa-promo', attributes: { text } }],
            },
          ],
        },
      ],
    },
  ],
});

// The services run on a free port, so the route is matched by its path (a regex on the URL).
const routePage = (id: string) => ({
  id,
  apiName: `spa_${id}`,
  category: 'spa',
  activationType: 'url_changed' as const,
  deactivationEnabled: true,
  undoOnDeactivation: true,
  staticConditions: [{ type: 'url' as const, match: 'regex' as const, value: `/spa/${id}$` }],
});

export default defineProject({
  data: {
    projectId: 'e2e-spa',
    accountId: 'e2e-account',
    snippetId: 'e2e-spa',
    namespace: 'e2e',
    revision: 1,
    anonymizeIP: true,
    pages: [
      routePage('products'),
      routePage('cart'),
      // An immediate page on every route: activated once per page load, never by a route change.
      { id: 'any', apiName: 'spa_any', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'substring', value: '/spa' }] },
    ],
    // A click goal of the cart page: attached while the cart page is active, detached when it is not.
    events: [{ id: 'evt-promo-click', apiName: 'cart_promo_click', eventType: 'click', pageId: 'cart', config: { selector: '#spa-promo' } }],
    layers: [promoLayer('products', 'Products promo'), promoLayer('cart', 'Cart promo')],
  },
  plugins: [
    local(),
    cookie(),
    controls(),
    visitor(),
    decisions(),
    singleExperiment,
    changes(),
    attribute,
    pageview,
    click(),
    batchTracker({ batching: false, shortKeys: false }),
    pages(),
    immediate,
    urlChanged,
    timeline(),
  ],
});
