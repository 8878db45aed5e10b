/**
 * `defineWidget`: the widget kind's contract (core/kinds/changes.ts `WidgetKind`) with the book-keeping
 * done once. A widget writes only its `show(config, t)`, doing everything to the page through the
 * record `t` (track.ts); the returned factory makes a plugin whose `show` returns that record as the
 * undo handle and whose `hide()` undoes every show still on the page, newest first (WID-1, WID-2).
 * A show that throws is undone before the throw reaches the applier, so a failed widget leaves
 * nothing half-built on the page (WID-7).
 */
import { definePlugin, type ChangeEnv, type PluginOf, type WidgetSchema } from '../../../core';
import type { ConfigOf } from './schema';
import { track, type Track } from './track';

/** A widget's show: the completed config, the record of what it does, and the applier's environment. */
export type ShowFn<S extends WidgetSchema> = (config: ConfigOf<S>, t: Track, env: ChangeEnv) => void;

/** Makes the factory of widget `name` (its widget id), with its declared `schema`. */
export const defineWidget =
  <S extends WidgetSchema>(name: string, schema: S, show: ShowFn<S>) =>
  (): PluginOf<'widget'> => {
    const live: Track[] = [];
    return definePlugin({
      type: 'widget',
      name,
      schema,
      show(config, env) {
        const t = track(name, env);
        live.push(t);
        t.later(() => live.splice(live.indexOf(t), 1));
        try {
          show(config as ConfigOf<S>, t, env);
        } catch (error) {
          t.undo();
          throw error;
        }
        return t;
      },
      hide() {
        for (const t of live.slice().reverse()) t.undo();
      },
    });
  };

/** Pushes a named custom event to the runtime's queue (WID-113): tracked when the project defines it (ruling 16). */
export const pushEvent = (t: Track, eventName: string): void => void t.ctx.push(['event', eventName]);
