/** The whole preset's stand-in of plugins/audience-matchers/list (compiler/snippet-parts.ts): the matcher is part `matcher-list`. */
import { matcherStandIn } from '../stand-in';

export default matcherStandIn('list', 'matcher-list');
