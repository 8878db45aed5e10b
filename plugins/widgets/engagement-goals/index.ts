/**
 * Engagement goal (`engagement_goals`, homepage-spec §3, WID-112, WID-113): pushes
 * `engagement<eventSuffix>` (ruling 17; the project's "engagement-all") on the visitor's first
 * engagement with the page: a click, a tap or a key press anywhere, once per page.
 */
import { pushOnce } from '../_shared/goals';
import { str, type ConfigOf } from '../_shared/schema';
import type { Track } from '../_shared/track';
import { defineWidget } from '../_shared/widget';

export const ENGAGEMENT_SCHEMA = { eventSuffix: str('') };

/** The event name of the engagement goal (ruling 17). */
export const engagementEvent = (suffix: string) => `engagement${suffix}`;

const show = (c: ConfigOf<typeof ENGAGEMENT_SCHEMA>, t: Track) => {
  const offs: (() => void)[] = [];
  const engaged = () => {
    pushOnce(t, engagementEvent(c.eventSuffix));
    offs.forEach((off) => off());
  };
  for (const type of ['click', 'touchstart', 'keydown']) offs.push(t.on(t.doc, type, engaged, { capture: true, passive: true }));
};

export default defineWidget('engagement_goals', ENGAGEMENT_SCHEMA, show);
