/**
 * The `session` storage plugin: sessionStorage under the product prefix, with the same rules as
 * `local` (JSON, memory fallback, the unavailable message once). See ../README.md.
 */
import { createWebStorage, type WebStoragePlugin } from '../_shared/web-storage';

/** Creates the `session` storage plugin. */
export default function session(): WebStoragePlugin {
  return createWebStorage('session', 'sessionStorage');
}
