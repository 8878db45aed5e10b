/**
 * The `changes` apiModule plugin: `get('changes')` is the {@link ChangesModule} that applies actions'
 * changes through the change-applier plugins (one per change type, `plugins/change-appliers/`).
 * A factory, so each kernel gets its own states; see README.md for the options and choices.
 */
import { definePlugin, type ChangesModule, type PluginContext, type PluginOf } from '../../../core';
import { createChangesModule, type ChangesOptions } from './module';
import { pluginsRule } from './validate';

export type { ChangesOptions } from './module';

export default function changes(options: ChangesOptions = {}): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  let module: ChangesModule | undefined;
  return definePlugin({
    type: 'apiModule',
    name: 'changes',
    setup(context) {
      ctx = context;
    },
    create: () => (module ??= createChangesModule(ctx!, options)),
    // A type is known when one of the project's plugins is an applier for it (at snippet build as at start).
    validate: pluginsRule,
  });
}
