/**
 * Exposure (ruling 24): after a decision, when the visitor could see the difference on this page, for
 * every variation of the experiment by one rule, so both arms are counted on the same kind of visitor.
 * - The visitor's own variation: once all its changes for the page were applied (the changes module's
 *   states), not when one timed out or failed.
 * - Each other variation (counterfactual): once every element selector of its changes for the page
 *   matched, watched by the changes module's `observeSelector` with the changes' own timeout; nothing
 *   is changed. Its other changes (custom code, widgets) need no element, as they need none to apply.
 * - A variation without any change: at the decision. One whose changes are all on other pages: not here.
 * Each emits `tracking/exposure`; the tracker records it once per visitor (plugins/trackers/batch).
 */
import { EVENT_TYPES, type ChangesModule, type ExposureData, type PluginContext } from '../../../core';
import type { Action, Change, Experiment, Layer } from '../../../core/project/types';
import { settle, settleAll } from '../../../core/sequence';
import { actionsOf, type LayerInfo } from './layer-info';

const changesOf = (actions: readonly Action[]): Change[] => actions.flatMap((action) => action.changes || action.changeSet || []);

/** Creates the exposure check of one kernel; `works` are the promises of the decided variation's applied actions. */
export const createExposure =
  (ctx: PluginContext) =>
  (layer: Layer, info: LayerInfo, experiment: Experiment, variationId: string, pageId: string, changes: ChangesModule | undefined, works: Promise<unknown>[]) => {
    const exposed = (basis: string) =>
      ctx.emit({ type: EVENT_TYPES.tracking, name: 'exposure', data: { experimentId: experiment.id, variationId, basis } satisfies ExposureData });
    for (const { id: basis, actions: own } of experiment.variations || []) {
      const list = changesOf(actionsOf(info, experiment, basis, pageId, layer).actions);
      if (!list.length) {
        if (!own?.length) exposed(basis);
      } else if (!changes) {
        // Nothing applies changes or watches the page in this snippet: nobody could see one.
      } else if (basis == variationId) {
        // Later, out of the decision's own guard: nothing thrown here may reach the page as a rejection.
        settle(settleAll(works), () =>
          ctx.attempt('PluginError', () => {
            if (list.every((change) => changes.changeState(change.id) == 'applied')) exposed(basis);
          }),
        );
      } else {
        const selectors = new Set(list.filter((change) => change.selector && ctx.plugin('changeApplier', change.type)?.perElement).map((change) => change.selector!));
        let left = selectors.size;
        if (!left) exposed(basis);
        // The first match of each selector counts; then its watch ends (after observeSelector returns when it matched at once).
        for (const selector of selectors) {
          let matched = false;
          let stop: (() => void) | undefined;
          stop = changes.observeSelector(selector, () => {
            if (matched) return;
            matched = true;
            stop?.();
            if (!--left) exposed(basis);
          });
          if (matched) stop();
        }
      }
    }
  };
