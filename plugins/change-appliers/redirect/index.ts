/**
 * The `redirect` change applier: sends the visitor to `change.value` (a URL, resolved against the
 * page) without losing the decision (CHG-11): first the decisions module writes the relay cookie for
 * the layer, then the tracker hands whatever is pending to the beacon, then `location.replace`
 * navigates (replace, so the back button does not bounce the visitor into the redirect again).
 * Either module may be absent; its step is skipped. Nothing to undo once the page is leaving. Once one
 * layer redirects, a later layer's redirect in the same page is ignored (DEC-47: the first announced layer
 * is kept, and its relayed decision must be the one of the page the visitor lands on).
 */
import { definePlugin, MODULES, type DecisionsModule, type TrackerModule } from '../../../core';
import { NOTHING } from '../_shared/handles';

/** Thrown when the change has no URL to go to. */
export const MSG_NO_URL = 'A redirect change needs a URL (value)';

// The runtimes (by plugin context) whose page is already leaving: the first redirect wins (DEC-47).
const leaving = new WeakMap<object, string>();

export default definePlugin({
  type: 'changeApplier',
  name: 'redirect',
  perElement: false,
  apply(change, _el, { ctx, meta, win }) {
    if (typeof change.value !== 'string' || !change.value) throw Error(MSG_NO_URL);
    const url = change.value;
    // DEC-47: a later layer's redirect would replace the navigation under the first one's relayed decision.
    const first = leaving.get(ctx);
    if (first) return ctx.log.debug(`Redirect of layer ${meta.layerId} ignored: layer ${first} redirects first`), NOTHING;
    leaving.set(ctx, meta.layerId);
    ctx.get<DecisionsModule>(MODULES.decisions)?.relayRedirect(meta.layerId);
    ctx.get<TrackerModule>(MODULES.tracker)?.flush({ beacon: true });
    win.location.replace(url);
    return NOTHING;
  },
});
