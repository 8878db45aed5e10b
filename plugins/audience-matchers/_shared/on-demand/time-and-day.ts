/** The whole preset's stand-in of ../../time-and-day (scripts/lib/snippet-parts.ts): the matcher is part `matcher-time-and-day`. */
import { matcherStandIn } from '../../../_shared/stand-in';

export default matcherStandIn('time_and_day', 'matcher-time-and-day');
