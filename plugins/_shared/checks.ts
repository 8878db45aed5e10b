/**
 * Value checks the plugins share. The kernel keeps its own thenable check (core/sequence.ts): core imports
 * nothing from plugins.
 */

/** A plain record: an object that is not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, any> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A promise or any thenable: an object or a function with a `then` method. A primitive is never one, even
 * when the page has put a `then` on String.prototype or Number.prototype.
 */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  !!value && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';
