import { defineProject } from '../../core';
import audiences from '../../plugins/modules/audiences';
import changes from '../../plugins/modules/changes';
import controls from '../../plugins/modules/controls';
import decisions from '../../plugins/modules/decisions';
import pages from '../../plugins/modules/pages';
import qaLog from '../../plugins/modules/qa-log';
import timeline from '../../plugins/modules/timeline';
import visitor from '../../plugins/modules/visitor';
import attribute from '../../plugins/change-appliers/attribute';
import singleExperiment from '../../plugins/deciders/single-experiment';
import cookie from '../../plugins/storage/cookie';
import local from '../../plugins/storage/local';
import session from '../../plugins/storage/session';
import batch from '../../plugins/trackers/batch';
import immediate from '../../plugins/view-providers/immediate';

/** Variation ids of the headline experiment (`?varia_force_variations=example_headline_b` shows the second). */
export const EXAMPLE_VARIATIONS = { original: 'example_headline_a', variation: 'example_headline_b' } as const;

const note = (id: string, text: string) => ({ id, type: 'attribute' as const, selector: '#demo-text', attributes: { text } });

/**
 * The example project: one A/B experiment on its demo page (`/demo/example`), small enough to read in
 * one sitting. Half the visitors get Variation #1 (a new headline and button), half the Original; both
 * are told on the page which one they got, and the runtime panel below shows the decision being made.
 * It takes only the plugins its data needs (storage, the modules, one decider, one change applier, one
 * view provider, the tracker) and the lifecycle timeline the demo page shows.
 */
export default defineProject({
  data: {
    projectId: 'example',
    accountId: 'example-account',
    snippetId: 'example',
    namespace: 'example',
    revision: 2,
    anonymizeIP: true,
    pages: [{ id: 'example_demo', apiName: 'demo_page', name: 'Demo page', staticConditions: [{ type: 'url', match: 'regex', value: '/demo/example(?:[?#]|$)' }] }],
    layers: [
      {
        id: 'example_layer',
        name: 'Headline test',
        policy: 'single_experiment',
        pageIds: ['example_demo'],
        experiments: [
          {
            id: 'example_headline',
            name: 'Headline test',
            weightDistributions: [
              { entityId: EXAMPLE_VARIATIONS.original, endOfRange: 5000 },
              { entityId: EXAMPLE_VARIATIONS.variation, endOfRange: 10000 },
            ],
            variations: [
              {
                id: EXAMPLE_VARIATIONS.original,
                name: 'Original',
                actions: [{ pageId: 'example_demo', changes: [note('example_note_original', 'You are in the Original of the headline test. Add ?varia_force_variations=example_headline_b to see Variation #1.')] }],
              },
              {
                id: EXAMPLE_VARIATIONS.variation,
                name: 'Variation #1',
                actions: [
                  {
                    pageId: 'example_demo',
                    changes: [
                      { id: 'example_headline_text', type: 'attribute', selector: '#demo-headline', attributes: { text: 'Variation #1 rewrote this headline' } },
                      { id: 'example_button_text', type: 'attribute', selector: '#demo-button', attributes: { text: 'Start your free trial' } },
                      note('example_note_variation', 'You are in Variation #1 of the headline test: the headline and the button were changed by the snippet.'),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  plugins: [local(), session(), cookie(), controls(), visitor(), audiences(), singleExperiment, decisions(), changes(), qaLog(), attribute, immediate, batch(), timeline(), pages()],
  // The snippet runs this data only: the validators stay out (the build validates it).
  fitted: true,
});
