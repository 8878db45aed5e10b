import { describe, expect, it } from 'vitest';
import type { UtilsModule } from '../../../../../core';
import { createFakeClock } from '../../../../../core/testing';
import { poll, request } from '../../../../../plugins/trackers/_shared/request';
import { postPending } from '../../../../../plugins/trackers/batch/sender';
import { createFakeWindow } from './fake-window';
import { bootTracker } from './setup';

const recordingFetch = () => {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const win = {
    fetch: async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return { status: 200, text: async () => 'ok' };
    },
  } as unknown as Window & typeof globalThis;
  return { win, calls };
};

describe('utils module: generic request and poll', () => {
  it('NET-1 the generic request defaults to GET and accepts any method', async () => {
    const { win, calls } = recordingFetch();
    expect(await request(win, { url: '/a' })).toEqual({ status: 200, text: 'ok' });
    await request(win, { url: '/b', method: 'put', data: {} });
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'PUT']);
    expect(calls[0].init.body).toBeUndefined();
  });

  it('NET-2 NET-3 NET-4 text/plain, optional credentials and headers, JSON payload', async () => {
    const { win, calls } = recordingFetch();
    await request(win, { url: '/c', method: 'POST', data: { a: [1] }, withCredentials: true, headers: { 'X-Test': '1' } });
    await request(win, { url: '/d', method: 'POST', data: 'x' });
    expect(calls[0].init).toMatchObject({
      headers: { 'Content-Type': 'text/plain', 'X-Test': '1' },
      credentials: 'include',
      body: '{"a":[1]}',
    });
    expect(calls[1].init.credentials).toBe('omit');
  });

  it('NET-5 ERR-37 without CORS support (no fetch) the request fails with CORS is not supported', async () => {
    await expect(request({} as never, { url: '/x' })).rejects.toThrow('CORS is not supported');
  });

  it('NET-5 ERR-38 the utils module also logs CORS is not supported on this browser, aborting.', async () => {
    const fake = createFakeWindow();
    Object.assign(fake.win, { fetch: undefined });
    const { t } = bootTracker({}, { fake });
    await t.settle();
    await expect((t.get('utils') as UtilsModule).request({ url: '/x' })).rejects.toThrow('CORS is not supported');
    expect(t.logs).toContainEqual({ level: 'error', text: 'CORS is not supported on this browser, aborting.' });
  });

  it('NET-6 ERR-39 ERR-40 a request without its required options, or a pending send without an id, fails with the catalogue text', async () => {
    const { win } = recordingFetch();
    await expect(request(win, undefined as never)).rejects.toThrow('Must provide required options');
    await expect(request(win, { method: 'GET' } as never)).rejects.toThrow('Must provide required options');
    await expect(postPending(win, '/v1/events', { data: {} as never, retryCount: 0, timeStamp: 1 })).rejects.toThrow(
      'No id specified for request.',
    );
  });

  it('NET-1 the utils module is public: get("utils") with request and poll', async () => {
    const { t, fake } = bootTracker();
    await t.settle();
    const utils = t.get('utils') as UtilsModule;
    await utils.request({ url: 'https://shop.example/ping' });
    expect(fake.requests.at(-1)).toMatchObject({ url: 'https://shop.example/ping', method: 'GET' });
    let n = 0;
    const found = utils.poll(() => ++n == 3 && 'done');
    await t.clock.tickAsync(100);
    await expect(found).resolves.toBe('done');
  });

  it('KRN-41 ERR-41 poll checks every 50 ms, 100 times, then fails with Poll timed out', async () => {
    const clock = createFakeClock();
    let calls = 0;
    const polling = poll(clock, () => void calls++);
    const outcome = polling.catch((error: Error) => error.message);
    clock.tick(50 * 98);
    expect(calls).toBe(99);
    clock.tick(50);
    expect(calls).toBe(100);
    expect(await outcome).toBe('Poll timed out');
  });
});

describe('utils module: timeouts', () => {
  it('NET-1 KRN-42 ERR-42 a request with a timeout is aborted after it: Timed out after N ms', async () => {
    const fake = createFakeWindow();
    let signal: AbortSignal | undefined;
    const win = {
      ...fake.win,
      AbortController,
      setTimeout,
      clearTimeout,
      fetch: (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    } as unknown as Window & typeof globalThis;
    await expect(request(win, { url: '/slow', timeout: 5 })).rejects.toThrow('Timed out after 5 ms');
    expect(signal?.aborted).toBe(true);
  });
});
