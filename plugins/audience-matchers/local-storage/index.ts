/** `local_storage` conditions: a value the host page keeps in localStorage, by key and JSON path (e.g. analytics user traits). */
import { storageMatcher } from '../_shared/storage';

/** `{ type: 'local_storage', name: 'ajs_user_traits.loggedIn', match: 'exists' }`. */
export default storageMatcher('local_storage', 'localStorage');
