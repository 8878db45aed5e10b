/** Activation type `immediate` (PAG-2): the page activates as soon as its static conditions match, at activation. */
import { definePlugin } from '../../../core';

export default definePlugin({
  type: 'viewProvider',
  name: 'immediate',
  watch(page, update) {
    update(true);
    return () => {};
  },
});
