/** A provider of one field read from the page when the profile loads. */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import { safely } from './page';

/** A provider named `name` supplying `field` as `read(ctx)` gives it (undefined when that throws). */
export const pageProvider = (name: string, field: string, read: (ctx: PluginContext) => unknown): (() => PluginOf<'profileProvider'>) => () => {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'profileProvider',
    name,
    fields: [field],
    setup: (context) => {
      ctx = context;
    },
    provide: () => ({ [field]: ctx ? safely(() => read(ctx!), undefined) : undefined }),
  });
};
