/**
 * The `custom_code` change applier: runs the change's function (CHG-8) with the plugin context as
 * its api (`api.get('changes')`, `api.win`, `api.log`...). Its return value, when a function, is
 * the undo. A value that is not a function throws 'Custom code must be a function' (CHG-9); what the
 * function throws is reported by the changes module as an ActionError.
 */
import { definePlugin } from '../../../core';
import { NOTHING } from '../_shared/handles';

/** Catalogue text (ERR-27). */
export const MSG_NOT_A_FUNCTION = 'Custom code must be a function';

export default definePlugin({
  type: 'changeApplier',
  name: 'custom_code',
  perElement: false,
  apply(change, _el, { ctx }) {
    if (typeof change.value !== 'function') throw Error(MSG_NOT_A_FUNCTION);
    const undo = (change.value as (api: unknown) => unknown)(ctx);
    return typeof undo === 'function' ? { undo: () => void undo() } : NOTHING;
  },
});
