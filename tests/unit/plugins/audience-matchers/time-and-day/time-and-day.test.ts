import { expect, it } from 'vitest';
import timeAndDay, { parseTimeAndDay } from '../../../../../plugins/audience-matchers/time-and-day';
import { timeOf } from '../../../../../plugins/profile-providers/time';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

// Local times: 2026-01-05 is a Monday.
const at = (day: number, h: number, m: number) => ({ time: timeOf(new Date(2026, 0, 4 + day, h, m).getTime()) });
const cond = (value: string) => ({ type: 'time_and_day', value });

it('AUD-19 start_end_days with hh:mm times and lowercase day names, inclusive', () => {
  expect(parseTimeAndDay('09:00_17:30_monday,friday')).toEqual({ start: 540, end: 1050, days: ['monday', 'friday'] });
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(1, 9, 0))).toBe(true);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(1, 17, 30))).toBe(true);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(1, 17, 31))).toBe(false);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(1, 8, 59))).toBe(false);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(2, 12, 0))).toBe(false);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday,friday'), at(5, 12, 0))).toBe(true);
  // Past midnight.
  expect(matchWith(timeAndDay, cond('22:00_02:00_tuesday'), at(2, 1, 0))).toBe(true);
  expect(matchWith(timeAndDay, cond('22:00_02:00_tuesday'), at(2, 12, 0))).toBe(false);
  expect(matchWith(timeAndDay, cond('09:00_17:30_monday'), {})).toBeNull();
  for (const bad of ['9:00_17:30_monday', '09:00_17:30_Monday', '09:00_25:00_monday', '09:00-17:30-monday', '09:00_17:30_monday_x', '09:00_17:30_']) {
    expect(parseTimeAndDay(bad), bad).toBeNull();
    expect(checkWith(timeAndDay, cond(bad))[0]).toMatch(/hh:mm_hh:mm_days/);
  }
});
