/**
 * Layout breakpoints of the homepage (WID-11..13). Device classes (WID-12): mobile up to 767 px,
 * tablet 768–1023 px, desktop 1000 px and up. Tablet and desktop overlap at 1000–1023 px; by
 * ruling 19 the narrower rule wins, so those widths are tablet and desktop starts at 1024 px.
 */

/** The breakpoints, in px (WID-11). */
export const BREAKPOINTS = [460, 768, 950, 1000, 1024, 1280, 1350, 1440, 2300] as const;

/** The last mobile width and the first widths of tablet and (after ruling 19) desktop. */
export const MOBILE_MAX = 767;
export const TABLET_MIN = 768;
export const DESKTOP_MIN = 1024;

/** Content widths (WID-13). */
export const MAX_CONTENT_WIDTH = 1416;
export const HERO_CONTENT_WIDTH = 1440;

export type Device = 'mobile' | 'tablet' | 'desktop';

/** The device class of a viewport width (WID-12, ruling 19). */
export const deviceOf = (width: number): Device => (width <= MOBILE_MAX ? 'mobile' : width < DESKTOP_MIN ? 'tablet' : 'desktop');

/** Media queries of the device classes, for widget style sheets. */
export const MEDIA: Readonly<Record<Device, string>> = {
  mobile: `(max-width:${MOBILE_MAX}px)`,
  tablet: `(min-width:${TABLET_MIN}px) and (max-width:${DESKTOP_MIN - 1}px)`,
  desktop: `(min-width:${DESKTOP_MIN}px)`,
};

/** The viewport width CSS media queries see (scrollbar included), as `innerWidth` gives it. */
export const viewportWidth = (win: Window): number => win.innerWidth;
