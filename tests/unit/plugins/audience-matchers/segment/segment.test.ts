import { expect, it } from 'vitest';
import segment from '../../../../../plugins/audience-matchers/segment';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

it('VIS-8 segment conditions match the segments of the audience-data provider', () => {
  expect(matchWith(segment, { type: 'segment', value: 'b2b' }, { segments: ['b2b', 'eu'] })).toBe(true);
  expect(matchWith(segment, { type: 'segment', value: ['x', 'eu'] }, { segments: ['b2b', 'eu'] })).toBe(true);
  expect(matchWith(segment, { type: 'segment', value: 'x' }, { segments: ['b2b'] })).toBe(false);
  expect(matchWith(segment, { type: 'segment', value: 'x' }, {})).toBeNull();
  expect(checkWith(segment, { type: 'segment', value: 3 })[0]).toMatch(/segment id/);
});
