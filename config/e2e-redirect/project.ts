import { defineProject } from '../../core';
import timeline from '../../plugins/api-modules/timeline';
import { standardPreset } from '../../plugins/presets/standard';

/**
 * The redirect test project (tests/e2e/redirect.spec.ts, pages /redirect/a and /redirect/b served by
 * services/routes/redirect.ts), built with the standard preset so that the whole runtime takes part:
 * one layer runs on page A; its only variation (every visitor gets it) redirects to page B. The decision
 * crosses the redirect in the relay cookie and is tracked once, by page B. The tracker keeps its
 * defaults: batches go to the services' own /v1/events.
 */
export default defineProject({
  data: {
    projectId: 'e2e-redirect',
    accountId: 'e2e-account',
    snippetId: 'e2e-redirect',
    namespace: 'e2e',
    revision: 1,
    pages: [
      // The services run on a free port, so pages are matched by their path.
      { id: 'page-a', apiName: 'redirect_a', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'regex', value: '/redirect/a$' }] },
      { id: 'page-b', apiName: 'redirect_b', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'regex', value: '/redirect/b$' }] },
    ],
    events: [],
    layers: [
      {
        id: 'layer-redirect',
        name: 'redirect A to B',
        policy: 'single_experiment',
        holdback: 0,
        pageIds: ['page-a'],
        experiments: [
          {
            id: 'exp-redirect',
            name: 'redirect',
            weightDistributions: [{ entityId: 'var-redirect', endOfRange: 10000 }],
            variations: [
              {
                id: 'var-redirect',
                name: 'to B',
                actions: [{ id: 'action-redirect', pageId: 'page-a', changes: [{ id: 'change-redirect', type: 'redirect', value: '/redirect/b' }] }],
              },
            ],
          },
        ],
      },
    ],
  },
  plugins: [...standardPreset(), timeline()],
});
