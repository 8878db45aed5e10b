import type { ErrorKind } from './types';

/** An error of one of the kernel's kinds, keeping what was thrown as its `cause`. */
export interface RuntimeError extends Error {
  name: ErrorKind;
  cause: unknown;
}

/**
 * Wraps whatever was thrown (an Error, a string, anything) as an error of `kind` (KRN-43..45). The
 * message is the original message, so reports read the same as the failure.
 */
export const wrapError = (kind: ErrorKind, thrown: unknown): RuntimeError => {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  const error = new Error(message) as RuntimeError;
  error.name = kind;
  error.cause = thrown;
  return error;
};

/** The message of anything thrown. */
export const messageOf = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
