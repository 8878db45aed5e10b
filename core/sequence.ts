const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  !!value && typeof (value as PromiseLike<unknown>).then === 'function';

/**
 * Runs steps in order, synchronously for as long as every step returns synchronously, so the snippet can
 * apply changes before the first paint; from the first step that returns a promise on, the rest wait for
 * it. A step that throws or rejects goes to `onError` and the next step runs. Returns a promise only when
 * some step was asynchronous; that promise never rejects.
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
      if (isThenable(result)) {
        return Promise.resolve(result).then(
          () => from(i + 1),
          (error) => {
            onError(error);
            return from(i + 1);
          },
        );
      }
    }
  };
  return from(0);
};
