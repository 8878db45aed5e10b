/** The whole preset's stand-in of plugins/audience-matchers/segment (compiler/snippet-parts.ts): the matcher is part `matcher-segment`. */
import { matcherStandIn } from '../stand-in';

export default matcherStandIn('segment', 'matcher-segment');
