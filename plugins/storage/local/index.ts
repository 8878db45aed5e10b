/**
 * The `local` storage plugin: localStorage under the product prefix `varia_`, JSON values, memory
 * fallback when unavailable or full (VIS-25, VIS-26). See ../README.md.
 */
import { createWebStorage, type WebStoragePlugin } from '../_shared/web-storage';

/** Creates the `local` storage plugin (a factory: each kernel keeps its own memory fallback). */
export default function local(): WebStoragePlugin {
  return createWebStorage('local', 'localStorage');
}
