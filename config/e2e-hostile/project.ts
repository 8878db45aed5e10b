import { defineProject } from '../../core';
import timeline from '../../plugins/api-modules/timeline';
import { standardPreset } from '../../plugins/presets/standard';

/**
 * The hostile test project (tests/e2e/runtime-never-breaks.spec.ts, demo page /demo/e2e-hostile), built
 * with the standard preset and the timeline: a project script that throws, a custom_code change that
 * throws, a change whose selector is not valid CSS, a callback page whose activation code throws, and a
 * bandit experiment whose prediction the test makes hang (its answer never comes; the decisions module
 * gives up after 1000 ms). Good changes sit next to each of them: they must still apply.
 */
export default defineProject({
  data: {
    projectId: 'e2e-hostile',
    accountId: 'e2e-account',
    snippetId: 'e2e-hostile',
    namespace: 'e2e',
    revision: 1,
    projectJS: () => {
      throw new Error('hostile project script');
    },
    pages: [
      { id: 'demo', apiName: 'hostile_demo', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'substring', value: '/demo/e2e-hostile' }] },
      {
        id: 'throwing-callback',
        apiName: 'hostile_callback',
        activationType: 'callback',
        staticConditions: [{ type: 'url', match: 'substring', value: '/demo/e2e-hostile' }],
        activationCode: () => {
          throw new Error('hostile activation code');
        },
      },
    ],
    events: [],
    layers: [
      {
        id: 'layer-hostile',
        name: 'hostile changes',
        policy: 'single_experiment',
        holdback: 0,
        pageIds: ['demo'],
        experiments: [
          {
            id: 'exp-hostile',
            weightDistributions: [{ entityId: 'var-hostile', endOfRange: 10000 }],
            variations: [
              {
                id: 'var-hostile',
                actions: [
                  {
                    id: 'action-hostile',
                    pageId: 'demo',
                    changes: [
                      {
                        id: 'throwing-code',
                        type: 'custom_code',
                        value: () => {
                          throw new Error('hostile custom code');
                        },
                      },
                      { id: 'bad-selector', type: 'attribute', selector: 'p[[bad', attributes: { text: 'never' } },
                      { id: 'good-text', type: 'attribute', selector: '#demo-text', attributes: { text: 'Text changed despite the others' } },
                      { id: 'good-button', type: 'attribute', selector: '#demo-button', attributes: { text: 'Button changed' } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'layer-hanging-bandit',
        name: 'bandit with a hanging prediction',
        policy: 'single_experiment',
        holdback: 0,
        pageIds: ['demo'],
        experiments: [
          {
            id: 'exp-hanging',
            allocationPolicy: 'cmab',
            weightDistributions: [
              { entityId: 'var-fallback', endOfRange: 10000 },
              { entityId: 'var-other', endOfRange: 10000 },
            ],
            variations: [
              {
                id: 'var-fallback',
                actions: [{ id: 'action-fallback', pageId: 'demo', changes: [{ id: 'fallback-headline', type: 'attribute', selector: '#demo-headline', attributes: { text: 'Fallback headline' } }] }],
              },
              { id: 'var-other', actions: [] },
            ],
          },
        ],
      },
    ],
  },
  plugins: [...standardPreset(), timeline()],
});
