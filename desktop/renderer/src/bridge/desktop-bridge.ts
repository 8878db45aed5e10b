import type { DesktopApi } from '../../../preload/index';

/**
 * Returns the preload's API when the renderer runs inside Electron, or
 * `undefined` in web mode (a plain browser). Every desktop-only feature goes
 * through this so the same renderer works in both.
 */
export function getDesktopApi(): DesktopApi | undefined {
  return typeof window === 'undefined' ? undefined : window.variaDesktop;
}
