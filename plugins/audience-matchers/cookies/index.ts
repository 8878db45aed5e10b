/** `cookies` conditions: one cookie of the page, by `name`. */
import { keyedMatcher } from '../_shared/simple';

/** `{ type: 'cookies', name: 'plan', match: 'exists' }`. */
export default keyedMatcher('cookies', 'cookies');
