/**
 * The `pages` module: pages (views), URL matching and the activation sequence (runtime-spec §2 Pages,
 * Page URL matching; §4 Activation sequence, Page state; URL-1..11, PAG-1..38).
 *
 * The sequence of core/kinds/modules.ts (ACTIVATION_STEPS) runs here, step by step, in the kernel's
 * stages: each step calls its module itself, so the order never depends on plugin order, and a step
 * whose module is absent is skipped. Each step is guarded alone: a failing module does not stop the next.
 */
import {
  EVENT_TYPES,
  MODULES,
  definePlugin,
  type AudiencesModule,
  type ControlsModule,
  type DecisionsModule,
  type PagesModule,
  type PluginOf,
  type VisitorModule,
} from '../../../core';
import type { UrlCondition } from '../../../core/project/types';
import { DEFAULT_HOST_PREFIXES, createUrlMatcher } from './url';
import { createViews, type ActivationRecord } from './views';
import { domReadyOf } from './dom-ready';
import { pagesRule } from './validate';
import { validationOnly } from '../../_shared/validation-only';

export { normalizeUrl, createUrlMatcher, DEFAULT_HOST_PREFIXES } from './url';
export { evaluateConditions } from './conditions';
export { MSG_NO_VISITOR_ID, msgUnknownActivationType, msgUnknownPage } from './views';

/** Options of the pages plugin. */
export interface PagesOptions {
  /** Editor and preview host prefixes stripped before matching (URL-11); default {@link DEFAULT_HOST_PREFIXES}. */
  hostPrefixes?: readonly string[];
}

/** The `page` push call's positional parameters: `['page', 'checkout', false, { step: 2 }]`. */
export const PAGE_CALL_PARAMS = ['pageName', 'isActive', 'tags'] as const;

/** Creates the pages plugin (an apiModule named `pages`). */
export default function pages(options: PagesOptions = {}): PluginOf<'apiModule'> {
  let module: PagesModule | undefined;
  return definePlugin({
    type: 'apiModule',
    name: 'pages',
    validate: validationOnly(pagesRule),
    setup(ctx) {
      const matcher = createUrlMatcher(options.hostPrefixes ?? DEFAULT_HOST_PREFIXES, (pattern, error) =>
        ctx.log.error(`A page URL condition with the regular expression "${pattern}" never matches:`, error),
      );
      const currentUrl = () => {
        try {
          return ctx.win?.location.href ?? '';
        } catch {
          return '';
        }
      };
      const controls = () => ctx.get<ControlsModule>(MODULES.controls);
      const views = createViews(ctx, (condition) => matcher(condition, currentUrl()), domReadyOf(ctx));
      const step = (fn: () => unknown) => void ctx.attempt('PluginError', fn);
      const visitor = () => ctx.get<VisitorModule>(MODULES.visitor);
      const decisions = () => ctx.get<DecisionsModule>(MODULES.decisions);
      // Set in preActivate: when this activation may not run (PAG-27), the later steps do nothing.
      let current: ActivationRecord | undefined;

      const removeHooks = [
        ctx.hook('preActivate', () => {
          current = undefined;
          const optedOut = controls()?.optOut() === true || ctx.attempt('PluginError', () => visitor()?.optedOut()) === true;
          if (controls()?.activationAllowed() === false || optedOut) return ctx.log.info('Activation not allowed');
          current = views.record(); // step 1
          views.register(); // step 2
        }),
        ctx.hook('visitor', () => {
          if (!current) return;
          step(() => visitor()?.identify()); // step 3
          step(() => decisions()?.trackRedirectDecision()); // step 4
          step(() => visitor()?.mergeStoredVariationMaps()); // step 5
          step(() => ctx.get<AudiencesModule>(MODULES.audiences)?.load()); // step 6
        }),
        ctx.hook('postVisitorProfileLoad', () => {
          if (!current) return;
          const { id, timestamp } = current;
          step(() => decisions()?.decideGlobalHoldback(id)); // step 7
          ctx.emit({ type: EVENT_TYPES.tracking, name: 'clientActivation', data: { activationId: id, timestamp } }); // step 8
        }),
        ctx.hook('views', () => {
          if (!current) return;
          const list = views.setUp(); // step 9
          views.activateViews(list); // step 10
        }),
      ];

      ctx.defineCall(
        'page',
        ({ pageName, isActive, tags }) => views.page(pageName, { isActive, tags }),
        PAGE_CALL_PARAMS,
      );

      module = {
        activation: () => (views.activation() ? { ...views.activation()! } : undefined),
        states: () => views.states(),
        activePageIds: () =>
          Object.values(views.states())
            .filter((state) => state.status === 'active')
            .map((state) => state.id),
        page: (apiName, pageOptions) => views.page(apiName, pageOptions),
        matchUrl: (condition: UrlCondition, url?: string) => matcher(condition, url ?? currentUrl()),
      };
      return () => {
        removeHooks.forEach((remove) => remove());
        views.destroy();
      };
    },
    create: () => module,
  });
}
