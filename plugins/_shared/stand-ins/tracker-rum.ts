/**
 * The whole preset's stand-in of plugins/trackers/rum (compiler/snippet-parts.ts): performance reporting is
 * part `tracker-rum`, made with these options and swapped in before init (a preset option: a page has it only
 * when it asked for it). `rum` is a call that runs before init (KRN-26): the stand-in keeps what a page
 * pushed and hands it to the real plugin once it is there.
 */
import type { CallArgs, PluginContext } from '../../../core';
import { always, standIn } from '../stand-in';

export default (options?: object) => {
  const kept: CallArgs[] = [];
  return standIn('tracker', 'rum', 'tracker-rum', {}, options, {
    wanted: always,
    // The same parameters as the real call, so an array call's arguments are named alike.
    setup: (ctx: PluginContext) => ctx.defineCall('rum', (args) => void kept.push(args), ['extras']),
    swapped: (_plugin, ctx) => kept.forEach(ctx.push),
  });
};
