/** The whole preset's stand-in of plugins/audience-matchers/first-session (compiler/snippet-parts.ts): the matcher is part `matcher-first-session`. */
import { matcherStandIn } from '../stand-in';

export default matcherStandIn('first_session', 'matcher-first-session');
