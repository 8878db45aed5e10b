import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/ipc-contract';
import { getDesktopApi } from './desktop-bridge';

/** Where the renderer runs and, inside Electron, what the app reported about itself. */
export type RuntimeInfo =
  | { mode: 'web' }
  | { mode: 'electron'; status: 'loading' }
  | { mode: 'electron'; status: 'ready'; app: AppInfo }
  | { mode: 'electron'; status: 'error'; message: string };

function initialRuntimeInfo(): RuntimeInfo {
  return getDesktopApi() ? { mode: 'electron', status: 'loading' } : { mode: 'web' };
}

/**
 * Reports whether the renderer runs in Electron or in web mode. In Electron it
 * asks the main process for the app info once, on mount.
 *
 * @returns `{ mode: 'web' }` without the preload API; otherwise the Electron
 *   state, moving from `loading` to `ready` (with the app info) or `error`.
 */
export function useRuntimeInfo(): RuntimeInfo {
  const [info, setInfo] = useState<RuntimeInfo>(initialRuntimeInfo);

  useEffect(() => {
    const api = getDesktopApi();
    if (!api) return;
    // StrictMode mounts twice in development; ignore the answer of a discarded mount.
    let active = true;
    api.app
      .getInfo()
      .then((app) => {
        if (active) setInfo({ mode: 'electron', status: 'ready', app });
      })
      .catch((error: unknown) => {
        if (active) setInfo({ mode: 'electron', status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      active = false;
    };
  }, []);

  return info;
}
