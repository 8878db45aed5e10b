/**
 * Helpers every storage plugin shares: the product prefix on keys and the catalogue's storage messages
 * (runtime-spec §8, ruling 13).
 */
import { PREFIX, type StorageWriteOptions } from '../../../core';

/** `Local storage is unavailable` (ERR-45, ruling 13): logged and emitted once per store. */
export const MSG_STORAGE_UNAVAILABLE = 'Local storage is unavailable';
/** 'Failed to set cookie' (ERR-43): the cookie was not there when read back. */
export const MSG_FAILED_TO_SET_COOKIE = 'Failed to set cookie';
/** `Cookie mismatch for "<name>"` (ERR-44, ruling 13): the cookie read back holds another value. */
export const msgCookieMismatch = (name: string) => `Cookie mismatch for "${name}"`;
/** Warning for a stored value that is not valid JSON; the value is read as absent, never thrown. */
export const msgCorrupted = (key: string) => `Ignored corrupted stored value "${key}"`;

/** The stored name of a key: the product prefix plus the key, unless the key already has it. */
export const prefixed = (key: string): string => (key.startsWith(PREFIX) ? key : PREFIX + key);

/**
 * The failure callback of a key written again before its earlier write was flushed or verified: a key
 * is stored (and checked) once, against its last value, and every writer hears of a failure.
 */
export const bothFailed = (earlier: StorageWriteOptions['failed'], later: StorageWriteOptions['failed']): StorageWriteOptions['failed'] =>
  earlier && later ? (problem) => (earlier(problem), later(problem)) : earlier || later;
