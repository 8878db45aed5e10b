/** The whole preset's stand-in of plugins/audience-matchers/custom-attribute (compiler/snippet-parts.ts): the matcher is part `matcher-custom-attribute`, made with these options. */
import { matcherStandIn } from '../stand-in';
export default (options?: object) => matcherStandIn('custom_attribute', 'matcher-custom-attribute', options);
