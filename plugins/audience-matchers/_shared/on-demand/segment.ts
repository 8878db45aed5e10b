/** The whole preset's stand-in of ../../segment (scripts/lib/snippet-parts.ts): the matcher is part `matcher-segment`. */
import { matcherStandIn } from '../../../_shared/stand-in';

export default matcherStandIn('segment', 'matcher-segment');
