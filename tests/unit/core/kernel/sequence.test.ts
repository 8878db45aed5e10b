/**
 * runInOrder, the step runner under every lifecycle stage (KRN-20): synchronous while it can be,
 * asynchronous from the first step that returns a promise, and never failing as a whole (KRN-9).
 */
import { describe, expect, it } from 'vitest';
import { runInOrder } from '../../../../core/sequence';

describe('kernel sequence: runInOrder', () => {
  it('KRN-20 synchronous steps all run at once, in order, and nothing is returned', () => {
    const order: number[] = [];
    const result = runInOrder([1, 2, 3].map((n) => () => void order.push(n)), () => {});
    expect(result).toBeUndefined();
    expect(order).toEqual([1, 2, 3]);
  });

  it('KRN-20 from the first step returning a promise on, the rest wait for it; a promise is returned', async () => {
    const order: string[] = [];
    let release!: () => void;
    const result = runInOrder(
      [
        () => void order.push('sync 1'),
        () => new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('async 2')),
        () => void order.push('sync 3'),
      ],
      () => {},
    );
    expect(result).toBeInstanceOf(Promise);
    expect(order).toEqual(['sync 1']);
    release();
    await result;
    expect(order).toEqual(['sync 1', 'async 2', 'sync 3']);
  });

  it('KRN-9 a throwing step goes to onError and the next step runs', () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    const boom = new Error('boom');
    runInOrder(
      [
        () => {
          throw boom;
        },
        () => void order.push('after'),
      ],
      (error) => void errors.push(error),
    );
    expect(errors).toEqual([boom]);
    expect(order).toEqual(['after']);
  });

  it('KRN-9 a rejecting step goes to onError, the next step runs, and the returned promise resolves', async () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    const result = runInOrder([() => Promise.reject('rejected'), () => void order.push('after')], (error) => void errors.push(error));
    await expect(result).resolves.toBeUndefined();
    expect(errors).toEqual(['rejected']);
    expect(order).toEqual(['after']);
  });

  it('KRN-20 a thenable that is not a Promise is waited for too', async () => {
    const order: string[] = [];
    let release!: () => void;
    const thenable = { then: (onFulfilled: () => void) => void (release = onFulfilled) };
    const result = runInOrder([() => thenable, () => void order.push('after')], () => {});
    // Promise.resolve adopts the thenable in a microtask.
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await result;
    expect(order).toEqual(['after']);
  });
});
