/**
 * The tracker on the wire and on the main thread: a page that pushes 50 goal events over 10 s, then
 * is hidden (the beacon). Node, real kernel and batch tracker, fake clock, and the recording window of
 * the tracker's unit tests (fetch and sendBeacon recorded, nothing sent). Compared with the same
 * tracker with batching off (one request per event) and with long keys, to show what batching and
 * ruling 12's short keys save; bytes are request bodies, as sent and gzipped.
 */
import { gzipSync } from 'node:zlib';
import { bootKernel } from '../../../core/testing';
import batchTracker, { type BatchTrackerOptions } from '../../../plugins/trackers/batch';
import { createFakeWindow } from '../../unit/plugins/trackers/batch/fake-window';
import type { BenchRow, BenchSuite } from '../table';
import { trackerPageRows } from './tracker-page';

const EVENTS = [{ id: 'ev-buy', apiName: 'buy', eventType: 'custom', category: 'purchase' }];

/** Runs the 50-events-in-10-s page; returns requests and body bytes. */
const page = async (options: BatchTrackerOptions) => {
  const fake = createFakeWindow();
  const t = bootKernel({ win: fake.win, plugins: [batchTracker(options)], data: { events: EVENTS as never }, logLevel: 'OFF' });
  await t.settle();
  for (let i = 0; i < 50; i++) {
    t.push(['event', 'buy', { revenue: 1000 + i, quantity: 1, product: `sku-${i % 7}` }]);
    await t.clock.tickAsync(200);
  }
  await t.clock.tickAsync(1000);
  fake.setVisibility('hidden');
  await t.settle();
  t.kernel.destroy();
  const bodies = fake.requests.map((request) => request.body);
  return {
    requests: bodies.length,
    bytes: bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0),
    gzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
  };
};

/** Main-thread time of one tracked event: the push call (validation, batching, eventTracked) plus its share of persisting and sending. */
const timePerEvent = async (): Promise<number> => {
  const fake = createFakeWindow();
  const t = bootKernel({ win: fake.win, plugins: [batchTracker({ maxBatchEvents: 50 })], data: { events: EVENTS as never }, logLevel: 'OFF' });
  await t.settle();
  const count = 5000;
  for (let i = 0; i < 200; i++) t.push(['event', 'buy', { revenue: i }]); // warm-up
  await t.clock.tickAsync(0);
  // Only synchronous work is timed: the answers of the fake collector settle between batches, untimed.
  let elapsed = 0;
  for (let i = 0; i < count; i += 50) {
    const started = performance.now();
    for (let j = 0; j < 50; j++) t.push(['event', 'buy', { revenue: i + j, quantity: 2, product: 'sku' }]);
    t.clock.tick(0); // the batch of 50 is persisted and sent
    elapsed += performance.now() - started;
    await t.settle();
  }
  t.kernel.destroy();
  return (elapsed / count) * 1000;
};

export const trackerBench: BenchSuite = {
  name: 'tracker',
  title: 'Tracker: a page pushing 50 events in 10 s (peers: the same tracker without batching / with long keys)',
  run: async () => {
    const ours = await page({});
    const unbatched = await page({ batching: false });
    const longKeys = await page({ shortKeys: false });
    const peers = (field: 'requests' | 'bytes' | 'gzip') => [
      { name: 'no batching', value: unbatched[field] },
      { name: 'long keys', value: longKeys[field] },
    ];
    const rows: BenchRow[] = [
      { name: 'requests', value: ours.requests, unit: 'requests', peers: peers('requests') },
      { name: 'bytes on the wire (bodies)', value: ours.bytes, unit: 'bytes', peers: peers('bytes') },
      { name: 'bytes on the wire (bodies, gzip)', value: ours.gzip, unit: 'bytes', peers: peers('gzip') },
      { name: 'main-thread time per tracked event', value: Number((await timePerEvent()).toFixed(2)), unit: 'µs' },
      ...(await trackerPageRows()),
    ];
    return rows;
  },
};
