import { EVENT_ALIASES } from './constants';
import type { KernelEvent, ListenerSpec } from './types';

/** The kernel's event emitter: listeners keyed by token, each isolated from the others. */
export interface Emitter {
  /** Adds a listener; returns its token. */
  on(spec: ListenerSpec): string;
  /** Removes the listener of a token; false when there was none. */
  off(token: string): boolean;
  /** Calls every matching listener, then does the same for the event's alias name, if it has one. */
  emit(event: KernelEvent): void;
}

/**
 * Creates an emitter. A throwing listener never stops the others: its error goes to `onListenerError`
 * with the listener's spec, which decides whether to log or also emit it (KRN-17).
 */
export const createEmitter = (onListenerError: (error: unknown, spec: ListenerSpec, event: KernelEvent) => void): Emitter => {
  // Copied on write, never on emit: a dispatch iterates the list it started with, so listeners added or
  // removed by a handler take effect from the next event on, and emitting allocates nothing.
  let listeners: [string, ListenerSpec][] = [];
  let lastToken = 0;
  // Under another name (an alias, KRN-19), the listeners of that name get one copy of the event carrying
  // it, made when the first of them is found: a page with no campaignDecided listener (and no listener of
  // the whole type) pays no copy per decision.
  const dispatch = (event: KernelEvent, as = event.name) => {
    for (const [, spec] of listeners) {
      const { type, name } = spec.filter;
      if (type !== event.type || (name && name !== as)) continue;
      if (as !== event.name) event = { ...event, name: as };
      try {
        spec.handler(event);
      } catch (error) {
        onListenerError(error, spec, event);
      }
    }
  };
  return {
    on: (spec) => {
      const token = 't' + ++lastToken;
      listeners = listeners.concat([[token, spec]]);
      return token;
    },
    off: (token) => listeners.length > (listeners = listeners.filter((entry) => entry[0] !== token)).length,
    emit: (event) => {
      // Only own string entries: an event named "constructor" must not find Object.prototype's. Read
      // before the listeners run, so one that renames its event cannot take the alias from the others.
      const alias = event.name && EVENT_ALIASES[event.name];
      dispatch(event);
      if (typeof alias == 'string') dispatch(event, alias);
    },
  };
};
