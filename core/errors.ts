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
  const error = Error(messageOf(thrown)) as RuntimeError;
  error.name = kind;
  error.cause = thrown;
  return error;
};

/**
 * The message of anything thrown; never throws, even for values that refuse to become strings or a Proxy
 * whose traps throw (`instanceof` asks its prototype).
 */
export const messageOf = (thrown: unknown): string => {
  try {
    return thrown instanceof Error ? thrown.message : textOf(thrown);
  } catch {
    return textOf(thrown);
  }
};

/** A value as text; `String()` throws for objects without a prototype or with a throwing toString or trap, and this must not. */
export const textOf = (value: unknown): string => {
  try {
    return String(value);
  } catch {
    return '[object Object]';
  }
};
