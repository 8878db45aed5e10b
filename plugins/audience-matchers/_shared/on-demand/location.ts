/** The whole preset's stand-in of ../../location (scripts/lib/snippet-parts.ts): the matcher is part `matcher-location`. */
import { matcherStandIn } from '../../../_shared/stand-in';

export default matcherStandIn('location', 'matcher-location');
