import { expect, it } from 'vitest';
import sourceTypeMatcher, { SOURCE_TYPES } from '../../../../../plugins/audience-matchers/source-type';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('AUD-21 the source_type matcher compares campaign, search, referral or direct', () => {
  expect(SOURCE_TYPES).toEqual(['campaign', 'search', 'referral', 'direct']);
  expect(matchWith(sourceTypeMatcher, { type: 'source_type', value: 'campaign' }, { sourceType: 'campaign' })).toBe(true);
  expect(matchWith(sourceTypeMatcher, { type: 'source_type', value: 'direct' }, { sourceType: 'search' })).toBe(false);
  expect(checkWith(sourceTypeMatcher, { type: 'source_type', value: 'tv' })[0]).toMatch(/one of campaign, search, referral, direct/);
});
