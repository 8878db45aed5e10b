/**
 * Ruling 24 in Chromium: exposure events, by one rule for both arms. Real decisions, decider, visitor,
 * storage, changes module, attribute applier and batch tracker on the real document and clock; `fetch`
 * is wrapped to read the batches that leave (answered 200).
 * - the visitor's own variation is exposed once all its changes for the page applied; a change that
 *   timed out (its element never appeared) records no exposure;
 * - a variation without changes is exposed from the decision;
 * - another variation is exposed (counterfactual) when its selectors match the page, nothing changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecisionsModule, TrackerModule } from '../../../core';
import { bootKernel, type FakeClock } from '../../../core/testing';
import attribute from '../../../plugins/change-appliers/attribute';
import singleExperiment from '../../../plugins/deciders/single-experiment';
import changes from '../../../plugins/modules/changes';
import decisions from '../../../plugins/modules/decisions';
import visitor from '../../../plugins/modules/visitor';
import cookie from '../../../plugins/storage/cookie';
import local from '../../../plugins/storage/local';
import batchTracker from '../../../plugins/trackers/batch';
import { clearVaria } from '../visitor/helpers';

/** The observation window of these tests (the product's is 2000 ms): short, so a timeout is quick to reach. */
const TIMEOUT = 300;
const realClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as number),
} as unknown as FakeClock;

/** L1: control `v-a` (no changes) and `v-b` (the title's text); L2: a change whose element never exists, to wait for the timeout by. */
const DATA = {
  accountId: 'acc',
  projectId: 'proj',
  revision: 1,
  pages: [{ id: 'p1', apiName: 'p1' }],
  events: [{ id: 'ev-buy', apiName: 'buy', eventType: 'custom' }],
  layers: [
    {
      id: 'L1',
      policy: 'single_experiment',
      pageIds: ['p1'],
      experiments: [
        {
          id: 'e1',
          variations: [
            { id: 'v-a', actions: [] },
            { id: 'v-b', actions: [{ id: 'act-b', pageId: 'p1', changes: [{ id: 'c-title', type: 'attribute', selector: '#xp-title', attributes: { text: 'Changed' } }] }] },
          ],
          weightDistributions: [{ entityId: 'v-a', endOfRange: 5000 }, { entityId: 'v-b', endOfRange: 10000 }],
        },
      ],
    },
    {
      id: 'L2',
      policy: 'single_experiment',
      pageIds: ['p1'],
      experiments: [{ id: 'e2', variations: [{ id: 'w', actions: [{ id: 'act-w', pageId: 'p1', changes: [{ id: 'c-never', type: 'attribute', selector: '#xp-never', attributes: { text: 'x' } }] }] }] }],
    },
  ],
};

const sent: string[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.spyOn(window, 'fetch').mockImplementation(async (_url, init) => {
    sent.push(String(init?.body));
    return new Response('{}', { status: 200 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById('xp')?.remove();
  clearVaria();
});

const fixture = (html: string) => {
  const root = document.createElement('div');
  root.id = 'xp';
  root.innerHTML = html;
  document.body.append(root);
};

/** Boots the runtime with the visitor put into `variation` of e1, and decides the page. */
const visit = async (variation: 'v-a' | 'v-b') => {
  const t = bootKernel({
    win: window,
    clock: realClock,
    record: ['tracking', 'error'],
    data: DATA as never,
    plugins: [local(), cookie(), visitor(), singleExperiment, decisions(), changes({ timeout: TIMEOUT }), attribute, batchTracker()],
  });
  await t.settle();
  t.push(['bucketVisitor', 'e1', variation]);
  const decided = (t.get('decisions') as DecisionsModule).decidePage('p1');
  return { t, decided };
};

/** The exposure events of every batch sent so far, as [variation, basis]. */
const exposures = () =>
  sent.flatMap((body) =>
    (JSON.parse(body).visitors[0].snapshots as Array<{ events: Array<Record<string, unknown>> }>).flatMap((snapshot) =>
      snapshot.events.filter((event) => event.y == 'exposure').map((event) => {
        expect(event.e).toBe('e1');
        const tags = event.a as { variation: string; basis: string };
        return [tags.variation, tags.basis];
      }),
    ),
  );

/** The bases of the exposures the runtime emitted so far (before the tracker's once-per-visitor rule). */
const emitted = (t: { events: Array<{ name?: string; data?: unknown }> }) =>
  t.events.filter((event) => event.name == 'exposure').map((event) => (event.data as { basis: string }).basis);

/** Sends what is pending and waits for it to leave. */
const flushed = async (t: { get(name: string): unknown }) => {
  const before = sent.length;
  (t.get('tracker') as TrackerModule).flush();
  await vi.waitUntil(() => sent.length > before);
};

describe('exposure (ruling 24) in Chromium', () => {
  it('DEC-23 TRK-31 a variation visitor whose element never appears is not exposed to it (the change timed out); the control without changes counts from the decision', async () => {
    fixture('<p>no title here</p>');
    const { t, decided } = await visit('v-b');
    await decided;
    expect((t.get('changes') as { changeStates(): Record<string, string> }).changeStates()['c-title']).toBe('timed_out');
    await flushed(t);
    expect(exposures()).toEqual([['v-b', 'v-a']]);
    t.kernel.destroy();
  });

  it('DEC-23 TRK-31 a variation visitor whose changes all applied is exposed to it, once per visitor however many pages decide again', async () => {
    fixture('<h1 id="xp-title">Original</h1>');
    const { t, decided } = await visit('v-b');
    await decided;
    expect(document.getElementById('xp-title')!.textContent).toBe('Changed');
    await vi.waitUntil(() => emitted(t).length == 2);
    await flushed(t);
    expect(exposures().sort()).toEqual([['v-b', 'v-a'], ['v-b', 'v-b']]);
    expect(JSON.parse(localStorage.getItem('varia_exposed')!)).toEqual({ 'e1 v-b v-a': 1, 'e1 v-b v-b': 1 });
    t.kernel.destroy();
    // The next page: decided again, changes applied again, no exposure sent again.
    const next = await visit('v-b');
    await next.decided;
    await vi.waitUntil(() => emitted(next.t).length == 2);
    next.t.push(['event', 'buy']);
    await flushed(next.t);
    expect(exposures()).toHaveLength(2);
    next.t.kernel.destroy();
  });

  it('TRK-31 a control visitor on a page where the variation\'s selector matches is exposed to it (counterfactual), and nothing on the page changes', async () => {
    fixture('<h1 id="xp-title">Original</h1>');
    const { t, decided } = await visit('v-a');
    await decided;
    await vi.waitUntil(() => emitted(t).length == 2);
    await flushed(t);
    expect(exposures().sort()).toEqual([['v-a', 'v-a'], ['v-a', 'v-b']]);
    expect(document.getElementById('xp-title')!.textContent).toBe('Original');
    t.kernel.destroy();
  });

  it('CHG-22 a control visitor is exposed when the variation\'s element appears within the changes\' timeout, as the change would have applied', async () => {
    fixture('<p>loading</p>');
    const { t } = await visit('v-a');
    document.getElementById('xp')!.insertAdjacentHTML('beforeend', '<h1 id="xp-title">Late</h1>');
    await vi.waitUntil(() => emitted(t).includes('v-b'));
    await flushed(t);
    expect(exposures().sort()).toEqual([['v-a', 'v-a'], ['v-a', 'v-b']]);
    expect(document.getElementById('xp-title')!.textContent).toBe('Late');
    t.kernel.destroy();
  });

  it('CHG-22 a control visitor whose page lacks the variation\'s element until after the timeout is not exposed to it, as the change would have timed out', async () => {
    fixture('<p>no title here</p>');
    const { t, decided } = await visit('v-a');
    // L2's change times out at the same deadline, after L1's counterfactual watch began: once the page's
    // actions have settled, that watch is over too.
    await decided;
    expect((t.get('changes') as { changeStates(): Record<string, string> }).changeStates()['c-never']).toBe('timed_out');
    document.getElementById('xp')!.insertAdjacentHTML('beforeend', '<h1 id="xp-title">Too late</h1>');
    await flushed(t);
    expect(emitted(t)).toEqual(['v-a']);
    expect(exposures()).toEqual([['v-a', 'v-a']]);
    t.kernel.destroy();
  });
});
