/** `url` audience conditions: the page URL (`location.href`) compared with the value matchers. */
import { fieldMatcher } from '../_shared/simple';

/** `{ type: 'url', match: 'regex', value: '/pricing' }`. */
export default fieldMatcher('url', 'url');
