import { defineProject } from '../../core';
import timeline from '../../plugins/api-modules/timeline';
import click from '../../plugins/event-implementations/click';
import custom from '../../plugins/event-implementations/custom';
import engagement from '../../plugins/event-implementations/engagement';
import pageview from '../../plugins/event-implementations/pageview';
import batchTracker from '../../plugins/trackers/batch';
import rum from '../../plugins/trackers/rum';

/**
 * The tracker's end-to-end project (tests/e2e/tracker*.spec.ts): the batch tracker sending to the
 * page's own origin (the local services' collector), the goal event implementations and performance
 * reporting, with no campaigns. It runs without the pages and visitor plugins, so the tracker keeps
 * its own visitor id.
 */
export default defineProject({
  data: {
    projectId: 'e2e-tracker',
    accountId: 'e2e-account',
    snippetId: 'e2e-tracker',
    namespace: 'e2e-tracker',
    revision: 7,
    anonymizeIP: true,
    events: [
      { id: 'ev-e2e-buy', apiName: 'buy', eventType: 'custom', category: 'purchase' },
      { id: 'ev-e2e-cta', apiName: 'cta_click', eventType: 'click', config: { selector: '#demo-button' } },
    ],
  },
  plugins: [timeline(), batchTracker(), rum(), click(), custom, engagement, pageview],
});
