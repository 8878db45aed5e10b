/**
 * The `engagement` event implementation: fires once, on the visitor's first interaction with the page
 * after the event is attached (a click, a key press, a scroll or a touch), then stops listening.
 */
import { definePlugin } from '../../../core';

/** The interactions that count as engagement. */
export const ENGAGEMENT_EVENTS = ['click', 'keydown', 'scroll', 'touchstart'] as const;

export default definePlugin({
  type: 'eventImplementation',
  name: 'engagement',
  attach(_event, fire, win) {
    const stop = () => ENGAGEMENT_EVENTS.forEach((type) => win.removeEventListener(type, engaged, { capture: true }));
    const engaged = () => {
      stop();
      fire();
    };
    ENGAGEMENT_EVENTS.forEach((type) => win.addEventListener(type, engaged, { capture: true, passive: true }));
    return stop;
  },
});
