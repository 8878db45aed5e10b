import { definePlugin, type KernelEvent, type PluginOf } from '../../../core';

/** One event as the timeline keeps it. */
export interface TimelineEntry {
  /** 'lifecycle' or 'error'. */
  type: string;
  /** The lifecycle event name, or the error kind. */
  name: string;
  /** Clock time of the event, in ms. */
  at: number;
  /** The lifecycle event's data, or the error's message. */
  detail?: unknown;
}

/** The `timeline` module: what `get('timeline')` returns. */
export interface TimelineModule {
  /** The kept entries, oldest first. */
  entries(): TimelineEntry[];
  /** Empties the timeline. */
  clear(): void;
}

/** Options of the timeline plugin. */
export interface TimelineOptions {
  /** How many entries to keep; the oldest go first. Default 200. */
  limit?: number;
}

const describe = (event: KernelEvent): unknown =>
  event.type === 'error' ? (event.data as { error?: Error } | undefined)?.error?.message : event.data;

/**
 * The lifecycle timeline: records the runtime's lifecycle and error events with their times, so a QA
 * page, a support engineer or the editor can see what the runtime did and when (`get('timeline')`).
 * The example plugin of the README's plugin guide.
 */
export default function timeline(options: TimelineOptions = {}): PluginOf<'apiModule'> {
  const limit = options.limit ?? 200;
  const kept: TimelineEntry[] = [];
  return definePlugin({
    type: 'apiModule',
    name: 'timeline',
    setup(ctx) {
      const record = (event: KernelEvent) => {
        kept.push({ type: event.type, name: event.name ?? '', at: ctx.clock.now(), detail: describe(event) });
        if (kept.length > limit) kept.shift();
      };
      const stopLifecycle = ctx.on({ type: 'lifecycle' }, record);
      const stopErrors = ctx.on({ type: 'error' }, record);
      return () => {
        stopLifecycle();
        stopErrors();
      };
    },
    create: (): TimelineModule => ({
      entries: () => kept.slice(),
      clear: () => void kept.splice(0),
    }),
  });
}
