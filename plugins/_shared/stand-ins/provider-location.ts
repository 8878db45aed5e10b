/**
 * The whole preset's stand-in of plugins/profile-providers/location (compiler/snippet-parts.ts): the
 * provider is part `provider-location`, made with these options and swapped in before init when the data
 * names a location condition or the options load a geolocation script (or await one). A `geolocation` call on
 * a page that has neither asks for the part and is handed to the provider once it is there, so a later
 * profile load has the location; until then the stand-in provides no location.
 */
import type { CallArgs, PluginContext } from '../../../core';
import { settle } from '../../../core/sequence';
import { ignore, standIn } from '../stand-in';

/** The location provider's options this stand-in reads (plugins/profile-providers/location); the part gets them all. */
interface LocationOptions {
  scriptUrl?: string;
  await?: boolean;
}

export default (options: LocationOptions = {}) => {
  const kept: CallArgs[] = [];
  const plugin = standIn('profileProvider', 'location', 'provider-location', { fields: ['location'], provide: () => ({}) }, options, {
    wanted: () => !!(options.scriptUrl || options.await),
    // The same parameters as the real call, so an array call's arguments are named alike.
    setup: (ctx: PluginContext) =>
      ctx.defineCall(
        'geolocation',
        (args) => {
          kept.push(args);
          settle(plugin.swap(), ignore, ignore);
        },
        ['data'],
      ),
    swapped: (_plugin, ctx) => kept.forEach(ctx.push),
  });
  return plugin;
};
