
/**
 * Runs steps in order, synchronously for as long as every step returns synchronously, so the snippet can
 * apply changes before the first paint; from the first step that returns a promise on, the rest wait for
 * it. A step that throws or rejects goes to `onError` and the next step runs. Returns a promise only when
 * some step was asynchronous; that promise never rejects. Waits with `await`, never `then`: a page whose
 * `Promise.prototype.then` is replaced or throws (a broken polyfill) does not reach the runtime, since
 * `await` on a native promise does not look `then` up (neither must a promise be returned from an async
 * function: resolving with it would).
 */
export const runInOrder = (steps: ReadonlyArray<() => unknown>, onError: (error: unknown) => void): void | Promise<void> => {
  const from = (index: number): void | Promise<void> => {
    for (let i = index; i < steps.length; i++) {
      let result: unknown;
      try {
        result = steps[i]();
      } catch (error) {
        onError(error);
        continue;
      }
      // A promise (anything with a `then`): only steps that go asynchronous return one.
      if ((result as PromiseLike<unknown> | undefined)?.then) {
        return settle(
          result,
          () => from(i + 1),
          (error) => (onError(error), from(i + 1)),
        );
      }
    }
  };
  return from(0);
};

/**
 * `value.then(ok, ko)` without the page's `Promise.prototype.then` (see {@link runInOrder}): `ok` with the
 * value once it settles, or `ko` with the error (without `ko`, the returned promise rejects with it).
 */
export const settle = async <T, R = void>(
  value: T | PromiseLike<T>,
  ok: (value: T) => R | PromiseLike<R>,
  ko: (error: unknown) => R | PromiseLike<R> = (error) => {
    throw error;
  },
): Promise<R> => {
  let result: T;
  try {
    result = await value;
  } catch (error) {
    return await ko(error);
  }
  return await ok(result);
};

/**
 * `Promise.all` without the page's `Promise.prototype.then` (see {@link runInOrder}): the values in order,
 * each awaited in turn (the work behind them runs side by side all the same); rejects with the first
 * rejection met in that order.
 */
export const settleAll = async <T>(values: ReadonlyArray<T | PromiseLike<T>>): Promise<T[]> => {
  const settled: T[] = [];
  for (const value of values) settled.push(await value);
  return settled;
};
