/**
 * The `pageview` event implementation: the event fires when it is attached, that is when its page
 * activates (the pages module attaches the events of a page on activation, PAG-16).
 */
import { definePlugin } from '../../../core';

export default definePlugin({
  type: 'eventImplementation',
  name: 'pageview',
  attach(_event, fire) {
    fire();
    return () => {};
  },
});
