/**
 * Time-on-page goals (`timer_goals`, homepage-spec §3, §9, WID-107, WID-108, WID-113): pushes
 * `time_on_page_<seconds>s<experimentSuffix>` (ruling 17) to the runtime's queue 30000, 45000 and
 * 60000 ms after it is shown (the widget is shown when the page activates, at the start of the page
 * view), each once per page. The suffix tells an experiment's events from the default homepage's.
 */
import { pushOnce } from '../_shared/goals';
import { str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { defineWidget } from '../_shared/widget';

/** When the time events fire, in ms (WID-108). */
export const TIMES_MS = [30000, 45000, 60000] as const;

export const TIMER_SCHEMA = { experimentSuffix: str('') };

/** The event name of a time goal (ruling 17). */
export const timeEvent = (ms: number, suffix: string) => `time_on_page_${ms / 1000}s${suffix}`;

const show = (c: ConfigOf<typeof TIMER_SCHEMA>, t: Track) => {
  for (const ms of TIMES_MS) t.timer(() => pushOnce(t, timeEvent(ms, c.experimentSuffix)), ms);
};

export default defineWidget('timer_goals', TIMER_SCHEMA, show);
