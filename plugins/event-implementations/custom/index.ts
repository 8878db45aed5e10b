/**
 * The `custom` event implementation: nothing to listen to, the page pushes custom events itself
 * (`varia.push(['event', apiName, tags])`). Present so every event type has an implementation.
 */
import { definePlugin } from '../../../core';

export default definePlugin({
  type: 'eventImplementation',
  name: 'custom',
  attach: () => () => {},
});
