/**
 * Scroll-depth goals (`scroll_goals`, homepage-spec §3, §4, §9, WID-109..111, WID-113): after the
 * visitor stops scrolling for 250 ms, pushes `scroll_<percent><eventSuffix>` (ruling 17) for each of
 * 1, 25, 50, 75 and 100 percent reached, each once per page. Only the ones the project defines are
 * tracked (ruling 16). Depth is how far down the scrollable range the window is (0 % at the top,
 * 100 % at the bottom; a page that cannot scroll is fully seen, 100 %).
 */
import { pushOnce } from '../_shared/goals';
import { str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { defineWidget } from '../_shared/widget';

export const THRESHOLDS = [1, 25, 50, 75, 100] as const;
export const DEBOUNCE_MS = 250;

export const SCROLL_SCHEMA = { eventSuffix: str('') };

/** The event name of a scroll goal (ruling 17). */
export const scrollEvent = (percent: number, suffix: string) => `scroll_${percent}${suffix}`;

/** How far down the page the window is, in percent. */
export const depthOf = (win: Window): number => {
  const root = win.document.documentElement;
  const range = root.scrollHeight - win.innerHeight;
  // Within a pixel of the bottom counts as the bottom (fractional scroll positions).
  return range - win.scrollY <= 1 ? 100 : (win.scrollY / range) * 100;
};

const show = (c: ConfigOf<typeof SCROLL_SCHEMA>, t: Track) => {
  let timer: unknown;
  const measure = () => {
    const depth = depthOf(t.win);
    for (const percent of THRESHOLDS) if (depth >= percent) pushOnce(t, scrollEvent(percent, c.eventSuffix));
  };
  // One pending timer at a time, restarted by each scroll event (the debounce).
  t.on(t.win, 'scroll', () => {
    t.clock.clearTimeout(timer);
    timer = t.clock.setTimeout(t.guard(measure), DEBOUNCE_MS);
  }, { passive: true });
  t.later(() => t.clock.clearTimeout(timer));
};

export default defineWidget('scroll_goals', SCROLL_SCHEMA, show);
