/** The time provider: `time` = { now, day, minutes } from the kernel clock, in the visitor's local time (AUD-19). */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { ProfileTime } from '../../../core/kinds/audiences';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The time field of a moment (ms since the epoch). */
export const timeOf = (now: number): ProfileTime => {
  const date = new Date(now);
  return { now, day: DAYS[date.getDay()], minutes: date.getHours() * 60 + date.getMinutes() };
};

export default function time(): PluginOf<'profileProvider'> {
  let ctx: PluginContext | undefined;
  return definePlugin({
    type: 'profileProvider',
    name: 'time',
    fields: ['time'],
    setup: (context) => {
      ctx = context;
    },
    provide: () => ({ time: timeOf(ctx ? ctx.clock.now() : Date.now()) }),
  });
}
