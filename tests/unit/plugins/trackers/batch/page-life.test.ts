/**
 * The tracker over a page's life beyond one load: another tab's writes are found without a `storage`
 * listener (adding one is a blocking storage open in Chromium) and kept; a batch beaconed
 * while the page was hidden is POSTed when the page is shown again, and leaves the store on the answer.
 */
import { describe, expect, it } from 'vitest';
import { PENDING_KEY } from '../../../../../plugins/trackers/batch/sender';
import { createFakeWindow, eventsOf } from './fake-window';
import { bootTracker } from './setup';

const KEY = 'varia_' + PENDING_KEY;
const stored = (fake: ReturnType<typeof createFakeWindow>) => JSON.parse(fake.storage.get(KEY) ?? '[]');

describe('batch tracker: the page\'s life', () => {
  it('TRK-38 no storage listener (a blocking storage open in Chromium); another tab\'s pending events written after this page loaded the list are kept by its next write', async () => {
    const fake = createFakeWindow();
    const added: string[] = [];
    const add = fake.win.addEventListener.bind(fake.win);
    fake.win.addEventListener = ((type: string, listener: EventListener) => {
      added.push(type);
      add(type, listener);
    }) as typeof fake.win.addEventListener;
    const { t } = bootTracker({}, { fake });
    await t.settle();
    await t.clock.tickAsync(0);
    t.push(['event', 'buy']);
    await t.clock.tickAsync(1000); // the poll persists the open batch
    const [mine] = stored(fake);
    // Another tab stores its batch beside this page's, as its own write would.
    const theirs = { id: 'other-tab', timeStamp: 1, data: { visitors: [] }, retryCount: 0 };
    fake.storage.set(KEY, JSON.stringify([theirs, mine]));
    t.push(['event', 'buy', { revenue: 5 }]);
    await t.clock.tickAsync(1000);
    expect(stored(fake).map((item: { id: string }) => item.id)).toEqual(['other-tab', mine.id]);
    expect(fake.storage.get(KEY)).toContain('"$":5');
    expect(added).not.toContain('storage');
  });

  it('TRK-13 TRK-38 a batch beaconed while the page was hidden is POSTed when the page is shown again, and leaves the store on the answer', async () => {
    const { fake, t } = bootTracker();
    await t.settle();
    await t.clock.tickAsync(0);
    t.push(['event', 'buy', { n: 1 }]);
    fake.setVisibility('hidden');
    expect(fake.requests.map((request) => request.via)).toEqual(['beacon']);
    expect(stored(fake)).toHaveLength(1);
    // Still open after 30 s hidden: the beaconed batch is neither POSTed nor dropped meanwhile.
    await t.clock.tickAsync(30_000);
    expect(fake.requests).toHaveLength(1);
    fake.setVisibility('visible');
    await t.clock.tickAsync(0);
    expect(fake.requests.map((request) => request.via)).toEqual(['beacon', 'fetch']);
    expect(eventsOf(fake).map((event) => event.tags)).toEqual([{ n: 1 }, { n: 1 }]);
    expect(stored(fake)).toEqual([]);
  });
});
