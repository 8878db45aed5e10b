/**
 * Fetching the spreadsheet service's answer (plugins/widgets/_shared/sheet-fetch.ts, WID-86) on a real
 * kernel's track with a fake clock: one GET without cookies, limits on time and size, and undo aborting
 * a fetch still running. The page's `fetch` is the platform's against a loopback server where a real
 * answer shows the behaviour, or a stand-in answering with real Response objects and streams where the
 * test needs each chunk boundary or limit reached exactly (a network may join chunks); the banner's
 * e2e tests run it against the real service.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginContext } from '../../../../core';
import { bootKernel } from '../../../../core/testing';
import { fetchSheet } from '../../../../plugins/widgets/_shared/sheet-fetch';
import { track } from '../../../../plugins/widgets/_shared/track';

type Answer = (url: string, init: RequestInit) => Promise<Response>;

/** A track whose window answers fetches with `answer`, and the requests made. */
const setUp = (answer: Answer) => {
  let ctx: PluginContext | undefined;
  const probe = definePlugin({ type: 'apiModule', name: 'sheet_probe', setup: (context) => void (ctx = context), create: () => ({}) });
  const kernel = bootKernel({ plugins: [probe] });
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const win = {
    document: {},
    location: { href: 'https://www.vendor.example/fr-fr/' },
    AbortController,
    fetch: (url: string, init: RequestInit) => (requests.push({ url, init }), answer(url, init)),
  } as unknown as Window & typeof globalThis;
  return { t: track('banner', { win, ctx: ctx!, meta: {} as never }), clock: kernel.clock, requests };
};

/** A body streamed in chunks of the given sizes. */
const streamed = (sizes: number[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of sizes) controller.enqueue(new TextEncoder().encode('a'.repeat(size)));
      controller.close();
    },
  });

/** A fetch that answers only when aborted (then rejects as the platform does). */
const never: Answer = (_url, init) =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

const LIMITS = { timeoutMs: 4000, maxBytes: 100 };

/** The platform's own fetch, for the tests against the loopback server. */
const platformFetch: Answer = (url, init) => fetch(url, init);

/** A loopback server answering `/exact` with exactly 100 bytes and their declared length. */
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const body = 'b'.repeat(LIMITS.maxBytes);
    if (request.url === '/exact') response.writeHead(200, { 'content-length': String(Buffer.byteLength(body)) }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A body given in the chunks of bytes listed, one chunk for each read. */
const chunked = (chunks: number[][]) => {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(new Uint8Array(chunks[next++]));
      else controller.close();
    },
  });
};

describe('sheet fetch', () => {
  it('WID-86 one GET without cookies to the address resolved against the page; the streamed answer is its text', async () => {
    const { t, requests } = setUp(async () => new Response(streamed([40, 60])));
    expect(await fetchSheet(t, '/sheets/events', LIMITS)).toBe('a'.repeat(100));
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('https://www.vendor.example/sheets/events');
    expect(requests[0].init).toMatchObject({ credentials: 'omit' });
    expect(requests[0].init.method).toBeUndefined();
  });

  it('an address that is not http(s) is refused without a request; an error status is named', async () => {
    const { t, requests } = setUp(async () => new Response('gone', { status: 503 }));
    await expect(fetchSheet(t, 'javascript:alert(1)', LIMITS)).rejects.toThrow('the address "javascript:alert(1)" is not an http(s) URL');
    expect(requests).toHaveLength(0);
    await expect(fetchSheet(t, 'https://sheets.example/x', LIMITS)).rejects.toThrow('the service answered 503');
  });

  it('an answer over the size limit is refused: by its declared length unread, or as soon as the stream passes the limit, which is then aborted', async () => {
    const declared = setUp(async () => new Response('small', { headers: { 'content-length': '101' } }));
    await expect(fetchSheet(declared.t, 'https://sheets.example/x', LIMITS)).rejects.toThrow('the answer is larger than 100 bytes');
    const growing = setUp(async () => new Response(streamed([60, 41, 1000])));
    await expect(fetchSheet(growing.t, 'https://sheets.example/x', LIMITS)).rejects.toThrow('the answer is larger than 100 bytes');
    expect(growing.requests[0].init.signal?.aborted).toBe(true);
    // Exactly at the limit is fine.
    const exact = setUp(async () => new Response(streamed([100])));
    await expect(fetchSheet(exact.t, 'https://sheets.example/x', LIMITS)).resolves.toHaveLength(100);
  });

  it('WID-86 an answer declaring exactly the size limit is read', async () => {
    const { t } = setUp(platformFetch);
    expect(await fetchSheet(t, `${origin}/exact`, LIMITS)).toBe('b'.repeat(LIMITS.maxBytes));
  });

  it('WID-86 a character whose bytes arrive in two chunks is read whole (café, 日本)', async () => {
    const bytes = [...new TextEncoder().encode('café 日本')];
    // "é" is bytes 3-4 and "日" bytes 6-8: each chunk ends inside a character.
    const { t } = setUp(async () => new Response(chunked([bytes.slice(0, 4), bytes.slice(4, 7), bytes.slice(7)])));
    expect(await fetchSheet(t, 'https://sheets.example/x', LIMITS)).toBe('café 日本');
  });

  it('WID-86 a fetch that has finished leaves no timer behind: the time limit passing later cuts nothing', async () => {
    const { t, clock, requests } = setUp(platformFetch);
    expect(await fetchSheet(t, `${origin}/exact`, LIMITS)).toHaveLength(LIMITS.maxBytes);
    expect(clock.pending()).toBe(0);
    clock.tick(LIMITS.timeoutMs);
    expect(requests[0].init.signal?.aborted).toBe(false);
  });

  it('a service that does not answer within the time limit is given up, with the limit in the message', async () => {
    const { t, clock, requests } = setUp(never);
    const result = fetchSheet(t, 'https://sheets.example/x', LIMITS).catch((error: Error) => error.message);
    clock.tick(3999);
    expect(requests[0].init.signal?.aborted).toBe(false);
    clock.tick(1);
    expect(await result).toBe('no answer within 4000 ms');
  });

  it('undoing the widget aborts a fetch still running', async () => {
    const { t, requests } = setUp(never);
    const result = fetchSheet(t, 'https://sheets.example/x', LIMITS).catch((error: Error) => error.name);
    t.undo();
    expect(requests[0].init.signal?.aborted).toBe(true);
    expect(await result).toBe('AbortError');
  });
});
