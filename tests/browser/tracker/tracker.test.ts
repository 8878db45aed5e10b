/**
 * The batch tracker and the click implementation in real Chromium: the beacon on page hide and on a
 * hidden page, real localStorage for pending events, and click delegation on real DOM elements.
 * `navigator.sendBeacon` and `fetch` are wrapped to record what leaves (the calls still go through).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginOf } from '../../../core';
import { bootKernel } from '../../../core/testing';
import click from '../../../plugins/event-implementations/click';
import batchTracker from '../../../plugins/trackers/batch';

const EVENTS = [{ id: 'ev-buy', apiName: 'buy', eventType: 'custom' }];
const sent: Array<{ via: string; url: string; body: string }> = [];

beforeEach(() => {
  localStorage.clear();
  sent.length = 0;
  const beacon = navigator.sendBeacon.bind(navigator);
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    void (typeof data == 'string' ? Promise.resolve(data) : (data as Blob).text()).then((body) => sent.push({ via: 'beacon', url: String(url), body }));
    return beacon(url, data);
  });
  vi.spyOn(window, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ via: 'fetch', url: String(url), body: String(init?.body) });
    return new Response('{}', { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

const bootTracker = async () => {
  const t = bootKernel({ win: window, plugins: [batchTracker()], data: { events: EVENTS as never } });
  await t.settle();
  return t;
};
const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('batch tracker in Chromium', () => {
  it('TRK-13 TRK-40 pagehide sends the pending batch through the real beacon, as text/plain JSON', async () => {
    const t = await bootTracker();
    t.push(['event', 'buy', { revenue: 10 }]);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await until(() => sent.length > 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ via: 'beacon', url: location.origin + '/v1/events' });
    const batch = JSON.parse(sent[0].body);
    expect(batch.visitors[0].snapshots[0].events[0]).toMatchObject({ k: 'buy', $: 10, y: 'custom' });
    t.kernel.destroy();
  });

  it('TRK-13 a page turning hidden sends by beacon too; TRK-38 the batch stays in localStorage until acknowledged', async () => {
    const t = await bootTracker();
    t.push(['event', 'buy']);
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    state.mockRestore();
    await until(() => sent.length > 0);
    expect(sent.map((request) => request.via)).toEqual(['beacon']);
    const pending = JSON.parse(localStorage.getItem('varia_pending_events') ?? '[]');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ retryCount: 0, id: expect.any(String), timeStamp: expect.any(Number) });
    t.kernel.destroy();
    // The next page load resends it by POST, once its synchronous start is over, and on a 2xx forgets it.
    const next = await bootTracker();
    expect(sent).toHaveLength(1);
    next.clock.tick(0);
    await until(() => sent.length > 1);
    expect(sent[1].via).toBe('fetch');
    await until(() => localStorage.getItem('varia_pending_events') == '[]');
    expect(JSON.parse(localStorage.getItem('varia_pending_events')!)).toEqual([]);
    next.kernel.destroy();
  });

  it('TRK-13 TRK-38 a batch beaconed while the page was hidden is POSTed when the page is visible again, and leaves localStorage on the answer', async () => {
    const t = await bootTracker();
    t.push(['event', 'buy', { revenue: 3 }]);
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    state.mockRestore();
    await until(() => sent.length > 0);
    expect(JSON.parse(localStorage.getItem('varia_pending_events') ?? '[]')).toHaveLength(1);
    document.dispatchEvent(new Event('visibilitychange')); // visible again (a tab brought back, a back/forward restore)
    await until(() => sent.length > 1 && localStorage.getItem('varia_pending_events') == '[]');
    expect(sent.map((request) => request.via)).toEqual(['beacon', 'fetch']);
    expect(sent[1].body).toBe(sent[0].body);
    expect(JSON.parse(localStorage.getItem('varia_pending_events')!)).toEqual([]);
    t.kernel.destroy();
  });

  it('TRK-38 another tab\'s pending events, written while this page runs, are kept by its next write', async () => {
    const t = await bootTracker();
    t.push(['event', 'buy']);
    t.clock.tick(1000); // the poll persists the open batch
    await until(() => localStorage.getItem('varia_pending_events') != null);
    // Another tab: a same-origin frame is another document on the same storage, so its write reaches
    // this window as a storage event, as another tab's would.
    const frame = document.body.appendChild(document.createElement('iframe'));
    const seen = new Promise((resolve) => window.addEventListener('storage', resolve, { once: true }));
    const theirs = { id: 'other-tab', timeStamp: 1, data: { visitors: [] }, retryCount: 0 };
    const list = JSON.parse(localStorage.getItem('varia_pending_events')!);
    frame.contentWindow!.localStorage.setItem('varia_pending_events', JSON.stringify([theirs, ...list]));
    await seen;
    t.push(['event', 'buy', { revenue: 5 }]);
    t.clock.tick(1000);
    await until(() => JSON.parse(localStorage.getItem('varia_pending_events')!).length == 2 && !!localStorage.getItem('varia_pending_events')?.includes('"$":5'));
    const ids = JSON.parse(localStorage.getItem('varia_pending_events')!).map((item: { id: string }) => item.id);
    expect(ids).toEqual(['other-tab', list[0].id]);
    expect(localStorage.getItem('varia_pending_events')).toContain('"$":5');
    frame.remove();
    t.kernel.destroy();
  });

  it('TRK-10 TRK-13 TRK-38 flush() requests nothing inside the call; a pagehide before its task beacons the closed batch, stored, and no POST follows', async () => {
    const t = await bootTracker();
    t.push(['event', 'buy', { revenue: 7 }]);
    (t.get('tracker') as { flush(): void }).flush();
    expect(vi.mocked(window.fetch)).not.toHaveBeenCalled();
    expect(localStorage.getItem('varia_pending_events')).toBeNull();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await until(() => sent.length > 0);
    t.clock.tick(0); // the flush's own task: the batch was already beaconed
    await until(() => localStorage.getItem('varia_pending_events') != null);
    expect(sent.map((request) => request.via)).toEqual(['beacon']);
    expect(JSON.parse(sent[0].body).visitors[0].snapshots[0].events[0]).toMatchObject({ k: 'buy', $: 7 });
    const pending = JSON.parse(localStorage.getItem('varia_pending_events')!);
    expect(pending.map((item: { data: unknown }) => item.data)).toEqual([JSON.parse(sent[0].body)]);
    t.kernel.destroy();
  });

  it('TRK-40 a beacon the browser refuses falls back to a POST', async () => {
    vi.mocked(navigator.sendBeacon).mockReturnValue(false);
    const t = await bootTracker();
    t.push(['event', 'buy']);
    (t.get('tracker') as { flush(options: { beacon: boolean }): void }).flush({ beacon: true });
    await until(() => sent.length > 0);
    expect(sent.map((request) => request.via)).toEqual(['fetch']);
    t.kernel.destroy();
  });
});

describe('click delegation in Chromium', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.innerHTML = '<a id="cta" href="#"><span class="label">Buy <b>now</b></span></a><button id="other">Other</button>';
    document.body.append(root);
  });
  afterEach(() => root.remove());

  const attach = (selector: string, plugin = click()) => {
    const fired: number[] = [];
    const detach = (plugin as PluginOf<'eventImplementation'>).attach(
      { id: 'e', apiName: 'cta', eventType: 'click', config: { selector } },
      () => fired.push(1),
      window,
    );
    return { fired, detach };
  };

  it('KRN-48 PAG-16 a click on a nested element of the selector fires; elsewhere it does not; detach stops it', () => {
    const { fired, detach } = attach('#cta');
    root.querySelector('b')!.click();
    root.querySelector<HTMLElement>('#other')!.click();
    expect(fired).toHaveLength(1);
    detach();
    root.querySelector<HTMLElement>('#cta')!.click();
    expect(fired).toHaveLength(1);
  });

  it('KRN-48 a page handler stopping propagation does not hide the click (capture phase)', () => {
    root.querySelector('#cta')!.addEventListener('click', (event) => event.stopPropagation());
    const { fired } = attach('#cta');
    root.querySelector<HTMLElement>('.label')!.click();
    expect(fired).toHaveLength(1);
  });

  it('KRN-48 an element added after attaching is covered by the delegated listener', () => {
    const { fired } = attach('.late');
    const late = document.createElement('button');
    late.className = 'late';
    root.append(late);
    late.click();
    expect(fired).toHaveLength(1);
  });

  it('KRN-48 an invalid selector is reported as an error event, never thrown into the page', async () => {
    const plugin = click();
    const t = bootKernel({ win: window, plugins: [plugin] });
    await t.settle();
    const errors: unknown[] = [];
    window.addEventListener('error', (event) => errors.push(event));
    attach('#cta[', plugin);
    root.querySelector<HTMLElement>('#cta')!.click();
    expect(errors).toEqual([]);
    expect(t.errors()).toHaveLength(1);
    expect(t.errors()[0]).toContain('#cta[');
  });
});

describe('utils.loadScript in Chromium', () => {
  it('NET-7 NET-8 a script is loaded by GET and runs; a failed load rejects', async () => {
    const { loadScript } = await import('../../../plugins/trackers/_shared/request');
    const url = URL.createObjectURL(new Blob(['window.__loaded = (window.__loaded || 0) + 1;'], { type: 'text/javascript' }));
    await loadScript(window, url);
    expect((window as unknown as { __loaded: number }).__loaded).toBe(1);
    await expect(loadScript(window, location.origin + '/no-such-script.js')).rejects.toThrow('Failed to load script');
  });

  it('NET-9 a script URL containing a double quote is refused', async () => {
    const { loadScript } = await import('../../../plugins/trackers/_shared/request');
    await expect(loadScript(window, '/a.js"><img src=x onerror=alert(1)>')).rejects.toThrow('double quote');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('NET-10 ERR-46 writing a script into an already-loaded document is aborted', async () => {
    const { loadScript } = await import('../../../plugins/trackers/_shared/request');
    expect(document.readyState).toBe('complete');
    await expect(loadScript(window, '/a.js', { sync: true })).rejects.toThrow('Aborting attempt to write to already-loaded document');
  });
});
