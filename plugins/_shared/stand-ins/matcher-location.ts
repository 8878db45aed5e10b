/** The whole preset's stand-in of plugins/audience-matchers/location (compiler/snippet-parts.ts): the matcher is part `matcher-location`. */
import { matcherStandIn } from '../stand-in';

export default matcherStandIn('location', 'matcher-location');
