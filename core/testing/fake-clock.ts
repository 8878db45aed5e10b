import type { Clock, TimerId } from '../types';

/** A clock whose time moves only when a test says so. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  tick(ms: number): void;
  /** Like `tick`, but lets promises settle after each timer, for code that awaits between timers. */
  tickAsync(ms: number): Promise<void>;
  /** How many timers are waiting. */
  pending(): number;
}

interface Timer {
  id: number;
  due: number;
  callback: () => void;
}

/** Lets queued promise callbacks run (several rounds, for chains of awaits). */
export const flushPromises = async (rounds = 20): Promise<void> => {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
};

/** Creates a fake clock starting at `start` (ms since the epoch). */
export const createFakeClock = (start = Date.UTC(2026, 0, 1)): FakeClock => {
  let now = start;
  let lastId = 0;
  let timers: Timer[] = [];
  // The earliest due timer first; timers due together run in the order they were set.
  const next = (until: number) =>
    timers.filter((timer) => timer.due <= until).sort((a, b) => a.due - b.due || a.id - b.id)[0];
  const fire = (timer: Timer) => {
    timers = timers.filter((t) => t !== timer);
    now = timer.due;
    timer.callback();
  };
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { id: ++lastId, due: now + Math.max(0, ms || 0), callback };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout: (id: TimerId) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    tick: (ms) => {
      const until = now + ms;
      for (let timer = next(until); timer; timer = next(until)) fire(timer);
      now = until;
    },
    tickAsync: async (ms) => {
      const until = now + ms;
      await flushPromises();
      for (let timer = next(until); timer; timer = next(until)) {
        fire(timer);
        await flushPromises();
      }
      now = until;
    },
    pending: () => timers.length,
  };
};
