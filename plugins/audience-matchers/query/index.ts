/** `query` conditions: one query parameter of the page URL, by `name`. */
import { keyedMatcher } from '../_shared/simple';

/** `{ type: 'query', name: 'utm_medium', match: 'exact', value: 'email' }`. */
export default keyedMatcher('query', 'query');
