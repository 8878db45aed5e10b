import type { DesktopApi } from '../../preload/index';

declare global {
  interface Window {
    /**
     * The desktop bridge exposed by the preload. Present only when the renderer
     * runs inside Electron; absent in web mode, so always check before use.
     */
    variaDesktop?: DesktopApi;
  }
}

export {};
