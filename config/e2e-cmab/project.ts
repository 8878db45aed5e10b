import { defineProject } from '../../core';
import type { Variation } from '../../core/project/types';
import timeline from '../../plugins/api-modules/timeline';
import { standardPreset } from '../../plugins/presets/standard';

/**
 * The contextual-bandit test project (tests/e2e/cmab.spec.ts, demo page /demo/e2e-cmab), built with the
 * standard preset: one layer whose experiment has allocation policy `cmab`, so its variation comes from
 * `POST /predict/exp-cmab` of the local services (the decisions module's default host: the page's
 * origin). Normal bucketing gives every visitor `var-a` (all the weight), so a fallback is told apart
 * from a prediction by the decision reason. Each variation writes its name into the demo headline.
 * The custom attribute `plan` is sent with the prediction request.
 */
const variation = (id: string, name: string): Variation => ({
  id,
  name,
  actions: [{ id: `action-${id}`, pageId: 'demo', changes: [{ id: `change-${id}`, type: 'attribute', selector: '#demo-headline', attributes: { text: name } }] }],
});

export default defineProject({
  data: {
    projectId: 'e2e-cmab',
    accountId: 'e2e-account',
    snippetId: 'e2e-cmab',
    namespace: 'e2e',
    revision: 1,
    pages: [{ id: 'demo', apiName: 'cmab_demo', activationType: 'immediate', staticConditions: [{ type: 'url', match: 'substring', value: '/demo/e2e-cmab' }] }],
    events: [],
    visitorAttributes: [{ id: 'attr-plan', name: 'plan' }],
    layers: [
      {
        id: 'layer-cmab',
        name: 'bandit headline',
        policy: 'single_experiment',
        holdback: 0,
        pageIds: ['demo'],
        experiments: [
          {
            id: 'exp-cmab',
            name: 'bandit headline',
            allocationPolicy: 'cmab',
            experimentMetadata: { allocationPolicy: 'cmab', cmabAttributes: { customAttributes: ['attr-plan'] } },
            weightDistributions: [
              { entityId: 'var-a', endOfRange: 10000 },
              { entityId: 'var-b', endOfRange: 10000 },
              { entityId: 'var-c', endOfRange: 10000 },
            ],
            variations: [variation('var-a', 'Headline A'), variation('var-b', 'Headline B'), variation('var-c', 'Headline C')],
          },
        ],
      },
    ],
  },
  plugins: [...standardPreset(), timeline()],
});
