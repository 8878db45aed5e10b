/** Activation type `manual` (PAG-5): nothing activates the page but the public `page` call. */
import { definePlugin } from '../../../core';

export default definePlugin({
  type: 'viewProvider',
  name: 'manual',
  watch: () => () => {},
});
