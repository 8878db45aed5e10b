/**
 * The window-message protocol between the runtime and the storage frame (runtime-spec §7, XDS-3..8).
 * Every message is an object marked with {@link XDS_MARK} and carrying an `id`; the frame answers each
 * with `SYNC` (key, value) or `ERROR` (message) under the same id.
 *
 * - `PUT` {key, value}: stores a value (null removes it); answered with SYNC of the stored key/value.
 * - `GET` {key}: answered with SYNC {key, value} (null when absent).
 * - `GETALL`: answered with one SYNC whose key is null and whose value is every stored key/value.
 * - `DELETE` {visitorId, key?}: removes `key`, or every entry whose value belongs to `visitorId`
 *   (its `randomId` or `id`); answered like GETALL.
 * - An `ERROR` with the code `NO_ACCESS` answers everything when the frame has no storage access (see
 *   frame-script.ts): the runtime goes on with first-party storage, without reporting an error.
 */

/** The marker field of every protocol message; messages without it are not ours and are left alone. */
export const XDS_MARK = 'varia_xds';

/** A request from the runtime to the frame. */
export interface XdsRequest {
  [XDS_MARK]: 1;
  id: number;
  type: 'PUT' | 'GET' | 'GETALL' | 'DELETE';
  key?: string;
  value?: unknown;
  visitorId?: string;
}

/** An answer from the frame. */
export interface XdsAnswer {
  [XDS_MARK]: 1;
  id: number;
  type: 'SYNC' | 'ERROR';
  key?: string | null;
  value?: unknown;
  message?: string;
  /** `NO_ACCESS`: the frame has no storage access (blocked or partitioned third-party storage). */
  code?: string;
}

/** At most this many messages are kept waiting (to be sent, or for their answer); older ones are dropped (XDS-10). */
export const MESSAGE_CAP = 1000;
/** How long activation waits for the sync before it goes on (runtime-spec §9). */
export const SYNC_TIMEOUT_MS = 1000;

/** XDS-12, ERR-11. */
export const MSG_CANONICAL_ORIGINS = 'canonicalOrigins must be an array';
/** Warned when the frame has not synced within the timeout; activation goes on with local state. */
export const msgSyncTimeout = (ms: number) => `Cross-origin storage did not sync within ${ms} ms`;
/** Reported when the frame answers ERROR; cross-origin storage is then disabled (XDS-9). */
export const msgFrameError = (message: unknown) => `Cross-origin storage disabled: ${message}`;
/** Logged at debug when the frame has no storage access: the runtime uses first-party storage only. */
export const MSG_NO_ACCESS = 'No storage access for the cross-origin storage frame: using first-party storage';
/** Warned for a protocol message from a window or origin other than the storage frame's. */
export const msgForeignOrigin = (origin: string) => `Ignored cross-origin storage message from "${origin}"`;
