/**
 * TRK-46 (KRN-26): the rum call is high priority, so a call the page queued before the snippet loaded runs
 * before the project is prepared and before project code, not with the other queued calls after it.
 * Observed through the report's extras: project code's own rum call comes after the queued one and wins.
 */
import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../../core/testing';
import rum from '../../../../../plugins/trackers/rum';
import { createFakeWindow } from '../batch/fake-window';

const report = async (queue: unknown[], data: Record<string, unknown>) => {
  const fake = createFakeWindow();
  Object.assign(fake.win, { performance: { getEntriesByType: () => [] } });
  const t = bootKernel({ win: fake.win, plugins: [rum({ sampleRate: 0 })], queue, data });
  await t.settle();
  await t.clock.tickAsync(3000);
  return fake.requests.map((request) => JSON.parse(request.body).extras);
};

describe('rum call priority', () => {
  it('TRK-46 KRN-26 a queued rum call runs before project code (which runs before the other queued calls)', async () => {
    const projectJS = (api: { push(call: unknown): unknown }) => void api.push(['rum', { step: 'project code' }]);
    const extras = await report([['event', 'early'], ['rum', { force: true, step: 'queued' }]], { projectJS });
    expect(extras).toEqual([{ step: 'project code' }]);
  });
});
