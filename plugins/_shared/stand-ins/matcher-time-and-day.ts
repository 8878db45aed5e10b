/** The whole preset's stand-in of plugins/audience-matchers/time-and-day (compiler/snippet-parts.ts): the matcher is part `matcher-time-and-day`. */
import { matcherStandIn } from '../stand-in';

export default matcherStandIn('time_and_day', 'matcher-time-and-day');
