/**
 * The `changes` apiModule plugin: `get('changes')` is the {@link ChangesModule} that applies actions'
 * changes through the change-applier plugins (one per change type, `plugins/change-appliers/`).
 * A factory, so each kernel gets its own states; see README.md for the options and choices.
 */
import { definePlugin, type ChangesModule, type PluginContext, type PluginOf } from '../../../core';
import { CHANGE_TYPES } from '../../../core/project/types';
import { createChangesModule, type ChangesOptions } from './module';
import { unknownTypeRule } from './validate';

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
    // With the kernel's registry at hand, a type is known when an applier plugin handles it.
    validate: unknownTypeRule((type) =>
      ctx ? !!ctx.plugin('changeApplier', type) : (CHANGE_TYPES as readonly string[]).includes(type),
    ),
  });
}
