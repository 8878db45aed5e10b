/** The whole preset's stand-in of ../../list (scripts/lib/snippet-parts.ts): the matcher is part `matcher-list`. */
import { matcherStandIn } from '../../../_shared/stand-in';

export default matcherStandIn('list', 'matcher-list');
