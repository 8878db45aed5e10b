import { expect, it } from 'vitest';
import list from '../../../../../plugins/audience-matchers/list';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('AUD-22 list targeting: the key value read per listTargetingKeys must be in the list', () => {
  const profile = { listKeys: { account: 'acme', zip: '10115' } };
  expect(matchWith(list, { type: 'list', name: 'account', value: ['acme', 'globex'] }, profile)).toBe(true);
  expect(matchWith(list, { type: 'list', name: 'account', value: 'globex, initech' }, profile)).toBe(false);
  expect(matchWith(list, { type: 'list', value: ['10115'] }, profile)).toBe(true);
  expect(matchWith(list, { type: 'list', name: 'missing', value: ['x'] }, profile)).toBeNull();
  expect(checkWith(list, { type: 'list', name: 'account', value: [] })[0]).toMatch(/list of strings/);
  expect(checkWith(list, { type: 'list', name: 'nokey', value: ['a'] }, { listTargetingKeys: [{ type: 'cookie', name: 'account' }] })[0]).toMatch(/names no listTargetingKeys entry/);
  expect(checkWith(list, { type: 'list', name: 'account', value: ['a'] }, { listTargetingKeys: [{ type: 'cookie', name: 'account' }] })).toEqual([]);
});
