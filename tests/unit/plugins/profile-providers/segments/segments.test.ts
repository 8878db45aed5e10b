import { expect, it } from 'vitest';
import segments from '../../../../../plugins/profile-providers/segments';
import { bootAudiences } from '../../modules/audiences/helpers';

it('VIS-8 segments come from the visitor module; with an audience-data service they are awaited', async () => {
  const known = bootAudiences({ extra: [segments()], visitor: { segments: ['b2b'] } });
  known.audiences.load();
  expect(known.audiences.evaluate([{ type: 'segment', value: 'b2b' }])).toBe(true);

  const t = bootAudiences({ extra: [segments()], data: { dcpServiceId: 'dcp-1' } });
  await t.settle();
  t.audiences.load();
  const decided = t.audiences.evaluate([{ type: 'segment', value: 'eu' }]);
  expect(decided).toBeInstanceOf(Promise);
  t.push(['segments', ['eu']]);
  expect(await decided).toBe(true);
  expect(t.visitor.segments).toEqual(['eu']);
  t.push(['segments', 'eu']);
  expect(t.errors()).toContain('segments must be an array of strings');
});
