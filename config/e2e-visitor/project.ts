import { defineProject } from '../../core';
import type { Layer } from '../../core/project/types';
import controls from '../../plugins/api-modules/controls';
import decisions from '../../plugins/api-modules/decisions';
import pages from '../../plugins/api-modules/pages';
import visitor from '../../plugins/api-modules/visitor';
import singleExperiment from '../../plugins/deciders/single-experiment';
import cookie from '../../plugins/storage/cookie';
import crossDomain from '../../plugins/storage/cross-domain';
import local from '../../plugins/storage/local';
import immediate from '../../plugins/view-providers/immediate';

/**
 * The cross-domain visitor test project (tests/e2e/cross-domain.spec.ts). Its pages are the services'
 * cross-origin host pages (/client_storage/host/e2e-visitor) on both loopback names; the storage frame
 * always comes from `localhost` on the page's port, so from the 127.0.0.1 page it is another origin.
 * One campaign with four equal variations: a visitor's variation must be the same on both origins.
 */
const layer: Layer = {
  id: 'layer-xds',
  name: 'cross-domain campaign',
  policy: 'single_experiment',
  holdback: 0,
  pageIds: ['host'],
  experiments: [
    {
      id: 'exp-xds',
      name: 'cross-domain experiment',
      weightDistributions: [
        { entityId: 'var-a', endOfRange: 2500 },
        { entityId: 'var-b', endOfRange: 5000 },
        { entityId: 'var-c', endOfRange: 7500 },
        { entityId: 'var-d', endOfRange: 10000 },
      ],
      variations: ['a', 'b', 'c', 'd'].map((name) => ({ id: `var-${name}`, name, actions: [] })),
    },
  ],
};

export default defineProject({
  data: {
    projectId: 'e2e-visitor',
    accountId: 'e2e-account',
    snippetId: 'e2e-visitor',
    namespace: 'e2e',
    revision: 1,
    pages: [
      { id: 'host', apiName: 'xds_host', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'substring', value: '/client_storage/host/' }] },
    ],
    events: [],
    layers: [layer],
  },
  plugins: [
    local(),
    cookie(),
    crossDomain({ url: '{protocol}//localhost:{port}/client_storage/{accountId}.html' }),
    visitor(),
    controls(),
    pages(),
    decisions(),
    singleExperiment,
    immediate,
  ],
});
