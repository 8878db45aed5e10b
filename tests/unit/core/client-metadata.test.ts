/**
 * KRN-8 where the client's name and version travel: global data, the analytics decision payload and the
 * tracker's batches all carry `js` / `0.224.0`, and all three follow a clientMetadata call, so none keeps
 * a copy of its own that could drift.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionsModule } from '../../../core';
import { bootKernel } from '../../../core/testing';
import decisions from '../../../plugins/modules/decisions';
import singleExperiment from '../../../plugins/deciders/single-experiment';
import { visitorStandIn } from '../plugins/modules/decisions/helpers';
import { batchesOf } from '../plugins/trackers/batch/fake-window';
import { bootTracker } from '../plugins/trackers/batch/setup';

const LAYER = { id: 'L1', policy: 'single_experiment', experiments: [{ id: 'E1', variations: [{ id: 'V1', actions: [] }] }] };

const payloadClient = async (queue: unknown[] = []) => {
  const t = bootKernel({ plugins: [visitorStandIn().plugin, singleExperiment, decisions()], data: { layers: [LAYER] } as never, queue });
  await t.settle();
  const module = t.get('decisions') as DecisionsModule;
  module.decideLayer('L1');
  const payload = module.analyticsPayload('L1')!;
  return [payload.clientName, payload.clientVersion];
};

const batchClient = async (queue: unknown[] = []) => {
  const { fake, t } = bootTracker({}, { queue });
  await t.settle();
  t.push(['event', 'buy']);
  await t.clock.tickAsync(10_000);
  const [batch] = batchesOf(fake);
  return [batch.client_name, batch.client_version];
};

describe('client name and version (KRN-8)', () => {
  it('KRN-8 the analytics decision payload carries clientName "js" and clientVersion "0.224.0"', async () => {
    expect(await payloadClient()).toEqual(['js', '0.224.0']);
  });

  it('KRN-8 tracker batches carry client_name "js" and client_version "0.224.0"', async () => {
    expect(await batchClient()).toEqual(['js', '0.224.0']);
  });

  it('KRN-8 both follow global data: a clientMetadata call changes them together', async () => {
    const queue = [['clientMetadata', 'wrapper', '9.9.9']];
    expect(await payloadClient(queue)).toEqual(['wrapper', '9.9.9']);
    expect(await batchClient(queue)).toEqual(['wrapper', '9.9.9']);
  });
});
