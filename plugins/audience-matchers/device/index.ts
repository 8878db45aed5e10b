/** `device` conditions: the device type derived from the user agent (AUD-15, ruling 8). */
import { fieldMatcher } from '../_shared/simple';

/** The device types of runtime-spec §9. */
export const DEVICE_TYPES = ['phone', 'tablet', 'desktop_laptop', 'other'] as const;

/** `{ type: 'device', value: 'desktop_laptop' }` (match exact by default, case-insensitive). */
export default fieldMatcher('device', 'device', { allowed: DEVICE_TYPES, caseless: true });
