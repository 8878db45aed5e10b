import { expect, it } from 'vitest';
import time, { timeOf } from '../../../../../plugins/profile-providers/time';
import { bootAudiences } from '../../modules/audiences/helpers';

it('AUD-19 the time provider gives the local day and minutes from the kernel clock', () => {
  const monday = new Date(2026, 0, 5, 9, 30).getTime();
  expect(timeOf(monday)).toEqual({ now: monday, day: 'monday', minutes: 570 });
  const t = bootAudiences({ extra: [time()] });
  t.audiences.load();
  expect((t.audiences.profile().time as { now: number }).now).toBe(t.clock.now());
});
