/**
 * `time_and_day` conditions (AUD-19): `value` is `start_end_days`: `hh:mm_hh:mm_monday,tuesday` in the
 * visitor's local time, inclusive at both ends (minute resolution). Day names are lowercase, comma
 * separated. A window whose end is before its start runs past midnight; the day checked is the current
 * day (choice: the spec is silent).
 */
import { definePlugin } from '../../../core';
import type { ProfileTime } from '../../../core/kinds/audiences';
import { shown } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

/** Lowercase day names, Sunday first (the index of Date#getDay). */
export const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

interface Window {
  start: number;
  end: number;
  days: string[];
}
const windows = new Map<string, Window | null>();
const minutes = (text: string): number => {
  const found = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return found ? Number(found[1]) * 60 + Number(found[2]) : NaN;
};

/** Parses `hh:mm_hh:mm_days`; null when malformed. Cached. */
export const parseTimeAndDay = (value: unknown): Window | null => {
  if (typeof value !== 'string') return null;
  let window = windows.get(value);
  if (window === undefined) {
    const [from, to, list, extra] = value.split('_');
    const days = (list ?? '').split(',');
    const start = minutes(from ?? '');
    const end = minutes(to ?? '');
    window = extra === undefined && start === start && end === end && days.every((day) => (DAYS as readonly string[]).includes(day)) ? { start, end, days } : null;
    windows.set(value, window);
  }
  return window;
};

export default definePlugin({
  type: 'audienceMatcher',
  name: 'time_and_day',
  fields: ['time'],
  match: (condition, profile) => {
    const time = profile.time as ProfileTime | undefined;
    const window = parseTimeAndDay(condition.value);
    if (!window || !time || typeof time.minutes !== 'number') return null;
    const inTime = window.start <= window.end ? time.minutes >= window.start && time.minutes <= window.end : time.minutes >= window.start || time.minutes <= window.end;
    return inTime && window.days.includes(time.day);
  },
  check: validationOnly((condition) =>
    parseTimeAndDay(condition.value) ? undefined : `A time_and_day value must be "hh:mm_hh:mm_days" with lowercase day names separated by commas, e.g. "09:00_17:30_monday,friday", got ${shown(condition.value)}`),
});
