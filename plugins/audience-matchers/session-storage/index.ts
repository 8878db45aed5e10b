/** `session_storage` conditions: a value the host page keeps in sessionStorage, by key and JSON path (e.g. `segResponse` traits). */
import { storageMatcher } from '../_shared/storage';

/** `{ type: 'session_storage', name: 'segResponse.found_traits.registered', match: 'exact', value: true }`. */
export default storageMatcher('session_storage', 'sessionStorage');
