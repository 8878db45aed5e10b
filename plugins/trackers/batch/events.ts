/**
 * Validation of the `event` push call's tags (runtime-spec §5 Tracking events; TRK-19..25).
 */
import { isRecord } from '../../_shared/checks';

/** ERR-48: a tag or metric value the tracker refuses. */
export const MSG_BAD_VALUE = 'Bad value for eventTags/eventMetrics';
/** TRK-25: custom event properties kept per event. */
export const MAX_PROPERTIES = 15;

/** ERR-2, TRK-19. */
export const msgRevenue = (revenue: unknown) => `tracker: Revenue argument ${String(revenue)} not a number.`;

/** What an accepted event carries besides its name. */
export interface CleanEvent {
  tags?: Record<string, unknown>;
  revenue?: number;
  quantity?: number;
  value?: number;
  properties?: Record<string, unknown>;
}

/** A finite number, or a string that is one (`"12.5"`, not `""` or `"12px"`); else undefined. */
export const numeric = (value: unknown): number | undefined => {
  const number = typeof value == 'string' && value.trim() ? Number(value) : value;
  return typeof number == 'number' && isFinite(number) ? number : undefined;
};

/**
 * Splits the push call's tags into metrics and plain tags and checks them:
 * - `revenue` must be a number or numeric string, else the whole event is refused with ERR-2 (thrown,
 *   so the kernel reports the call as an ApiError); it is floored (TRK-19, TRK-20);
 * - `quantity` is floored (TRK-21); `quantity` and `value` must be numeric (TRK-23);
 * - other tags must be non-null and not objects (TRK-22);
 * - `properties` (the tag, or the call's third argument) keeps its first 15 entries (TRK-25).
 * A bad tag or metric is dropped and `bad(key)` is called (TRK-24); the event itself is kept.
 */
export const cleanEvent = (tags: unknown, properties: unknown, bad: (key: string) => void): CleanEvent => {
  const result: CleanEvent = {};
  if (tags !== undefined && !isRecord(tags)) bad('tags');
  const source = isRecord(tags) ? tags : {};
  if (source.revenue !== undefined) {
    const revenue = numeric(source.revenue);
    if (revenue === undefined) throw Error(msgRevenue(source.revenue));
    result.revenue = Math.floor(revenue);
  }
  const plain: Record<string, unknown> = {};
  for (const key in source) {
    const value = source[key];
    if (key == 'revenue') continue;
    if (key == 'properties' && properties === undefined) properties = value;
    else if (key == 'quantity' || key == 'value') {
      const number = numeric(value);
      if (number === undefined) bad(key);
      else result[key] = key == 'quantity' ? Math.floor(number) : number;
    } else if (value == null || typeof value == 'object' || typeof value == 'function') bad(key);
    else plain[key] = value;
  }
  if (Object.keys(plain).length) result.tags = plain;
  if (properties !== undefined) {
    if (!isRecord(properties)) bad('properties');
    else result.properties = Object.fromEntries(Object.entries(properties).slice(0, MAX_PROPERTIES));
  }
  return result;
};
