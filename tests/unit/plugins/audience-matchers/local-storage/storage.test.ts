import { expect, it } from 'vitest';
import localStorage from '../../../../../plugins/audience-matchers/local-storage';
import sessionStorage from '../../../../../plugins/audience-matchers/session-storage';
import { storedValue } from '../../../../../plugins/audience-matchers/_shared/storage';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

const store: Record<string, string> = {
  segResponse: JSON.stringify({ found_traits: { registered: true } }),
  'mdb.user': JSON.stringify({ plan: 'pro' }),
  plain: 'text',
  broken: '{not json',
};
const reader = (key: string) => store[key];

it('HPC-31 storage matchers read a stored key and a JSON path into it', () => {
  expect(storedValue(reader, 'segResponse.found_traits.registered')).toBe(true);
  expect(storedValue(reader, 'mdb.user.plan')).toBe('pro');
  expect(storedValue(reader, 'plain')).toBe('text');
  expect(storedValue(reader, 'broken.x')).toBeUndefined();
  expect(storedValue(() => { throw new Error('denied'); }, 'x')).toBeUndefined();
  const profile = { sessionStorage: reader, localStorage: reader };
  expect(matchWith(sessionStorage, { type: 'session_storage', name: 'segResponse.found_traits.registered', value: true }, profile)).toBe(true);
  expect(matchWith(localStorage, { type: 'local_storage', name: 'mdb.user.loggedIn', match: 'exists' }, profile)).toBe(false);
  expect(matchWith(localStorage, { type: 'local_storage', name: 'x', match: 'exists' }, {})).toBeNull();
  expect(checkWith(localStorage, { type: 'local_storage', match: 'exists' })[0]).toMatch(/storage key/);
});
