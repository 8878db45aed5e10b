/**
 * The `widget` change applier (CHG-10, WID-4): completes the change's config from the widget's
 * declared schema (WID-3: a missing field takes its default; a field of the wrong type takes its
 * default, with a warning; an unknown field is kept, with a warning), emits the `action` event
 * 'showWidget' with the widget id and the completed config, then shows the widget plugin registered
 * under that id and returns its handle, so undo hides exactly what it showed. The change is then
 * applied.
 *
 * A widget that is not in the snippet is not an error: showWidget is still emitted (a listener may
 * render it) and one warning per widget id says so; the change counts as applied.
 */
import { definePlugin, EVENT_TYPES, type PluginContext, type ShowWidgetData } from '../../../core';
import { completeConfig } from '../../_shared/widget-schema';
import { NOTHING } from '../_shared/handles';

/** Thrown when the change names no widget. */
export const MSG_NO_WIDGET_ID = 'A widget change needs a widget_id';

// Widget ids already reported absent, per kernel (the plugin object itself is shared by kernels).
const reported = new WeakMap<PluginContext, Set<string>>();

export default definePlugin({
  type: 'changeApplier',
  name: 'widget',
  perElement: false,
  apply(change, _el, env) {
    const { ctx, meta } = env;
    const widgetId = change.widget_id;
    if (typeof widgetId !== 'string' || !widgetId) throw Error(MSG_NO_WIDGET_ID);
    const widget = ctx.plugin('widget', widgetId);
    let config = (change.config ?? {}) as Record<string, unknown>;
    if (widget) {
      const completed = completeConfig(widget.schema, change.config);
      config = completed.config;
      for (const problem of completed.problems) ctx.log.warn(`Widget "${widgetId}" (change ${change.id}): ${problem}`);
    } else {
      const seen = reported.get(ctx) ?? new Set<string>();
      reported.set(ctx, seen);
      if (!seen.has(widgetId)) ctx.log.warn(`Widget "${widgetId}" is not in this snippet; showWidget emitted only`);
      seen.add(widgetId);
    }
    const data: ShowWidgetData = { widgetId, config, changeId: change.id, meta };
    ctx.emit({ type: EVENT_TYPES.action, name: 'showWidget', data });
    return widget?.show(config, env) || NOTHING;
  },
});
