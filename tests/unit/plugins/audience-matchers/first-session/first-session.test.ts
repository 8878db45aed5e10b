import { expect, it } from 'vitest';
import firstSession from '../../../../../plugins/audience-matchers/first-session';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('AUD-20 the first-session condition uses the first-session flag (true by default, false for returning)', () => {
  expect(matchWith(firstSession, { type: 'first_session' }, { firstSession: true })).toBe(true);
  expect(matchWith(firstSession, { type: 'first_session' }, { firstSession: false })).toBe(false);
  expect(matchWith(firstSession, { type: 'first_session', value: false }, { firstSession: false })).toBe(true);
  expect(matchWith(firstSession, { type: 'first_session' }, {})).toBeNull();
  expect(checkWith(firstSession, { type: 'first_session', value: 'yes' })[0]).toMatch(/true or false/);
});
