/** `source_type` conditions: how the visitor arrived (AUD-21). */
import { fieldMatcher } from '../_shared/simple';

/** The source types the source-type provider yields; `search` is the search-engine value (spec leaves its name open). */
export const SOURCE_TYPES = ['campaign', 'search', 'referral', 'direct'] as const;

/** `{ type: 'source_type', value: 'campaign' }`. */
export default fieldMatcher('source_type', 'sourceType', { allowed: SOURCE_TYPES, caseless: true });
