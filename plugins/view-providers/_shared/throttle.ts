import type { Clock, TimerId } from '../../../core';

/**
 * Throttles `fn` to one run per `wait` ms: the first call runs at once, calls during the wait are folded
 * into one run at its end. Returns the throttled function and the one that cancels a pending run.
 */
export const throttle = (fn: () => void, wait: number, clock: Clock): [run: () => void, cancel: () => void] => {
  let timer: TimerId | undefined;
  let again = false;
  const run = (): void => {
    if (timer !== undefined) {
      again = true;
      return;
    }
    fn();
    timer = clock.setTimeout(() => {
      timer = undefined;
      if (again) {
        again = false;
        run();
      }
    }, wait);
  };
  const cancel = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    again = false;
  };
  return [run, cancel];
};
