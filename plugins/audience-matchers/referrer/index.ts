/** `referrer` conditions: `document.referrer` compared with the value matchers. */
import { fieldMatcher } from '../_shared/simple';

/** `{ type: 'referrer', match: 'substring', value: 'google.' }`. */
export default fieldMatcher('referrer', 'referrer');
