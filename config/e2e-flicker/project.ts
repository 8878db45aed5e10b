import { defineProject, type ChangesModule } from '../../core';
import type { Change } from '../../core/project/types';
import changes from '../../plugins/api-modules/changes';
import append from '../../plugins/change-appliers/append';
import attribute from '../../plugins/change-appliers/attribute';
import customCode from '../../plugins/change-appliers/custom-code';
import rearrange from '../../plugins/change-appliers/rearrange';

/**
 * The flicker test project (tests/e2e/flicker.spec.ts, page /flicker served by
 * services/routes/flicker.ts): its project script applies one action as soon as the snippet runs in
 * <head>, before the body exists, so every target arrives later while the page paints slowly. It
 * does not need the decisions and pages plugins: the action is applied directly.
 */
const CHANGES: Change[] = [
  { id: 'hero', type: 'attribute', selector: '.hero', attributes: { text: 'Changed headline', class: 'hero changed' } },
  { id: 'items', type: 'attribute', selector: '.item', attributes: { html: '<b>Changed item</b>' } },
  { id: 'late', type: 'attribute', selector: '.late', attributes: { text: 'Changed late text' } },
  { id: 'cta', type: 'append', selector: '.late', operator: 'after', dependencies: ['late'], value: '<p class="cta">Added</p>' },
  // Never found: times out 2000 ms after DOM ready; `gated` waits on it, pre-hidden, then is let go.
  { id: 'never', type: 'attribute', selector: '.never-there', attributes: { text: 'x' } },
  { id: 'gated', type: 'attribute', selector: '.gated', dependencies: ['never'], attributes: { text: 'never applied' } },
];

export default defineProject({
  data: {
    projectId: 'e2e-flicker',
    accountId: 'e2e-account',
    snippetId: 'e2e-flicker',
    namespace: 'e2e',
    revision: 1,
    projectJS: (api) => {
      const module = api.get<ChangesModule>('changes');
      void module?.applyAction(
        { id: 'flicker-action', changes: CHANGES },
        { layerId: 'flicker-layer', experimentId: 'flicker-exp', variationId: 'flicker-var', pageId: 'flicker-page' },
      );
    },
  },
  plugins: [changes(), attribute, append, rearrange, customCode],
});
