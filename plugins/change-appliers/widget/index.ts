/**
 * The `widget` change applier (CHG-10, WID-4): emits the `action` event 'showWidget' with the widget
 * id and configuration, then shows the widget plugin registered under that id (when there is one)
 * and returns its handle, so undo hides it. The change is then applied. A widget that is not
 * registered is left to the event's listeners, with a debug line.
 */
import { definePlugin, EVENT_TYPES, type ShowWidgetData } from '../../../core';
import { NOTHING } from '../_shared/handles';

/** Thrown when the change names no widget. */
export const MSG_NO_WIDGET_ID = 'A widget change needs a widget_id';

export default definePlugin({
  type: 'changeApplier',
  name: 'widget',
  perElement: false,
  apply(change, _el, env) {
    const { ctx, meta } = env;
    const widgetId = change.widget_id;
    if (typeof widgetId !== 'string' || !widgetId) throw Error(MSG_NO_WIDGET_ID);
    const config = change.config ?? {};
    const data: ShowWidgetData = { widgetId, config, changeId: change.id, meta };
    ctx.emit({ type: EVENT_TYPES.action, name: 'showWidget', data });
    const widget = ctx.plugin('widget', widgetId);
    if (!widget) ctx.log.debug(`Widget "${widgetId}" is not in this snippet; showWidget emitted only`);
    return widget?.show(config, env) || NOTHING;
  },
});
