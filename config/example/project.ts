import { defineProject } from '../../core';
import timeline from '../../plugins/api-modules/timeline';

/**
 * The example project: no campaigns yet, only the lifecycle timeline. It is what `npm start` serves on
 * its demo page and what the snippet end-to-end tests load, so the kernel can be seen working on its own.
 */
export default defineProject({
  data: {
    projectId: 'example',
    accountId: 'example-account',
    snippetId: 'example',
    namespace: 'example',
    revision: 1,
    anonymizeIP: true,
  },
  plugins: [timeline()],
});
